/** /admin/collections/new: the collection form; a save goes on to the collection's edit page. */
import { data } from 'react-router';
import { CatalogCollectionForm } from '~/components/catalog/admin/catalog-collection-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { blankCollectionValues, COLLECTION_SCREEN } from '~/lib/catalog/admin-catalog';
import { adminMeta } from '~/lib/admin/admin-crud';
import { submitCollectionForm } from '~/server/catalog/admin-collection-form.server';
import { formResponse } from '~/server/admin/crud.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/collection-new';

export const meta = () => adminMeta('Add collection');

export async function loader() {
  return data({ values: blankCollectionValues() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitCollectionForm(request, admin, null), COLLECTION_SCREEN);
}

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={COLLECTION_SCREEN}>
      <CatalogCollectionForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        image={null}
        answer={actionData}
        submitLabel="Create collection"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLLECTION_SCREEN} />;
}
