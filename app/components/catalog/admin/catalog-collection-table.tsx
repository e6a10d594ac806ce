/**
 * The rows of /admin/collections: image, name and the first 100 characters of the description, featured, product
 * count, actions.
 */
import { Link } from 'react-router';
import {
  COLLECTION_LIST_DESCRIPTION_CHARS,
  COLLECTION_SCREEN,
  cutText,
  type AdminCollectionRow,
} from '~/lib/catalog/admin-catalog';
import { CatalogThumbnail } from './catalog-thumbnail';
import { CrudEditLink, CrudTable, type CrudColumn } from '../../admin/crud/list';

export type CatalogCollectionRow = Omit<AdminCollectionRow, 'createdAt'>;

const columns: CrudColumn<CatalogCollectionRow>[] = [
  { header: 'Image', cell: (row) => <CatalogThumbnail image={row.image} alt={row.name} /> },
  {
    header: 'Collection',
    rowHeader: true,
    cell: (row) => (
      <>
        <CrudEditLink screen={COLLECTION_SCREEN} row={row} />
        <p className="mt-1 text-muted">{cutText(row.description, COLLECTION_LIST_DESCRIPTION_CHARS)}</p>
      </>
    ),
  },
  { header: 'Featured', cell: (row) => (row.featured ? 'Yes' : 'No') },
  {
    header: 'Products',
    cell: (row) => (
      <Link
        to={`/admin/products?collection=${row.id}`}
        className="inline-flex min-h-11 items-center underline underline-offset-4"
        aria-label={`${row.productCount.toLocaleString('en-NG')} products in ${row.name}`}
      >
        {row.productCount.toLocaleString('en-NG')}
      </Link>
    ),
  },
];

export function CatalogCollectionTable({ rows }: { rows: CatalogCollectionRow[] }) {
  return (
    <CrudTable
      screen={COLLECTION_SCREEN}
      caption="Collections, newest first"
      minWidthClass="min-w-[680px]"
      columns={columns}
      rows={rows}
    />
  );
}
