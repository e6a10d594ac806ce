/**
 * The catalog CSV import (decision 0041): a file is checked and kept with its preview (catalog_imports,
 * 'previewed'); "Apply" hands it to a job ('applying'), which checks it again against the store as it is then and
 * writes every row in ONE transaction with one audit entry, or nothing ('applied' / 'failed'). The rows are written
 * a batch at a time with set-based statements (10,000 rows in seconds, scripts/bench-catalog-import.ts); after each
 * batch `done_rows` is written outside the transaction, so the admin page can show the progress while it runs.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { catalogImports, productImages, products, productVariants } from '~/db/schema';
import { IMPORT_MESSAGES, type ImportSummary } from '~/lib/catalog/catalog-csv';
import type { CatalogImportStatus } from '~/lib/catalog/catalog-import';
import { isId, newId } from '~/lib/ids';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import type { Tx } from '../admin/crud.server';
import { queueBackInStockCheck } from '../back-in-stock/notify.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { sendJob } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { lockColours } from './admin-colours.server';
import { checkCatalogCsv, type CheckedRow } from './catalog-csv-check.server';

export const IMPORT_BATCH_SIZE = 500;

export type CatalogImportView = {
  id: string;
  fileName: string;
  status: CatalogImportStatus;
  totalRows: number;
  doneRows: number;
  summary: ImportSummary;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** Checks a file and keeps it with its preview; the new import's id. */
export async function previewCatalogImport(actor: AuditActor, fileName: string, csv: string): Promise<string> {
  const checked = await checkCatalogCsv(csv);
  const [row] = await db()
    .insert(catalogImports)
    .values({
      createdBy: actor.id,
      fileName: fileName.slice(0, 200),
      csv,
      totalRows: checked.summary.create + checked.summary.update,
      summary: checked.summary,
    })
    .returning({ id: catalogImports.id });
  return row.id;
}

export async function getCatalogImport(id: string): Promise<CatalogImportView | null> {
  if (!isId(id)) return null;
  const [row] = await db()
    .select({
      id: catalogImports.id,
      fileName: catalogImports.fileName,
      status: catalogImports.status,
      totalRows: catalogImports.totalRows,
      doneRows: catalogImports.doneRows,
      summary: catalogImports.summary,
      error: catalogImports.error,
      createdAt: catalogImports.createdAt,
      finishedAt: catalogImports.finishedAt,
    })
    .from(catalogImports)
    .where(eq(catalogImports.id, id));
  return row ? { ...row, summary: row.summary as ImportSummary } : null;
}

/** The latest imports, newest first, for the import page. */
export async function recentCatalogImports(limit = 10) {
  return db()
    .select({
      id: catalogImports.id,
      fileName: catalogImports.fileName,
      status: catalogImports.status,
      totalRows: catalogImports.totalRows,
      createdAt: catalogImports.createdAt,
    })
    .from(catalogImports)
    .orderBy(desc(catalogImports.createdAt), desc(catalogImports.id))
    .limit(limit);
}

export type CatalogImportJob = { importId: string; actor: AuditActor };

/**
 * "Apply": a previewed import without errors becomes 'applying' and its job is queued; false when it is not
 * previewed (applied already, running) or has errors.
 */
export async function startCatalogImport(actor: AuditActor, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(catalogImports)
      .set({ status: 'applying', doneRows: 0 })
      .where(
        and(
          eq(catalogImports.id, id),
          eq(catalogImports.status, 'previewed'),
          sql`jsonb_array_length(${catalogImports.summary} -> 'errors') = 0`,
        ),
      )
      .returning({ id: catalogImports.id });
    if (!row) return false;
    await sendJob(QUEUES.catalogImport.name, { importId: id, actor } satisfies CatalogImportJob, { db: tx });
    return true;
  });
}

const finish = (id: string, status: 'failed', extra: Partial<typeof catalogImports.$inferInsert>) =>
  db()
    .update(catalogImports)
    .set({ status, finishedAt: new Date(), ...extra })
    .where(eq(catalogImports.id, id));

/** The job: checks the kept file again and writes it all, or nothing. Never throws for a bad file: it fails it. */
export async function runCatalogImport(
  { importId, actor }: CatalogImportJob,
  { batchSize = IMPORT_BATCH_SIZE } = {},
): Promise<CatalogImportStatus | null> {
  const [kept] = await db()
    .select({ csv: catalogImports.csv, fileName: catalogImports.fileName, status: catalogImports.status })
    .from(catalogImports)
    .where(eq(catalogImports.id, importId));
  if (!kept || kept.status !== 'applying') return kept?.status ?? null;
  const checked = await checkCatalogCsv(kept.csv);
  if (checked.summary.errors.length) {
    await finish(importId, 'failed', { summary: checked.summary, error: IMPORT_MESSAGES.hasErrors, doneRows: 0 });
    return 'failed';
  }
  try {
    const progress = (doneRows: number) =>
      db().update(catalogImports).set({ doneRows }).where(eq(catalogImports.id, importId));
    await db().transaction(async (tx) => {
      const codes = { created: [] as string[], updated: [] as string[] };
      await lockColours(tx, [...new Set(checked.rows.flatMap((row) => row.product.colors))]);
      for (let i = 0; i < checked.rows.length; i += batchSize) {
        const batch = checked.rows.slice(i, i + batchSize);
        const ids = await writeBatch(tx, batch);
        batch.forEach((row, n) => (row.update ? codes.updated : codes.created).push(ids[n]));
        await progress(Math.min(i + batchSize, checked.rows.length));
      }
      await queueBackInStockCheck(tx, [...codes.created, ...codes.updated]);
      await recordAudit(tx, actor, {
        action: 'catalogImport.apply',
        entityType: 'catalogImport',
        entityId: importId,
        after: { fileName: kept.fileName, ...codes },
      });
      // Marked applied in the rows' own transaction: a retried job (the process died after the commit) finds it
      // applied and writes nothing twice; one that died before finds it still 'applying' and writes it all.
      await tx
        .update(catalogImports)
        .set({ status: 'applied', finishedAt: new Date(), doneRows: checked.rows.length })
        .where(eq(catalogImports.id, importId));
    });
  } catch (error) {
    logger.error({ err: error, importId }, 'catalog import failed; nothing was written');
    await finish(importId, 'failed', { error: IMPORT_MESSAGES.applyFailed, doneRows: 0 });
    return 'failed';
  }
  contentChanged();
  return 'applied';
}

/** One batch of rows: products upserted by code, then their images and their grid's variants. The ids, in order. */
async function writeBatch(tx: Tx, batch: CheckedRow[]): Promise<string[]> {
  const values = batch.map(({ product: p }) => ({
    id: p.code ?? newId(),
    ...{ name: p.name, description: p.description, category: p.category, collectionId: p.collectionId },
    ...{ price: p.price, compareAtPrice: p.compareAtPrice, sizeSetId: p.sizeSetId, sizes: p.sizes },
    ...{ colors: p.colors, featured: p.featured, inStock: p.inStock, fitNote: p.fitNote },
    ...{ dropsAt: p.dropsAt, dropCap: p.dropCap },
  }));
  const ids = values.map((value) => value.id);
  const fromFile = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(products)
    .values(values)
    .onConflictDoUpdate({
      target: products.id,
      set: Object.fromEntries(
        [
          ...['name', 'description', 'category', 'collection_id', 'price', 'compare_at_price', 'size_set_id'],
          ...['sizes', 'colors', 'featured', 'in_stock', 'fit_note', 'drops_at', 'drop_cap'],
        ].map((column) => [camel(column), fromFile(column)]),
      ),
    });

  // Images: as the file lists them; a photo the product had keeps the colour it was tagged with.
  const tagged = await tx
    .select({ productId: productImages.productId, key: productImages.key, color: productImages.color })
    .from(productImages)
    .where(inArray(productImages.productId, ids));
  const colourOf = new Map(tagged.map((row) => [`${row.productId} ${row.key}`, row.color]));
  await tx.delete(productImages).where(inArray(productImages.productId, ids));
  const images = batch.flatMap(({ product, widths }, n) =>
    product.images.map((image, position) => {
      const color = colourOf.get(`${ids[n]} ${image.key}`) ?? null;
      return {
        ...{ productId: ids[n], position, key: image.key, width: image.width, height: image.height },
        ...{ widths: widths.get(image.key) ?? [], alt: product.name },
        color: color && product.colors.includes(color) ? color : null,
      };
    }),
  );
  if (images.length) await tx.insert(productImages).values(images);

  // Variants: the grid's cells with the file's stock (a SKU already made is kept); cells outside the grid go.
  await tx.execute(sql`
    delete from product_variants v using products p
    where p.id = v.product_id and p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and not ((v.size = any(p.sizes) or (v.size = '' and cardinality(p.sizes) = 0))
        and (v.color = any(p.colors) or (v.color = '' and cardinality(p.colors) = 0)))`);
  const cells = batch.flatMap(({ product }, n) =>
    product.stock.map((cell) => ({ productId: ids[n], size: cell.size, color: cell.color, stock: cell.stock })),
  );
  await tx
    .insert(productVariants)
    .values(cells)
    .onConflictDoUpdate({
      target: [productVariants.productId, productVariants.size, productVariants.color],
      set: { stock: sql`excluded.stock` },
    });
  return ids;
}

const camel = (column: string) => column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
