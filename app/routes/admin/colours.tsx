/**
 * /admin/colours (decision 0034): every colour with its swatch and how many products use it. Its action deletes one,
 * after the confirmation of docs/requirements.md#13-forms-and-validation, and only while no product uses it.
 */
import { data } from 'react-router';
import { CrudListPage } from '~/components/admin/crud/list';
import { CatalogColourTable } from '~/components/catalog/admin/catalog-colour-table';
import { adminMeta } from '~/lib/admin/admin-crud';
import { COLOUR_SCREEN } from '~/lib/catalog/admin-colours';
import { adminOf } from '~/server/accounts/guards.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { deleteColour, listAdminColours } from '~/server/catalog/admin-colours.server';
import type { Route } from './+types/colours';

export const meta = () => adminMeta('Colours');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rows = await listAdminColours();
  const deletion = await deleteState(params, (id) => rows.find((row) => row.id === id)?.name ?? null);
  return data({ rows, ...deletion });
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteFromList(request, adminOf(context), COLOUR_SCREEN, deleteColour);
}

export default function AdminColours({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudListPage
      screen={COLOUR_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      count={loaderData.rows.length}
      empty={{ title: 'No colours yet', text: 'Add the colours your products come in, each with its swatch.' }}
    >
      <CatalogColourTable rows={loaderData.rows} />
      <p className="mt-3 text-sm text-muted">
        A colour products use keeps its name (orders keep it) and cannot be deleted; its swatch can always change.
      </p>
    </CrudListPage>
  );
}
