/** /admin/collections/edit/:id: the collection form filled with the saved collection, and its delete button. */
import { data } from 'react-router';
import { CatalogCollectionForm } from '~/components/admin/catalog-collection-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { COLLECTION_SCREEN, type CollectionFormState } from '~/lib/admin-catalog';
import { adminHeaders, adminMeta, NO_STORE } from '~/lib/admin-crud';
import { submitCollectionForm } from '~/server/admin/collection-form.server';
import { getCollection } from '~/server/admin/collections.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/collection-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit collection');
export const headers: Route.HeadersFunction = adminHeaders;

async function collectionOr404(id: string) {
  const collection = foundOr404(await getCollection(id), COLLECTION_SCREEN);
  return {
    id: collection.id,
    values: { name: collection.name, description: collection.description, featured: collection.featured },
    image: collection.image,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const existing = await collectionOr404(params.id);
  const state: CollectionFormState = {
    values: existing.values,
    image: existing.image,
    fieldErrors: {},
    uploadErrors: [],
  };
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ id: existing.id, name: existing.values.name, state, saved }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return formResponse(await submitCollectionForm(request, admin, await collectionOr404(params.id)), COLLECTION_SCREEN);
}

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <CrudFormPage
      screen={COLLECTION_SCREEN}
      record={loaderData}
      viewHref={`/collections/${loaderData.id}`}
      deleteHint="Its products stay in the shop, without a collection."
    >
      <CatalogCollectionForm
        key={formKey(state)}
        state={state}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? COLLECTION_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLLECTION_SCREEN} />;
}
