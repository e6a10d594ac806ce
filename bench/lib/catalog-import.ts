/**
 * The catalog CSV import's speed (decision 0041; docs/architecture.md#6-quality-bars): on the last catalog size's
 * store, the whole catalog is exported, then imported back as new products (codes left blank: every row creates a
 * product, its variants with their SKUs and its images), checked and written in one transaction as the admin's
 * "Apply import" job does. Runs in this process against the store's database, after every page was measured.
 */
import { runningEmbeddedUrl } from '../../scripts/lib/running-database';

export type CatalogImportFigures = { rows: number; exportSeconds: number; checkSeconds: number; writeSeconds: number };

/** Under a minute for 10,000 rows on 2 cores. */
export const IMPORT_BUDGET_SECONDS = 60;

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

export async function measureCatalogImport(
  dataDir: string,
  say: (line: string) => void,
): Promise<CatalogImportFigures> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('the store’s PostgreSQL is not running');
  // The app's modules read it when they first connect.
  process.env.DATABASE_URL = url;
  const { db } = await import('../../app/server/db.server');
  const { catalogCsvChunks } = await import('../../app/server/catalog/catalog-csv-export.server');
  const { previewCatalogImport, runCatalogImport, startCatalogImport, getCatalogImport } =
    await import('../../app/server/catalog/catalog-import.server');
  const { sql } = await import('drizzle-orm');
  const [user] = Array.from(
    await db().execute<{ id: string; email: string }>(sql`select id, email from users limit 1`),
  );
  const actor = user ?? { id: 'bench', email: 'bench@example.com' };

  say('catalog CSV: exporting the catalog...');
  let started = performance.now();
  let csv = '';
  for await (const chunk of catalogCsvChunks()) csv += chunk;
  const exportSeconds = seconds(started);
  // Codes blanked: each row becomes a new product.
  const lines = csv.split('\r\n');
  const asNew = lines.map((line, i) => (i === 0 || !line ? line : line.replace(/^[0-9a-z]{14},/, ','))).join('\r\n');

  say('catalog CSV: checking the file (preview)...');
  started = performance.now();
  const id = await previewCatalogImport(actor, 'bench.csv', asNew);
  const checkSeconds = seconds(started);
  const previewed = await getCatalogImport(id);
  if (!previewed || previewed.summary.errors.length)
    throw new Error(`the exported catalog did not import: ${JSON.stringify(previewed?.summary.errors.slice(0, 3))}`);
  if (!(await startCatalogImport(actor, id))) throw new Error('the import could not start');

  say(`catalog CSV: importing ${previewed.totalRows.toLocaleString('en-US')} rows in one transaction...`);
  started = performance.now();
  const status = await runCatalogImport({ importId: id, actor });
  const writeSeconds = seconds(started);
  if (status !== 'applied') throw new Error(`the import ended ${status}`);
  const figures = { rows: previewed.totalRows, exportSeconds, checkSeconds, writeSeconds };
  say(`catalog CSV: ${JSON.stringify(figures)}`);
  return figures;
}

/** The import's budget: checked and written within IMPORT_BUDGET_SECONDS (per 10,000 rows). */
export function catalogImportBudget(figures: CatalogImportFigures | { error: string }) {
  if ('error' in figures)
    return { name: 'catalog CSV import', limit: 'measured', actual: figures.error, pass: false as boolean };
  const total = Math.round((figures.checkSeconds + figures.writeSeconds) * 10) / 10;
  const limit = (IMPORT_BUDGET_SECONDS * Math.max(figures.rows, 10_000)) / 10_000;
  return {
    name: `catalog CSV import of ${figures.rows.toLocaleString('en-US')} rows, checked and written (s)`,
    limit: `< ${limit}`,
    actual: `${total} (check ${figures.checkSeconds}, write ${figures.writeSeconds}; export ${figures.exportSeconds})`,
    pass: total < limit,
  };
}
