/**
 * /admin/products/edit/:id: the product form filled with the saved product, and its delete button. A save
 * changes the product only; orders keep the name and price they were placed at.
 */
import { data } from 'react-router';
import { CatalogProductForm } from '~/components/catalog/admin/catalog-product-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PRODUCT_SCREEN } from '~/lib/catalog/admin-catalog';
import { valuesFromProduct } from '~/lib/catalog/admin-catalog-product';
import { adminMeta } from '~/lib/admin/admin-crud';
import { collectionOptions } from '~/server/catalog/admin-collections.server';
import { colourChoices } from '~/server/catalog/admin-colours.server';
import { variantSkus } from '~/server/catalog/admin-product-variants.server';
import { sizeSetOptions } from '~/server/catalog/admin-size-sets.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitProductForm } from '~/server/catalog/admin-product-form.server';
import { adminOf } from '~/server/accounts/guards.server';
import { waitingPerVariant } from '~/server/back-in-stock/requests.server';
import { getProduct } from '~/server/catalog/product.server';
import type { Route } from './+types/product-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit product');

const productOr404 = async (id: string) => foundOr404(await getProduct(id), PRODUCT_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const [product, collections, waiting, sizeSets, skus, colours] = await Promise.all([
    productOr404(params.id),
    collectionOptions(),
    waitingPerVariant(params.id),
    sizeSetOptions(),
    variantSkus(params.id),
    colourChoices(),
  ]);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({
    id: product.id,
    name: product.name,
    collections,
    sizeSets,
    colours,
    values: valuesFromProduct(product, skus),
    images: product.images,
    waiting,
    saved,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const product = await productOr404(params.id);
  return formResponse(await submitProductForm(request, admin, product), PRODUCT_SCREEN);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={PRODUCT_SCREEN}
      record={loaderData}
      viewHref={`/product/${loaderData.id}`}
      deleteHint="It leaves the shop, carts and wishlists at once. Orders that include it keep showing what was bought."
    >
      <CatalogProductForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        images={loaderData.images}
        answer={actionData}
        collections={loaderData.collections}
        sizeSets={loaderData.sizeSets}
        colours={loaderData.colours}
        waiting={loaderData.waiting}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? PRODUCT_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PRODUCT_SCREEN} />;
}
