/**
 * /admin/products/import/:id: an import's preview, then its progress and outcome (decision 0041). "Apply import"
 * posts here (post/redirect/get). While the job runs, the page reloads its data every second with JavaScript, and
 * without it a <meta refresh> (in <noscript>) and a "Refresh" link do.
 */
import { useEffect } from 'react';
import { data, Link, redirect, useRevalidator } from 'react-router';
import { headingClass } from '~/components/admin/crud/list';
import { CatalogImportPreview } from '~/components/catalog/admin/catalog-import-preview';
import { adminMeta } from '~/lib/admin/admin-crud';
import { adminOf } from '~/server/accounts/guards.server';
import { submitApplyImport } from '~/server/catalog/admin-catalog-import-form.server';
import { getCatalogImport } from '~/server/catalog/catalog-import.server';
import type { Route } from './+types/product-import-view';

export const meta = () => adminMeta('Import CSV');

/** Without JavaScript, a running import's page reloads itself every 2 seconds. */
const REFRESH = '<meta http-equiv="refresh" content="2">';

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getCatalogImport(params.id);
  if (!found) throw data('Import not found.', { status: 404 });
  return data(found);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const refusal = await submitApplyImport(request, adminOf(context), params.id);
  if (refusal) return data({ refusal }, { status: 409 });
  return redirect(`/admin/products/import/${params.id}`);
}

export default function ProductImportView({ loaderData, actionData }: Route.ComponentProps) {
  const applying = loaderData.status === 'applying';
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!applying || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [applying, state, revalidate, loaderData]);
  return (
    <section className="space-y-6">
      {/* Not a <meta> element: React would hoist it into <head>, out of <noscript>, and reload with JavaScript too. */}
      {applying ? <noscript dangerouslySetInnerHTML={{ __html: REFRESH }} /> : null}
      <Link
        to="/admin/products/import"
        className="inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        Import CSV
      </Link>
      <h1 className={headingClass}>Import preview</h1>
      <CatalogImportPreview {...loaderData} refusal={actionData?.refusal} />
    </section>
  );
}
