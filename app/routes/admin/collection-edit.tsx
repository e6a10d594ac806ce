/** /admin/collections/edit/:id: the collection form filled with the saved collection, and its delete button. */
import { data, Link, redirect } from 'react-router';
import { CatalogAdminError } from '~/components/admin/catalog-admin-error';
import { CatalogCollectionForm } from '~/components/admin/catalog-collection-form';
import { ConfirmDeleteButton } from '~/components/admin/catalog-confirm-delete';
import { formKey } from '~/components/admin/catalog-form-key';
import { CATALOG_MESSAGES, type CollectionFormState } from '~/lib/admin-catalog';
import { submitCollectionForm } from '~/server/admin/collection-form.server';
import { getCollection } from '~/server/admin/collections.server';
import { requireAdmin } from '~/server/auth.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/collection-edit';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.name ?? 'Edit collection'} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

async function collectionOr404(id: string) {
  const collection = await getCollection(id);
  if (!collection) throw data('Collection not found.', { status: 404, headers: NO_STORE });
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
  const outcome = await submitCollectionForm(request, admin, await collectionOr404(params.id));
  if (outcome.kind === 'saved') return redirect(`/admin/collections/edit/${outcome.id}?saved=1`, { headers: NO_STORE });
  if (outcome.kind === 'form') return data(outcome.state, { status: outcome.status, headers: NO_STORE });
  throw data('Unknown action.', { status: outcome.kind === 'not-found' ? 404 : 400, headers: NO_STORE });
}

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <section className="space-y-6">
      <Link
        to="/admin/collections"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        ← All collections
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Edit collection</h1>
        <Link
          to={`/collections/${loaderData.id}`}
          className="text-xs uppercase tracking-widest underline underline-offset-4"
        >
          View in the shop
        </Link>
      </div>
      <CatalogCollectionForm
        key={formKey(state)}
        state={state}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? CATALOG_MESSAGES.collectionSaved : undefined}
      />
      <div className="max-w-3xl border-t border-line pt-6">
        <h2 className="text-xs font-medium uppercase tracking-widest">Delete this collection</h2>
        <p className="mt-1 text-sm text-muted">Its products stay in the shop, without a collection.</p>
        <ConfirmDeleteButton
          action="/admin/collections"
          id={loaderData.id}
          name={loaderData.name}
          question={CATALOG_MESSAGES.confirmDeleteCollection}
          className="mt-3"
        />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogAdminError error={error} backHref="/admin/collections" backLabel="Back to collections" />;
}
