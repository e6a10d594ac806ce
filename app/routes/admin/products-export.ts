/**
 * /admin/products/export: the whole catalog as the catalog CSV (decision 0041), streamed a page of products at a
 * time; cells neutralised against spreadsheet formulas as the orders CSV's are.
 */
import { csvFileName, csvHeaders } from '~/lib/admin/admin-csv';
import { catalogCsvStream } from '~/server/catalog/catalog-csv-export.server';

export function loader() {
  return new Response(catalogCsvStream(), { headers: csvHeaders(csvFileName('products')) });
}
