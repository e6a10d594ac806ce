/** /admin/collections/edit/:id: the collection form filled with the saved collection, and its delete button. */
import { data } from 'react-router';
import { CatalogCollectionForm } from '~/components/catalog/admin/catalog-collection-form';
import { CatalogCollectionSale } from '~/components/catalog/admin/catalog-collection-sale';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { COLLECTION_SCREEN } from '~/lib/catalog/admin-catalog';
import { SALE_PARAM, saleNoticeText } from '~/lib/catalog/admin-sale-price';
import { adminMeta } from '~/lib/admin/admin-crud';
import { lagosInputValue } from '~/lib/catalog/drops';
import { submitCollectionForm } from '~/server/catalog/admin-collection-form.server';
import { getCollection } from '~/server/catalog/admin-collections.server';
import { collectionSaleCounts } from '~/server/catalog/admin-collection-sale.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/collection-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit collection');

const collectionOr404 = async (id: string) => foundOr404(await getCollection(id), COLLECTION_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const collection = await collectionOr404(params.id);
  const search = new URL(request.url).searchParams;
  const saved = search.get('saved') === '1';
  return data({
    id: collection.id,
    name: collection.name,
    values: {
      name: collection.name,
      description: collection.description,
      featured: collection.featured,
      dropsAt: lagosInputValue(collection.dropsAt),
    },
    image: collection.image,
    saved,
    sale: { counts: await collectionSaleCounts(collection.id), notice: saleNoticeText(search.get(SALE_PARAM)) },
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitCollectionForm(request, admin, await collectionOr404(params.id)), COLLECTION_SCREEN);
}

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={COLLECTION_SCREEN}
      record={loaderData}
      viewHref={`/collections/${loaderData.id}`}
      deleteHint="Its products stay in the shop, without a collection."
    >
      <CatalogCollectionForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        image={loaderData.image}
        answer={actionData}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? COLLECTION_SCREEN.messages.saved : undefined}
      />
      <CatalogCollectionSale
        collectionId={loaderData.id}
        counts={loaderData.sale.counts}
        notice={loaderData.sale.notice}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLLECTION_SCREEN} />;
}
