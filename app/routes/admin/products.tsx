/**
 * /admin/products: every product, newest first, searchable by name and filtered by category, collection
 * and stock through a GET form (works without JavaScript), 20 a page. Its action deletes a product, after
 * the confirmation of docs/requirements.md#13-forms-and-validation (see components/admin/crud/confirm-delete.tsx).
 */
import { data } from 'react-router';
import { CatalogCsvLinks } from '~/components/catalog/admin/catalog-csv-links';
import { CatalogProductFilters } from '~/components/catalog/admin/catalog-product-filters';
import { CatalogProductTable } from '~/components/catalog/admin/catalog-product-table';
import { CrudListPage } from '~/components/admin/crud/list';
import { PRODUCT_SCREEN } from '~/lib/catalog/admin-catalog';
import { adminProductSearch, hasFilters, parseAdminProductQuery } from '~/lib/catalog/admin-catalog-query';
import { adminMeta } from '~/lib/admin/admin-crud';
import { collectionOptions } from '~/server/catalog/admin-collections.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { deleteProduct, getProductName, listAdminProducts } from '~/server/catalog/admin-products.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/products';

export const meta = () => adminMeta('Products');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const [list, collections, deletion] = await Promise.all([
    listAdminProducts(query),
    collectionOptions(),
    deleteState(params, getProductName),
  ]);
  return data({ query, list, collections, ...deletion });
}

/** The list the admin was looking at, rebuilt from known keys only. */
const backSearch = (back: string) => adminProductSearch(parseAdminProductQuery(new URLSearchParams(back)));

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return deleteFromList(request, admin, PRODUCT_SCREEN, deleteProduct, backSearch);
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, collections } = loaderData;
  const back = adminProductSearch(query).slice(1);
  const filtered = hasFilters(query);
  return (
    <CrudListPage
      screen={PRODUCT_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      back={back}
      filters={
        <>
          <CatalogCsvLinks />
          <CatalogProductFilters query={query} collections={collections} />
        </>
      }
      count={list.rows.length}
      paging={{ ...list, hrefFor: (page) => `/admin/products${adminProductSearch(query, { page })}` }}
      empty={
        filtered
          ? { title: 'No products match', text: 'Try other filters, or clear them to see every product.', filtered }
          : { title: 'No products yet', text: 'Add your first product and it appears in the shop at once.' }
      }
    >
      <CatalogProductTable rows={list.rows} back={back} />
    </CrudListPage>
  );
}
