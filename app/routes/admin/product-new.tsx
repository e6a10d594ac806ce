/** /admin/products/new: the product form; a save goes on to the product's edit page. */
import { data, Link, redirect } from 'react-router';
import { CatalogAdminError } from '~/components/admin/catalog-admin-error';
import { formKey } from '~/components/admin/catalog-form-key';
import { CatalogProductForm } from '~/components/admin/catalog-product-form';
import { blankProductValues, type ProductFormState } from '~/lib/admin-catalog-product';
import { collectionOptions } from '~/server/admin/collections.server';
import { submitProductForm } from '~/server/admin/product-form.server';
import { requireAdmin } from '~/server/auth.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/product-new';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta() {
  return [{ title: 'Add product · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state: ProductFormState = { values: blankProductValues(), images: [], fieldErrors: {}, uploadErrors: [] };
  return data({ collections: await collectionOptions(), state }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const outcome = await submitProductForm(request, admin, null);
  if (outcome.kind === 'saved') return redirect(`/admin/products/edit/${outcome.id}?saved=1`, { headers: NO_STORE });
  if (outcome.kind === 'form') return data(outcome.state, { status: outcome.status, headers: NO_STORE });
  throw data('Unknown action.', { status: outcome.kind === 'not-found' ? 404 : 400, headers: NO_STORE });
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <section className="space-y-6">
      <Link
        to="/admin/products"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        ← All products
      </Link>
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Add product</h1>
      <CatalogProductForm
        key={formKey(state)}
        state={state}
        collections={loaderData.collections}
        submitLabel="Create product"
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogAdminError error={error} backHref="/admin/products" backLabel="Back to products" />;
}
