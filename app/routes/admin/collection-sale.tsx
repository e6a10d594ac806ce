/**
 * /admin/collections/edit/:id/sale: a whole collection put on sale or its sale ended (decision 0034). The collection's
 * edit page posts its sale form here: a success goes back to that page saying how many products changed
 * (post/redirect/get); a refusal is shown here with what was typed and why, with JavaScript or without.
 */
import { data, Link, redirect } from 'react-router';
import { CatalogCollectionSale } from '~/components/catalog/admin/catalog-collection-sale';
import { CrudError } from '~/components/admin/crud/crud-error';
import { headingClass } from '~/components/admin/crud/list';
import { COLLECTION_SCREEN } from '~/lib/catalog/admin-catalog';
import { SALE_PARAM } from '~/lib/catalog/admin-sale-price';
import { adminMeta, crudText } from '~/lib/admin/admin-crud';
import { adminOf } from '~/server/accounts/guards.server';
import { foundOr404 } from '~/server/admin/crud.server';
import { collectionSaleCounts, submitCollectionSale } from '~/server/catalog/admin-collection-sale.server';
import { getCollection } from '~/server/catalog/admin-collections.server';
import type { Route } from './+types/collection-sale';

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `Sale: ${loaderData.name}` : 'Collection sale');

const collectionOr404 = async (id: string) => foundOr404(await getCollection(id), COLLECTION_SCREEN);

export async function loader({ params }: Route.LoaderArgs) {
  const collection = await collectionOr404(params.id);
  return { id: collection.id, name: collection.name, counts: await collectionSaleCounts(collection.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await submitCollectionSale(request, adminOf(context), params.id);
  if (outcome.kind === 'not-found') throw data(crudText(COLLECTION_SCREEN).notFound, { status: 404 });
  if (outcome.kind === 'done')
    return redirect(`/admin/collections/edit/${params.id}?${SALE_PARAM}=${outcome.notice}#collection-sale-heading`);
  return data({ result: outcome.result }, { status: outcome.status });
}

export default function CollectionSale({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, counts } = loaderData;
  return (
    <section className="space-y-6">
      <Link
        to={`/admin/collections/edit/${id}`}
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        Back to the collection
      </Link>
      <h1 className={headingClass}>Sale: {name}</h1>
      <CatalogCollectionSale collectionId={id} counts={counts} lastResult={actionData?.result} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLLECTION_SCREEN} />;
}
