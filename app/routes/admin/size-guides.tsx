/**
 * /admin/size-guides (decision 0034): every size guide, size sets' first, with its measurements and sizes. Its action
 * deletes one, after the confirmation of docs/requirements.md#13-forms-and-validation; products keep their fit notes.
 */
import { data } from 'react-router';
import { CatalogSizeGuideTable } from '~/components/catalog/admin/catalog-size-guide-table';
import { CrudListPage } from '~/components/admin/crud/list';
import { adminMeta } from '~/lib/admin/admin-crud';
import { SIZE_GUIDE_SCREEN } from '~/lib/catalog/admin-size-guides';
import { adminOf } from '~/server/accounts/guards.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { deleteSizeGuide, listSizeGuides } from '~/server/catalog/admin-size-guides.server';
import type { Route } from './+types/size-guides';

export const meta = () => adminMeta('Size guides');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rows = await listSizeGuides();
  const deletion = await deleteState(params, (id) => rows.find((row) => row.id === id)?.name ?? null);
  return data({ rows, ...deletion });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return deleteFromList(request, admin, SIZE_GUIDE_SCREEN, deleteSizeGuide);
}

export default function AdminSizeGuides({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudListPage
      screen={SIZE_GUIDE_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      count={loaderData.rows.length}
      empty={{
        title: 'No size guides yet',
        text:
          'Write a table of measurements for a size set or a category, and its product pages link to it beside ' +
          'the sizes.',
      }}
    >
      <CatalogSizeGuideTable rows={loaderData.rows} />
    </CrudListPage>
  );
}
