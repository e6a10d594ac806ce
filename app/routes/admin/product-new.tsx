/** /admin/products/new: the product form; a save goes on to the product's edit page. */
import { data } from 'react-router';
import { CatalogProductForm } from '~/components/admin/catalog-product-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PRODUCT_SCREEN } from '~/lib/admin-catalog';
import { blankProductValues, type ProductFormState } from '~/lib/admin-catalog-product';
import { adminHeaders, adminMeta, NO_STORE } from '~/lib/admin-crud';
import { collectionOptions } from '~/server/admin/collections.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitProductForm } from '~/server/admin/product-form.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/product-new';

export const meta = () => adminMeta('Add product');
export const headers: Route.HeadersFunction = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state: ProductFormState = { values: blankProductValues(), images: [], fieldErrors: {}, uploadErrors: [] };
  return data({ collections: await collectionOptions(), state }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return formResponse(await submitProductForm(request, admin, null), PRODUCT_SCREEN);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.state;
  return (
    <CrudFormPage screen={PRODUCT_SCREEN}>
      <CatalogProductForm
        key={formKey(state)}
        state={state}
        collections={loaderData.collections}
        submitLabel="Create product"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PRODUCT_SCREEN} />;
}
