/** The rows of /admin/products: thumbnail, name and the first 50 characters of the description, price, stock, actions. */
import { Link } from 'react-router';
import { CATALOG_MESSAGES, PRODUCT_LIST_DESCRIPTION_CHARS, cutText } from '~/lib/admin-catalog';
import { isSoldOut, LOW_STOCK_THRESHOLD, stockSummary, type StockFigures } from '~/lib/admin-catalog-query';
import type { StoredImage } from '~/lib/images';
import { formatNaira } from '~/lib/money';
import { ConfirmDeleteButton } from './catalog-confirm-delete';
import { CatalogThumbnail } from './catalog-thumbnail';

export type CatalogProductRow = {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
  collectionName: string | null;
  featured: boolean;
  image: StoredImage | null;
  stock: StockFigures;
};

const cell = 'border-b border-line px-3 py-3 align-top';
const head = 'border-b border-ink px-3 py-2 text-left text-xs font-medium uppercase tracking-widest';

export function CatalogProductTable({ rows, back }: { rows: CatalogProductRow[]; back: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[760px] border-collapse text-sm">
        <caption className="sr-only">Products, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Image
            </th>
            <th scope="col" className={head}>
              Product
            </th>
            <th scope="col" className={head}>
              Category
            </th>
            <th scope="col" className={head}>
              Price
            </th>
            <th scope="col" className={head}>
              Stock
            </th>
            <th scope="col" className={head}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cell}>
                <CatalogThumbnail image={row.image} alt={row.name} />
              </td>
              <th scope="row" className={`${cell} text-left font-normal`}>
                <Link to={`/admin/products/edit/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                  {row.name}
                </Link>
                {row.featured ? (
                  <span className="ml-2 border border-ink px-1 text-[0.65rem] uppercase tracking-widest">Featured</span>
                ) : null}
                <p className="mt-1 text-muted">{cutText(row.description, PRODUCT_LIST_DESCRIPTION_CHARS)}</p>
              </th>
              <td className={cell}>
                {row.category}
                {row.collectionName ? <p className="mt-1 text-muted">{row.collectionName}</p> : null}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatNaira(row.price)}</td>
              <td className={`${cell} ${isSoldOut(row.stock) ? 'text-sale' : ''}`}>{stockSummary(row.stock)}</td>
              <td className={cell}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/products/edit/${row.id}`}
                    aria-label={`Edit ${row.name}`}
                    className="border border-ink px-3 py-2 text-xs uppercase tracking-widest"
                  >
                    Edit
                  </Link>
                  <ConfirmDeleteButton
                    action="/admin/products"
                    id={row.id}
                    name={row.name}
                    question={CATALOG_MESSAGES.confirmDeleteProduct}
                    back={back}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted">
        Low stock means a size and colour with {LOW_STOCK_THRESHOLD} or fewer left.
      </p>
    </div>
  );
}
