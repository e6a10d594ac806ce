/**
 * /admin/products/edit/:id: the product form filled with the saved product, and its delete button. A save
 * changes the product only; orders keep the name and price they were placed at.
 */
import { data, Link, redirect } from 'react-router';
import { CatalogAdminError } from '~/components/admin/catalog-admin-error';
import { ConfirmDeleteButton } from '~/components/admin/catalog-confirm-delete';
import { formKey } from '~/components/admin/catalog-form-key';
import { CatalogProductForm } from '~/components/admin/catalog-product-form';
import { CATALOG_MESSAGES } from '~/lib/admin-catalog';
import { valuesFromProduct, type ProductFormState } from '~/lib/admin-catalog-product';
import { collectionOptions } from '~/server/admin/collections.server';
import { submitProductForm } from '~/server/admin/product-form.server';
import { requireAdmin } from '~/server/auth.server';
import { getProduct } from '~/server/product.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/product-edit';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.name ?? 'Edit product'} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

async function productOr404(id: string) {
  const product = await getProduct(id);
  if (!product) throw data('Product not found.', { status: 404, headers: NO_STORE });
  return product;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [product, collections] = await Promise.all([productOr404(params.id), collectionOptions()]);
  const state: ProductFormState = {
    values: valuesFromProduct(product),
    images: product.images,
    fieldErrors: {},
    uploadErrors: [],
  };
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ id: product.id, name: product.name, collections, state, saved }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const product = await productOr404(params.id);
  const outcome = await submitProductForm(request, admin, {
    id: product.id,
    values: valuesFromProduct(product),
    images: product.images,
  });
  if (outcome.kind === 'saved') return redirect(`/admin/products/edit/${outcome.id}?saved=1`, { headers: NO_STORE });
  if (outcome.kind === 'form') return data(outcome.state, { status: outcome.status, headers: NO_STORE });
  throw data('Unknown action.', { status: outcome.kind === 'not-found' ? 404 : 400, headers: NO_STORE });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <section className="space-y-6">
      <Link
        to="/admin/products"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        ← All products
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Edit product</h1>
        <Link
          to={`/product/${loaderData.id}`}
          className="text-xs uppercase tracking-widest underline underline-offset-4"
        >
          View in the shop
        </Link>
      </div>
      <CatalogProductForm
        key={formKey(state)}
        state={state}
        collections={loaderData.collections}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? CATALOG_MESSAGES.productSaved : undefined}
      />
      <div className="max-w-3xl border-t border-line pt-6">
        <h2 className="text-xs font-medium uppercase tracking-widest">Delete this product</h2>
        <p className="mt-1 text-sm text-muted">
          It leaves the shop, carts and wishlists at once. Orders that include it keep showing what was bought.
        </p>
        <ConfirmDeleteButton
          action="/admin/products"
          id={loaderData.id}
          name={loaderData.name}
          question={CATALOG_MESSAGES.confirmDeleteProduct}
          className="mt-3"
        />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogAdminError error={error} backHref="/admin/products" backLabel="Back to products" />;
}
