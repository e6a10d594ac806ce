/** /admin/collections/new: the collection form; a save goes on to the collection's edit page. */
import { data } from 'react-router';
import { CatalogCollectionForm } from '~/components/admin/catalog-collection-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { blankCollectionValues, COLLECTION_SCREEN, type CollectionFormState } from '~/lib/admin-catalog';
import { adminHeaders, adminMeta, NO_STORE } from '~/lib/admin-crud';
import { submitCollectionForm } from '~/server/admin/collection-form.server';
import { formResponse } from '~/server/admin/crud.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/collection-new';

export const meta = () => adminMeta('Add collection');
export const headers: Route.HeadersFunction = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state: CollectionFormState = {
    values: blankCollectionValues(),
    image: null,
    fieldErrors: {},
    uploadErrors: [],
  };
  return data({ state }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return formResponse(await submitCollectionForm(request, admin, null), COLLECTION_SCREEN);
}

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <CrudFormPage screen={COLLECTION_SCREEN}>
      <CatalogCollectionForm key={formKey(state)} state={state} submitLabel="Create collection" />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLLECTION_SCREEN} />;
}
