/**
 * "Export CSV" of /admin/products (decision 0041): every product as one row of the catalog CSV, streamed a page of
 * products at a time (in order of code), so a catalog of 10,000 products is never held whole in memory, nor twice.
 * Cells go through csv-stringify (quoting) after the orders CSV's neutralising of formulas (admin-csv.ts).
 */
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { koboToNairaText, neutralised } from '~/lib/admin/admin-csv';
import {
  CSV_COLUMNS,
  imageCellText,
  listCell,
  stockCellText,
  yesNo,
  type CsvStockCell,
} from '~/lib/catalog/catalog-csv';
import { db } from '../db.server';
import { checkedRows } from '../sql-rows.server';

export const EXPORT_PAGE_SIZE = 500;

const exportRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  collection: z.string().nullable(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  sizeSet: z.string(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  featured: z.boolean(),
  inStock: z.boolean(),
  fitNote: z.string(),
  dropsAt: z.string().nullable(),
  dropCap: z.number().nullable(),
  variants: z.array(z.object({ size: z.string(), color: z.string(), stock: z.number().nullable() })),
  images: z.array(z.object({ key: z.string(), width: z.number(), height: z.number() })),
});
type ExportRow = z.infer<typeof exportRow>;

/** One page of products after `after` (by code), each with its variants and images. */
async function exportPage(after: string): Promise<ExportRow[]> {
  const rows = await db().execute(sql`
    select p.id, p.name, p.description, p.category, c.name as collection, p.price,
      p.compare_at_price as "compareAtPrice", s.name as "sizeSet", p.sizes, p.colors, p.featured,
      p.in_stock as "inStock", p.fit_note as "fitNote", to_json(p.drops_at) #>> '{}' as "dropsAt",
      p.drop_cap as "dropCap",
      coalesce((select json_agg(json_build_object('size', v.size, 'color', v.color, 'stock', v.stock))
        from product_variants v where v.product_id = p.id), '[]'::json) as variants,
      coalesce((select json_agg(json_build_object('key', i.key, 'width', i.width, 'height', i.height)
          order by i.position, i.id)
        from product_images i where i.product_id = p.id), '[]'::json) as images
    from products p
    join size_sets s on s.id = p.size_set_id
    left join collections c on c.id = p.collection_id
    where p.id > ${after}
    order by p.id
    limit ${EXPORT_PAGE_SIZE}`);
  return checkedRows(exportRow, rows);
}

/** The product's grid in its own order, each cell with the stock its variant row holds (none: not tracked). */
function gridStock(row: ExportRow): CsvStockCell[] {
  const stockOf = new Map(row.variants.map((v) => [`${v.size}|${v.color}`, v.stock]));
  return (row.sizes.length ? row.sizes : ['']).flatMap((size) =>
    (row.colors.length ? row.colors : ['']).map((color) => ({
      size,
      color,
      stock: stockOf.get(`${size}|${color}`) ?? null,
    })),
  );
}

function csvValues(row: ExportRow): string[] {
  return [
    row.id,
    row.name,
    row.description,
    row.category,
    row.collection ?? '',
    koboToNairaText(row.price),
    row.compareAtPrice === null ? '' : koboToNairaText(row.compareAtPrice),
    row.sizeSet,
    listCell(row.sizes),
    listCell(row.colors),
    stockCellText(gridStock(row)),
    yesNo(row.featured),
    yesNo(row.inStock),
    imageCellText(row.images),
    row.fitNote,
    row.dropsAt ? new Date(row.dropsAt).toISOString() : '',
    row.dropCap === null ? '' : String(row.dropCap),
  ].map(neutralised);
}

const csvLines = (records: string[][]) => stringify(records, { record_delimiter: '\r\n' });

/** The whole catalog as CSV text, page by page (a byte-order mark first, so spreadsheets read UTF-8). */
export async function* catalogCsvChunks(): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([[...CSV_COLUMNS]])}`;
  let after = '';
  for (;;) {
    const page = await exportPage(after);
    if (!page.length) return;
    yield csvLines(page.map(csvValues));
    after = page[page.length - 1].id;
    if (page.length < EXPORT_PAGE_SIZE) return;
  }
}

/** The export as a stream of bytes for a download's body. */
export function catalogCsvStream(): ReadableStream<Uint8Array> {
  const chunks = catalogCsvChunks();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
