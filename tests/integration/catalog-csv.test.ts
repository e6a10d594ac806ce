/**
 * The catalog CSV (decision 0041) against a real database: export then import into a store without products gives
 * the same catalog; formulas are neutralised in the export; every kind of bad row is reported by its line with
 * nothing changed; a 20 MB file is refused before it is read; a row failing while the job writes leaves nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogImports, products, productVariants } from '~/db/schema';
import { IMPORT_MESSAGES, ROW_MESSAGES } from '~/lib/catalog/catalog-csv';
import { db } from '~/server/db.server';
import { storage } from '~/server/storage.server';
import { variantWidths } from '~/server/catalog/media.server';
import { catalogCsvChunks } from '~/server/catalog/catalog-csv-export.server';
import { submitCatalogImport } from '~/server/catalog/admin-catalog-import-form.server';
import {
  getCatalogImport,
  previewCatalogImport,
  runCatalogImport,
  startCatalogImport,
} from '~/server/catalog/catalog-import.server';
import { bodyRuleFor } from '../../server/middleware/body-limit';
import { createCollection, createProduct, createUser } from '../factories';

let actor: { id: string; email: string };
beforeAll(async () => {
  const admin = await createUser({ admin: true });
  actor = { id: admin.id, email: admin.email };
});

async function exportText(): Promise<string> {
  let text = '';
  for await (const chunk of catalogCsvChunks()) text += chunk;
  return text;
}

const productCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
  )[0].n;

/** Imports `csv` as the admin would: preview, apply, the job; the import's final state. */
async function importCsv(csv: string, options?: { batchSize?: number }) {
  const id = await previewCatalogImport(actor, 'catalog.csv', csv);
  expect(await startCatalogImport(actor, id)).toBe(true);
  await runCatalogImport({ importId: id, actor }, options);
  return (await getCatalogImport(id))!;
}

const HEADER =
  'Code,Name,Description,Category,Collection,Price (NGN),Compare-at price (NGN),Size set,Sizes,Colours,Stock';

describe('catalog CSV', () => {
  afterAll(async () => {
    await db().execute(sql`alter table products drop constraint if exists test_no_boom`);
  });

  it('round trip: export, then import into a store without products, gives the same catalog', async () => {
    const drop = await createCollection({ name: 'Round Trip Drop' });
    const shirt = await createProduct({
      name: 'Round Trip Shirt, "quoted"',
      description: 'Line one.\nLine two, with a comma.',
      price: 20_000_50,
      compareAtPrice: 25_000_00,
      collectionId: drop.id,
      featured: true,
      fitNote: 'Runs small.',
      dropsAt: new Date('2027-01-02T09:00:00.000Z'),
      dropCap: 2,
      stock: { 'S/Black': 3, 'M/White': 0 },
      imageCount: 0,
    });
    await createProduct({ name: '=HYPERLINK("http://evil")', description: '-2+3', sizes: [], colors: [] });
    // The shirt's photo is in storage, as the product form stores one.
    const image = { key: 'products/round_trip_photo', width: 1280, height: 1600 };
    for (const w of variantWidths(image.width))
      await storage().put(`${image.key}-${w}.webp`, Buffer.from('webp'), 'image/webp');
    await db().execute(sql`insert into product_images (product_id, position, key, width, height, widths, alt)
      values (${shirt.id}, 0, ${image.key}, ${image.width}, ${image.height}, ${sql.param(variantWidths(1280))}, 'x')`);
    await db().execute(sql`delete from product_images where product_id <> ${shirt.id}`);

    const before = await exportText();
    expect(before).toContain(`${image.key} 1280x1600`);
    expect(before).toContain('S/Black=3 | S/White= | M/Black= | M/White=0');
    const skusBefore = await db().select({ sku: productVariants.sku }).from(productVariants);
    const count = await productCount();
    await db().delete(products);

    const done = await importCsv(before);
    expect(done.summary.errors).toEqual([]);
    expect(done).toMatchObject({ status: 'applied', doneRows: count, totalRows: count });
    expect(done.summary.create).toBe(count);
    expect(await exportText()).toBe(before);
    const skusAfter = await db().select({ sku: productVariants.sku }).from(productVariants);
    expect(skusAfter.map((r) => r.sku).sort()).toEqual(
      expect.arrayContaining(skusBefore.filter((r) => r.sku.startsWith(shirt.id.toUpperCase())).map((r) => r.sku)),
    );
    // One audit entry for the whole import.
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'catalogImport.apply'));
    expect(entries).toHaveLength(1);
    expect(entries[0].entityId).toBe(done.id);

    // Importing the same file again updates every product and changes nothing.
    const again = await importCsv(before);
    expect(again.summary).toMatchObject({ create: 0, update: count, errors: [] });
    expect(await exportText()).toBe(before);
  });

  it('neutralises formulas in the export as the orders CSV does', async () => {
    const text = await exportText();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`,'-2+3,`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('reports each bad row by its line and reason, and changes nothing', async () => {
    await createCollection({ name: 'Known' });
    const existing = await createProduct({ name: 'Stays As It Is' });
    const before = await exportText();
    const csv = [
      HEADER,
      ',Good Tee,Fine.,Shirts,Known,100,,Clothing,S,Black,S/Black=1',
      ',Lost Tee,Fine.,Shirts,Nowhere,100,,Clothing,S,Black,',
      ',Cheap Tee,Fine.,Shirts,,-5,,Clothing,S,Black,',
      ',Huge Tee,Fine.,Shirts,,100,,Clothing,S | 5XL,Black,',
      `${existing.id},Twice,Fine.,Shirts,,100,,Clothing,S,Black,`,
      `${existing.id},Twice again,Fine.,Shirts,,100,,Clothing,S,Black,`,
      ',Short row,Fine.',
    ].join('\n');
    const id = await previewCatalogImport(actor, 'bad.csv', csv);
    const found = (await getCatalogImport(id))!;
    expect(found.summary.errors).toEqual([
      { line: 3, reason: ROW_MESSAGES.collection('Nowhere') },
      { line: 4, reason: ROW_MESSAGES.negativePrice },
      { line: 5, reason: ROW_MESSAGES.size('5XL', 'Clothing') },
      { line: 7, reason: ROW_MESSAGES.duplicateCode(existing.id, 6) },
      { line: 8, reason: ROW_MESSAGES.cells(3, 11) },
    ]);
    expect(await startCatalogImport(actor, id)).toBe(false);
    expect(await exportText()).toBe(before);

    const broken = await previewCatalogImport(actor, 'broken.csv', `${HEADER}\n,"Open quote,x,Shirts,,1,,,,,\n`);
    const brokenErrors = (await getCatalogImport(broken))!.summary.errors;
    expect(brokenErrors).toHaveLength(1);
    expect(brokenErrors[0].line).toBe(2);
    expect(brokenErrors[0].reason).toBe(IMPORT_MESSAGES.quoting('a quote opened here is never closed'));
    expect(await startCatalogImport(actor, broken)).toBe(false);
    expect(await exportText()).toBe(before);
  });

  it('refuses a 20 MB file clearly, before reading it whole', async () => {
    const rule = bodyRuleFor('/admin/products/import');
    expect(rule.maxBytes).toBeLessThan(20 * 1024 * 1024);
    expect(rule.tooLarge).toBe(IMPORT_MESSAGES.tooLarge);
    const form = new FormData();
    form.set('file', new File([Buffer.alloc(20 * 1024 * 1024, 'a')], 'huge.csv', { type: 'text/csv' }));
    const request = new Request('http://localhost/admin/products/import', { method: 'POST', body: form });
    const imports = (await db().select().from(catalogImports)).length;
    const outcome = await submitCatalogImport(request, actor);
    expect(outcome).toMatchObject({ kind: 'form', status: 413 });
    expect(JSON.stringify(outcome)).toContain(IMPORT_MESSAGES.tooLarge);
    expect(IMPORT_MESSAGES.tooLarge).toMatch(/larger than 10 MB/);
    expect(await db().select().from(catalogImports)).toHaveLength(imports);
  });

  it('marks the import applied in the transaction of its rows: never rows without the mark', async () => {
    const count = await productCount();
    const csv = [HEADER, ',Only Once,Fine.,Shirts,,100,,Clothing,S,Black,'].join('\n');
    const id = await previewCatalogImport(actor, 'catalog.csv', csv);
    expect(await startCatalogImport(actor, id)).toBe(true);
    // The mark failing stands for a process dying after the rows: the rows must not be there without it.
    await db().execute(
      sql`alter table catalog_imports add constraint test_no_mark check (status <> 'applied') not valid`,
    );
    try {
      expect(await runCatalogImport({ importId: id, actor })).toBe('failed');
    } finally {
      await db().execute(sql`alter table catalog_imports drop constraint test_no_mark`);
    }
    expect(await productCount()).toBe(count);
  });

  it('writes all rows or none: a row failing while the job writes leaves the store as it was', async () => {
    const kept = await createProduct({ name: 'Kept Name' });
    const before = await exportText();
    const count = await productCount();
    const audits = (await db().select().from(auditLog).where(eq(auditLog.action, 'catalogImport.apply'))).length;
    // A rule the checks do not know, met only by the third row, as the database writes it.
    await db().execute(sql`alter table products add constraint test_no_boom check (name <> 'Boom') not valid`);
    const csv = [
      HEADER,
      `${kept.id},Renamed,Fine.,Shirts,,100,,Clothing,S,Black,S/Black=9`,
      ',New One,Fine.,Shirts,,100,,Clothing,S,Black,',
      ',Boom,Fine.,Shirts,,100,,Clothing,S,Black,',
    ].join('\n');
    const done = await importCsv(csv, { batchSize: 1 });
    expect(done).toMatchObject({ status: 'failed', error: IMPORT_MESSAGES.applyFailed, doneRows: 0 });
    expect(await productCount()).toBe(count);
    expect(await exportText()).toBe(before);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'catalogImport.apply'))).toHaveLength(audits);
  });
});
