/**
 * /admin/products/import: "Import CSV" (decision 0041). The file is checked and kept; the admin goes on to its
 * preview (product-import-view.tsx), and nothing changes before "Apply import" there.
 */
import { data, Link, redirect } from 'react-router';
import { headingClass } from '~/components/admin/crud/list';
import { CatalogImportForm } from '~/components/catalog/admin/catalog-import-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { adminOf } from '~/server/accounts/guards.server';
import { submitCatalogImport } from '~/server/catalog/admin-catalog-import-form.server';
import { recentCatalogImports } from '~/server/catalog/catalog-import.server';
import type { Route } from './+types/product-import';

export const meta = () => adminMeta('Import CSV');

export async function loader() {
  return data({ recent: await recentCatalogImports() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitCatalogImport(request, adminOf(context));
  if (outcome.kind === 'previewed') return redirect(`/admin/products/import/${outcome.id}`);
  return data({ result: outcome.result }, { status: outcome.status });
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="space-y-6">
      <Link
        to="/admin/products"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        All products
      </Link>
      <h1 className={headingClass}>Import CSV</h1>
      <CatalogImportForm lastResult={actionData?.result} />
      {loaderData.recent.length ? (
        <section aria-labelledby="recent-imports" className="max-w-3xl space-y-2">
          <h2 id="recent-imports" className="text-xs font-medium uppercase tracking-widest">
            Recent imports
          </h2>
          <ul className="space-y-1 text-sm">
            {loaderData.recent.map((entry) => (
              <li key={entry.id}>
                <Link to={`/admin/products/import/${entry.id}`} className="underline underline-offset-4">
                  {entry.fileName}
                </Link>{' '}
                ({entry.status}, {entry.totalRows.toLocaleString('en-NG')} rows)
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
