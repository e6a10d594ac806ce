/**
 * The rows of /admin/products: thumbnail, name and the first 50 characters of the description, price, stock,
 * actions.
 */
import { PRODUCT_LIST_DESCRIPTION_CHARS, PRODUCT_SCREEN, cutText } from '~/lib/catalog/admin-catalog';
import { isSoldOut, LOW_STOCK_THRESHOLD, stockSummary, type AdminProductRow } from '~/lib/catalog/admin-catalog-query';
import { formatNaira } from '~/lib/money';
import { CatalogThumbnail } from './catalog-thumbnail';
import { CrudEditLink, CrudTable, type CrudColumn } from '../../admin/crud/list';

export type CatalogProductRow = Omit<AdminProductRow, 'createdAt'>;

const columns: CrudColumn<CatalogProductRow>[] = [
  { header: 'Image', cell: (row) => <CatalogThumbnail image={row.image} alt={row.name} /> },
  {
    header: 'Product',
    rowHeader: true,
    cell: (row) => (
      <>
        <CrudEditLink screen={PRODUCT_SCREEN} row={row} />
        {row.featured ? (
          <span className="ml-2 border border-ink px-1 text-[0.65rem] uppercase tracking-widest">Featured</span>
        ) : null}
        <p className="mt-1 text-muted">{cutText(row.description, PRODUCT_LIST_DESCRIPTION_CHARS)}</p>
      </>
    ),
  },
  {
    header: 'Category',
    cell: (row) => (
      <>
        {row.category}
        {row.collectionName ? <p className="mt-1 text-muted">{row.collectionName}</p> : null}
      </>
    ),
  },
  { header: 'Price', cell: (row) => formatNaira(row.price), className: () => 'whitespace-nowrap' },
  {
    header: 'Stock',
    cell: (row) => stockSummary(row.stock),
    className: (row) => (isSoldOut(row.stock) ? 'text-sale' : ''),
  },
];

export function CatalogProductTable({ rows, back }: { rows: CatalogProductRow[]; back: string }) {
  return (
    <CrudTable
      screen={PRODUCT_SCREEN}
      caption="Products, newest first"
      minWidthClass="min-w-[760px]"
      columns={columns}
      rows={rows}
      back={back}
      footer={
        <p className="mt-2 text-xs text-muted">
          Low stock means a size and colour with {LOW_STOCK_THRESHOLD} or fewer left.
        </p>
      }
    />
  );
}
