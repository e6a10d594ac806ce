/**
 * /admin/collections: every collection, newest first, with its product count. Its action deletes one,
 * after the confirmation of docs/requirements.md#13-forms-and-validation; its products stay, without a collection.
 */
import { data } from 'react-router';
import { CatalogCollectionTable } from '~/components/catalog/admin/catalog-collection-table';
import { CrudListPage } from '~/components/admin/crud/list';
import { COLLECTION_SCREEN } from '~/lib/catalog/admin-catalog';
import { adminMeta } from '~/lib/admin/admin-crud';
import { deleteCollection, listAdminCollections } from '~/server/catalog/admin-collections.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/collections';

export const meta = () => adminMeta('Collections');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rows = await listAdminCollections();
  const deletion = await deleteState(params, (id) => rows.find((row) => row.id === id)?.name ?? null);
  return data({ rows, ...deletion });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return deleteFromList(request, admin, COLLECTION_SCREEN, deleteCollection);
}

export default function AdminCollections({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudListPage
      screen={COLLECTION_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      count={loaderData.rows.length}
      empty={{
        title: 'No collections yet',
        text: 'Group products into a collection and it gets its own page in the shop.',
      }}
    >
      <CatalogCollectionTable rows={loaderData.rows} />
    </CrudListPage>
  );
}
