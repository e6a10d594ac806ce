/**
 * An import's page (decision 0041): before it is applied, what the file would do (rows to create and to update)
 * and every row error with its line; while it is applied, a progress bar of rows written; then the outcome.
 */
import { Form, Link } from 'react-router';
import { importPercent, type CatalogImportStatus } from '~/lib/catalog/catalog-import';
import { IMPORT_MESSAGES, type ImportSummary } from '~/lib/catalog/catalog-csv';

export type ImportPreviewProps = {
  fileName: string;
  status: CatalogImportStatus;
  totalRows: number;
  doneRows: number;
  summary: ImportSummary;
  error: string | null;
  refusal?: string | null;
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

export function CatalogImportProgress({ doneRows, totalRows }: { doneRows: number; totalRows: number }) {
  const percent = importPercent(doneRows, totalRows);
  return (
    <div className="space-y-2">
      <progress className="h-3 w-full" max={100} value={percent} aria-label="Import progress">
        {percent}%
      </progress>
      <p className="text-sm" aria-live="polite">
        Writing products: {doneRows.toLocaleString('en-NG')} of {totalRows.toLocaleString('en-NG')} ({percent}%).{' '}
        <Link to="." reloadDocument className="underline underline-offset-4">
          Refresh
        </Link>
      </p>
    </div>
  );
}

export function CatalogImportPreview(props: ImportPreviewProps) {
  const { summary, status } = props;
  const errors = summary.errors;
  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-sm text-muted">File: {props.fileName}</p>
      {props.refusal ? (
        <p role="alert" className="text-sm text-sale">
          {props.refusal}
        </p>
      ) : null}
      {status === 'applied' ? (
        <p role="status" className="text-sm">
          Imported: {count(summary.create, 'product added', 'products added')},{' '}
          {count(summary.update, 'product updated', 'products updated')}.{' '}
          <Link to="/admin/products" className="underline underline-offset-4">
            See the products
          </Link>
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className="text-sm text-sale">
          {props.error ?? IMPORT_MESSAGES.applyFailed}
        </p>
      ) : null}
      {status === 'applying' ? <CatalogImportProgress doneRows={props.doneRows} totalRows={props.totalRows} /> : null}
      <dl className="grid grid-cols-3 gap-4 text-sm">
        <div>
          <dt className="text-xs uppercase tracking-widest text-muted">To create</dt>
          <dd>{summary.create.toLocaleString('en-NG')}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-widest text-muted">To update</dt>
          <dd>{summary.update.toLocaleString('en-NG')}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-widest text-muted">Errors</dt>
          <dd>{errors.length.toLocaleString('en-NG')}</dd>
        </div>
      </dl>
      {errors.length ? (
        <section aria-labelledby="import-errors" className="space-y-2">
          <h2 id="import-errors" className="text-xs font-medium uppercase tracking-widest">
            Rows with errors
          </h2>
          <p className="text-sm">{IMPORT_MESSAGES.hasErrors}</p>
          <ul className="space-y-1 text-sm">
            {errors.map((error, i) => (
              <li key={i}>
                Line {error.line}: {error.reason}
              </li>
            ))}
          </ul>
          <Link to="/admin/products/import" className="inline-block text-sm underline underline-offset-4">
            Upload a corrected file
          </Link>
        </section>
      ) : null}
      <RowList title="Rows to create" rows={summary.creating} total={summary.create} />
      <RowList title="Rows to update" rows={summary.updating} total={summary.update} />
      {status === 'previewed' && !errors.length ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="apply"
            className="bg-ink px-6 py-3 text-xs uppercase tracking-widest text-paper"
          >
            Apply import
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function RowList({ title, rows, total }: { title: string; rows: { line: number; name: string }[]; total: number }) {
  if (!rows.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        {title} ({total.toLocaleString('en-NG')})
      </summary>
      <ul className="mt-2 space-y-1">
        {rows.map((row) => (
          <li key={row.line}>
            Line {row.line}: {row.name}
          </li>
        ))}
        {total > rows.length ? <li>and {(total - rows.length).toLocaleString('en-NG')} more</li> : null}
      </ul>
    </details>
  );
}
