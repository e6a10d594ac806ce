/** /admin/products/new: the product form; a save goes on to the product's edit page. */
import { data } from 'react-router';
import { CatalogProductForm } from '~/components/catalog/admin/catalog-product-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PRODUCT_SCREEN } from '~/lib/catalog/admin-catalog';
import { blankProductValues } from '~/lib/catalog/admin-catalog-product';
import { adminMeta } from '~/lib/admin/admin-crud';
import { collectionOptions } from '~/server/catalog/admin-collections.server';
import { colourChoices } from '~/server/catalog/admin-colours.server';
import { sizeSetOptions } from '~/server/catalog/admin-size-sets.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitProductForm } from '~/server/catalog/admin-product-form.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/product-new';

export const meta = () => adminMeta('Add product');

export async function loader() {
  const [collections, sizeSets, colours] = await Promise.all([collectionOptions(), sizeSetOptions(), colourChoices()]);
  return data({ collections, sizeSets, colours, values: blankProductValues({ sizeSets }) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitProductForm(request, admin, null), PRODUCT_SCREEN);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={PRODUCT_SCREEN}>
      <CatalogProductForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        images={[]}
        answer={actionData}
        collections={loaderData.collections}
        sizeSets={loaderData.sizeSets}
        colours={loaderData.colours}
        submitLabel="Create product"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PRODUCT_SCREEN} />;
}
