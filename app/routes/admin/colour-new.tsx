/** /admin/colours/new: the colour form; a save goes on to the colour's edit page. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { CatalogColourForm } from '~/components/catalog/admin/catalog-colour-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { blankColourValues, COLOUR_SCREEN } from '~/lib/catalog/admin-colours';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitColourForm } from '~/server/catalog/admin-colour-form.server';
import type { Route } from './+types/colour-new';

export const meta = () => adminMeta('Add colour');

export async function loader() {
  return data({ values: blankColourValues() });
}

export async function action({ request, context }: Route.ActionArgs) {
  return formResponse(await submitColourForm(request, adminOf(context), null), COLOUR_SCREEN);
}

export default function NewColour({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={COLOUR_SCREEN}>
      <CatalogColourForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel="Create colour"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLOUR_SCREEN} />;
}
