/** The rows of /admin/collections: image, name and the first 100 characters of the description, featured, product count, actions. */
import { Link } from 'react-router';
import { CATALOG_MESSAGES, COLLECTION_LIST_DESCRIPTION_CHARS, cutText } from '~/lib/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { ConfirmDeleteButton } from './catalog-confirm-delete';
import { CatalogThumbnail } from './catalog-thumbnail';

export type CatalogCollectionRow = {
  id: string;
  name: string;
  description: string;
  image: StoredImage | null;
  featured: boolean;
  productCount: number;
};

const cell = 'border-b border-line px-3 py-3 align-top';
const head = 'border-b border-ink px-3 py-2 text-left text-xs font-medium uppercase tracking-widest';

export function CatalogCollectionTable({ rows }: { rows: CatalogCollectionRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[680px] border-collapse text-sm">
        <caption className="sr-only">Collections, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Image
            </th>
            <th scope="col" className={head}>
              Collection
            </th>
            <th scope="col" className={head}>
              Featured
            </th>
            <th scope="col" className={head}>
              Products
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
                <Link
                  to={`/admin/collections/edit/${row.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
                <p className="mt-1 text-muted">{cutText(row.description, COLLECTION_LIST_DESCRIPTION_CHARS)}</p>
              </th>
              <td className={cell}>{row.featured ? 'Yes' : 'No'}</td>
              <td className={cell}>
                <Link
                  to={`/admin/products?collection=${row.id}`}
                  className="underline underline-offset-4"
                  aria-label={`${row.productCount} products in ${row.name}`}
                >
                  {row.productCount.toLocaleString('en-NG')}
                </Link>
              </td>
              <td className={cell}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/collections/edit/${row.id}`}
                    aria-label={`Edit ${row.name}`}
                    className="border border-ink px-3 py-2 text-xs uppercase tracking-widest"
                  >
                    Edit
                  </Link>
                  <ConfirmDeleteButton
                    action="/admin/collections"
                    id={row.id}
                    name={row.name}
                    question={CATALOG_MESSAGES.confirmDeleteCollection}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
