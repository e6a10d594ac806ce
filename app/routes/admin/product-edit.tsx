/**
 * /admin/products/edit/:id: the product form filled with the saved product, and its delete button. A save
 * changes the product only; orders keep the name and price they were placed at.
 */
import { data } from 'react-router';
import { CatalogProductForm } from '~/components/admin/catalog-product-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PRODUCT_SCREEN } from '~/lib/admin-catalog';
import { valuesFromProduct, type ProductFormState } from '~/lib/admin-catalog-product';
import { adminHeaders, adminMeta, NO_STORE } from '~/lib/admin-crud';
import { collectionOptions } from '~/server/admin/collections.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitProductForm } from '~/server/admin/product-form.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { getProduct } from '~/server/catalog/product.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/product-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit product');
export const headers: Route.HeadersFunction = adminHeaders;

const productOr404 = async (id: string) => foundOr404(await getProduct(id), PRODUCT_SCREEN);

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
  const existing = { id: product.id, values: valuesFromProduct(product), images: product.images };
  return formResponse(await submitProductForm(request, admin, existing), PRODUCT_SCREEN);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <CrudFormPage
      screen={PRODUCT_SCREEN}
      record={loaderData}
      viewHref={`/product/${loaderData.id}`}
      deleteHint="It leaves the shop, carts and wishlists at once. Orders that include it keep showing what was bought."
    >
      <CatalogProductForm
        key={formKey(state)}
        state={state}
        collections={loaderData.collections}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? PRODUCT_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PRODUCT_SCREEN} />;
}
