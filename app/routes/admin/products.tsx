/**
 * /admin/products: every product, newest first, searchable by name and filtered by category, collection
 * and stock through a GET form (works without JavaScript), 20 a page. Its action deletes a product, after
 * the confirmation of SPEC.md section 5 (see catalog-confirm-delete.tsx).
 */
import { data, Link, redirect } from 'react-router';
import { DeleteConfirmation } from '~/components/admin/catalog-confirm-delete';
import { CatalogProductFilters } from '~/components/admin/catalog-product-filters';
import { CatalogProductTable } from '~/components/admin/catalog-product-table';
import { FormMessage } from '~/components/account/fields';
import { Pagination } from '~/components/shop/pagination';
import { CATALOG_MESSAGES, readDeleteForm } from '~/lib/admin-catalog';
import { ADMIN_PAGE_SIZE, adminProductSearch, hasFilters, parseAdminProductQuery } from '~/lib/admin-catalog-query';
import { isId } from '~/lib/ids';
import { collectionOptions } from '~/server/admin/collections.server';
import { deleteProduct, getProductName, listAdminProducts } from '~/server/admin/products.server';
import { BodyTooLargeError, readFormDataWithin, SMALL_POST_LIMIT } from '~/server/admin/upload-files.server';
import { requireAdmin } from '~/server/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/products';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta() {
  return [{ title: 'Products · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const confirmId = params.get('confirm') ?? '';
  const [list, collections, confirmName] = await Promise.all([
    listAdminProducts(query),
    collectionOptions(),
    isId(confirmId) ? getProductName(confirmId) : null,
  ]);
  return data(
    {
      query,
      list,
      collections,
      confirm: confirmName ? { id: confirmId, name: confirmName } : null,
      deleted: params.get('deleted') === '1',
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await readFormDataWithin(request, SMALL_POST_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return data({ deleteError: CATALOG_MESSAGES.deleteProduct }, { status: 413, headers: NO_STORE });
    throw error;
  }
  const posted = readDeleteForm(form);
  if (!posted.ok)
    return data(
      { deleteError: posted.problem === 'intent' ? 'Unknown action.' : CATALOG_MESSAGES.deleteProduct },
      { status: posted.problem === 'intent' ? 400 : 404, headers: NO_STORE },
    );
  const { id, confirmed } = posted.data;
  // The list the admin was looking at, rebuilt from known keys only.
  const backSearch = adminProductSearch(parseAdminProductQuery(new URLSearchParams(posted.data.back)));
  const withParam = (param: string) => `/admin/products${backSearch ? `${backSearch}&` : '?'}${param}`;
  if (!confirmed) return redirect(withParam(`confirm=${id}`), { headers: NO_STORE });
  try {
    if (!(await deleteProduct(admin, id)))
      return data({ deleteError: CATALOG_MESSAGES.deleteProduct }, { status: 404, headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error, productId: id }, 'deleting a product failed');
    return data({ deleteError: CATALOG_MESSAGES.deleteProduct }, { status: 500, headers: NO_STORE });
  }
  return redirect(withParam('deleted=1'), { headers: NO_STORE });
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, collections, confirm, deleted } = loaderData;
  const back = adminProductSearch(query).slice(1);
  const first = (list.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Products</h1>
        <Link
          to="/admin/products/new"
          className="bg-ink px-5 py-3 text-xs font-medium uppercase tracking-widest text-paper"
        >
          Add product
        </Link>
      </div>
      <FormMessage error={actionData?.deleteError} success={deleted ? CATALOG_MESSAGES.productDeleted : undefined} />
      {confirm ? (
        <DeleteConfirmation
          action="/admin/products"
          id={confirm.id}
          name={confirm.name}
          question={CATALOG_MESSAGES.confirmDeleteProduct}
          back={back}
          cancelHref={`/admin/products${adminProductSearch(query)}`}
        />
      ) : null}
      <CatalogProductFilters query={query} collections={collections} />
      {list.rows.length ? (
        <>
          <p className="text-sm text-muted" role="status">
            Showing {first.toLocaleString('en-NG')}–{(first + list.rows.length - 1).toLocaleString('en-NG')} of{' '}
            {list.total.toLocaleString('en-NG')} products
          </p>
          <CatalogProductTable rows={list.rows} back={back} />
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(page) => `/admin/products${adminProductSearch(query, { page })}`}
          />
        </>
      ) : (
        <div className="border border-line px-6 py-12 text-center">
          <h2 className="text-lg font-semibold uppercase tracking-widest">
            {hasFilters(query) ? 'No products match' : 'No products yet'}
          </h2>
          <p className="mt-2 text-sm text-muted">
            {hasFilters(query)
              ? 'Try other filters, or clear them to see every product.'
              : 'Add your first product and it appears in the shop at once.'}
          </p>
          <Link
            to={hasFilters(query) ? '/admin/products' : '/admin/products/new'}
            className="mt-6 inline-block border border-ink px-5 py-3 text-xs uppercase tracking-widest"
          >
            {hasFilters(query) ? 'Clear filters' : 'Add product'}
          </Link>
        </div>
      )}
    </section>
  );
}
