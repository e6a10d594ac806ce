/** /admin/collections/new: the collection form; a save goes on to the collection's edit page. */
import { data, Link, redirect } from 'react-router';
import { CatalogAdminError } from '~/components/admin/catalog-admin-error';
import { CatalogCollectionForm } from '~/components/admin/catalog-collection-form';
import { formKey } from '~/components/admin/catalog-form-key';
import { blankCollectionValues, type CollectionFormState } from '~/lib/admin-catalog';
import { submitCollectionForm } from '~/server/admin/collection-form.server';
import { requireAdmin } from '~/server/auth.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/collection-new';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta() {
  return [{ title: 'Add collection · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

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
  const outcome = await submitCollectionForm(request, admin, null);
  if (outcome.kind === 'saved') return redirect(`/admin/collections/edit/${outcome.id}?saved=1`, { headers: NO_STORE });
  if (outcome.kind === 'form') return data(outcome.state, { status: outcome.status, headers: NO_STORE });
  throw data('Unknown action.', { status: outcome.kind === 'not-found' ? 404 : 400, headers: NO_STORE });
}

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <section className="space-y-6">
      <Link
        to="/admin/collections"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        ← All collections
      </Link>
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Add collection</h1>
      <CatalogCollectionForm key={formKey(state)} state={state} submitLabel="Create collection" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogAdminError error={error} backHref="/admin/collections" backLabel="Back to collections" />;
}
