/**
 * The upload form of /admin/products/import (decision 0041): one CSV file, checked by the form's one schema before
 * it is sent (with JavaScript) and by the action after; the columns it takes are listed under it.
 */
import type { SubmissionResult } from '@conform-to/react';
import { FieldError } from '~/components/accounts/fields';
import { CSV_COLUMNS, LIST_SEPARATOR, MAX_IMPORT_LABEL } from '~/lib/catalog/catalog-csv';
import { catalogImportSchema } from '~/lib/catalog/catalog-import';
import { useAdminForm } from '../../admin/admin-form';
import { CrudForm } from '../../admin/crud/form';

export function CatalogImportForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useAdminForm(catalogImportSchema, { id: 'catalog-import', lastResult });
  const error = fields.file.errors?.[0];
  return (
    <CrudForm form={form} label="Import CSV" submitLabel="Check the file">
      <div>
        <label htmlFor="catalog-file" className="block text-xs font-medium uppercase tracking-widest">
          CSV file
        </label>
        <input
          id="catalog-file"
          type="file"
          name={fields.file.name}
          accept=".csv,text/csv"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'catalog-file-error' : 'catalog-file-hint'}
          className="mt-2 block text-sm"
        />
        <p id="catalog-file-hint" className="mt-1 text-sm text-muted">
          At most {MAX_IMPORT_LABEL}. Nothing changes yet: you see what the file would do first.
        </p>
        <FieldError id="catalog-file-error" error={error} />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer">The columns</summary>
        <p className="mt-2 text-muted">
          The first line names the columns, as Export CSV writes them: {CSV_COLUMNS.join(', ')}. Name, Description,
          Category and Price are required. A row whose Code is a product&apos;s updates it; a row without one adds a
          product. Lists are separated by &quot;{LIST_SEPARATOR.trim()}&quot;; Stock reads{' '}
          <code>M/Black=4{LIST_SEPARATOR}L/Black=</code> (blank: not tracked); prices are in naira.
        </p>
      </details>
    </CrudForm>
  );
}
