/**
 * /admin/size-sets (decision 0034): every size set in the product form's order, with its sizes, how many products use
 * it and which is the default. Its action deletes a set, after the confirmation of
 * docs/requirements.md#13-forms-and-validation; the default set and a set products use are refused, with why.
 */
import { data } from 'react-router';
import { CrudListPage } from '~/components/admin/crud/list';
import { CatalogSizeSetTable } from '~/components/catalog/admin/catalog-size-set-table';
import { adminMeta } from '~/lib/admin/admin-crud';
import { SIZE_SET_SCREEN } from '~/lib/catalog/admin-size-sets';
import { adminOf } from '~/server/accounts/guards.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { deleteSizeSet, getSizeSetName, listSizeSets } from '~/server/catalog/admin-size-sets.server';
import type { Route } from './+types/size-sets';

export const meta = () => adminMeta('Size sets');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const [rows, deletion] = await Promise.all([listSizeSets(), deleteState(params, getSizeSetName)]);
  return data({ rows, ...deletion });
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteFromList(request, adminOf(context), SIZE_SET_SCREEN, deleteSizeSet);
}

export default function AdminSizeSets({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudListPage
      screen={SIZE_SET_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      count={loaderData.rows.length}
      empty={{ title: 'No size sets yet', text: 'Add a set of sizes (clothing, shoes, waist…) for products to use.' }}
    >
      <CatalogSizeSetTable rows={loaderData.rows} />
      <p className="mt-3 text-sm text-muted">
        A product uses one set and is sold in any of its sizes. The default set is where a new product starts.
      </p>
    </CrudListPage>
  );
}
