/** /admin/size-sets/new: the size set form; a save goes on to the set's edit page. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { CatalogSizeSetForm } from '~/components/catalog/admin/catalog-size-set-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { blankSizeSetValues, SIZE_SET_SCREEN } from '~/lib/catalog/admin-size-sets';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitSizeSetForm } from '~/server/catalog/admin-size-set-form.server';
import type { Route } from './+types/size-set-new';

export const meta = () => adminMeta('Add size set');

export async function loader() {
  return data({ values: blankSizeSetValues() });
}

export async function action({ request, context }: Route.ActionArgs) {
  return formResponse(await submitSizeSetForm(request, adminOf(context), null), SIZE_SET_SCREEN);
}

export default function NewSizeSet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={SIZE_SET_SCREEN}>
      <CatalogSizeSetForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel="Create size set"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={SIZE_SET_SCREEN} />;
}
