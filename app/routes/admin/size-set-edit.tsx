/** /admin/size-sets/edit/:id: the size set form filled with the saved set, and its delete button. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { CatalogSizeSetForm } from '~/components/catalog/admin/catalog-size-set-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { SIZE_SET_SCREEN, sizeSetToForm } from '~/lib/catalog/admin-size-sets';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitSizeSetForm } from '~/server/catalog/admin-size-set-form.server';
import { getSizeSet } from '~/server/catalog/admin-size-sets.server';
import type { Route } from './+types/size-set-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit size set');

const sizeSetOr404 = async (id: string) => foundOr404(await getSizeSet(id), SIZE_SET_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const set = await sizeSetOr404(params.id);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ id: set.id, name: set.name, isDefault: set.isDefault, values: sizeSetToForm(set), saved });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const set = await sizeSetOr404(params.id);
  return formResponse(await submitSizeSetForm(request, adminOf(context), set), SIZE_SET_SCREEN);
}

export default function EditSizeSet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={SIZE_SET_SCREEN}
      record={loaderData}
      deleteHint="Only a set no product uses, and not the default set, can be deleted."
    >
      <CatalogSizeSetForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        isDefault={loaderData.isDefault}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? SIZE_SET_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={SIZE_SET_SCREEN} />;
}
