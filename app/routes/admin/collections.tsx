/**
 * /admin/collections: every collection, newest first, with its product count. Its action deletes one,
 * after the confirmation of SPEC.md section 5; its products stay, without a collection.
 */
import { data, Link, redirect } from 'react-router';
import { CatalogCollectionTable } from '~/components/admin/catalog-collection-table';
import { DeleteConfirmation } from '~/components/admin/catalog-confirm-delete';
import { FormMessage } from '~/components/account/fields';
import { CATALOG_MESSAGES, readDeleteForm } from '~/lib/admin-catalog';
import { deleteCollection, listAdminCollections } from '~/server/admin/collections.server';
import { BodyTooLargeError, readFormDataWithin, SMALL_POST_LIMIT } from '~/server/admin/upload-files.server';
import { requireAdmin } from '~/server/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/same-origin.server';
import type { Route } from './+types/collections';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta() {
  return [{ title: 'Collections · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const rows = await listAdminCollections();
  const confirm = rows.find((row) => row.id === params.get('confirm')) ?? null;
  return data(
    { rows, confirm: confirm ? { id: confirm.id, name: confirm.name } : null, deleted: params.get('deleted') === '1' },
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
      return data({ deleteError: CATALOG_MESSAGES.deleteCollection }, { status: 413, headers: NO_STORE });
    throw error;
  }
  const posted = readDeleteForm(form);
  if (!posted.ok)
    return data(
      { deleteError: posted.problem === 'intent' ? 'Unknown action.' : CATALOG_MESSAGES.deleteCollection },
      { status: posted.problem === 'intent' ? 400 : 404, headers: NO_STORE },
    );
  const { id, confirmed } = posted.data;
  if (!confirmed) return redirect(`/admin/collections?confirm=${id}`, { headers: NO_STORE });
  try {
    if (!(await deleteCollection(admin, id)))
      return data({ deleteError: CATALOG_MESSAGES.deleteCollection }, { status: 404, headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error, collectionId: id }, 'deleting a collection failed');
    return data({ deleteError: CATALOG_MESSAGES.deleteCollection }, { status: 500, headers: NO_STORE });
  }
  return redirect('/admin/collections?deleted=1', { headers: NO_STORE });
}

export default function AdminCollections({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, confirm, deleted } = loaderData;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Collections</h1>
        <Link
          to="/admin/collections/new"
          className="bg-ink px-5 py-3 text-xs font-medium uppercase tracking-widest text-paper"
        >
          Add collection
        </Link>
      </div>
      <FormMessage error={actionData?.deleteError} success={deleted ? CATALOG_MESSAGES.collectionDeleted : undefined} />
      {confirm ? (
        <DeleteConfirmation
          action="/admin/collections"
          id={confirm.id}
          name={confirm.name}
          question={CATALOG_MESSAGES.confirmDeleteCollection}
          cancelHref="/admin/collections"
        />
      ) : null}
      {rows.length ? (
        <CatalogCollectionTable rows={rows} />
      ) : (
        <div className="border border-line px-6 py-12 text-center">
          <h2 className="text-lg font-semibold uppercase tracking-widest">No collections yet</h2>
          <p className="mt-2 text-sm text-muted">
            Group products into a collection and it gets its own page in the shop.
          </p>
          <Link
            to="/admin/collections/new"
            className="mt-6 inline-block border border-ink px-5 py-3 text-xs uppercase tracking-widest"
          >
            Add collection
          </Link>
        </div>
      )}
    </section>
  );
}
