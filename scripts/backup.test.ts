/**
 * `npm run db:backup` and `npm run db:restore -- FILE` as a user runs them (with DATABASE_URL): back up a
 * store with data in every kind of table, restore into a fresh database, and compare every table's rows.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { contactMessages, newsletterSubscribers } from '~/db/schema';
import { recordAudit } from '~/server/admin/audit.server';
import { db } from '~/server/db.server';
import { createCollection, createOrder, createProduct, createUser } from '../tests/factories';
import { cloneTemplate, dropDatabase } from '../tests/setup/template';

const run = promisify(execFile);
const adminUrl = inject('adminDatabaseUrl');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
const copyName = `store_restore_${randomBytes(5).toString('hex')}`;

afterAll(async () => {
  await dropDatabase(adminUrl, copyName);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tool = (script: string, databaseUrl: string, args: string[] = []) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });

/** Every row of every public table, as JSON text, in a stable order. */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await client<
      { name: string }[]
    >`select tablename as name from pg_tables where schemaname = 'public' order by 1`;
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await client.unsafe(`select to_jsonb(t)::text as row from "${name}" t`);
      result[name] = rows.map((r) => r.row as string).sort();
    }
    return result;
  } finally {
    await client.end();
  }
}

describe('backup and restore', { timeout: 120_000 }, () => {
  it('restores every row of every table into a fresh database, and refuses a database with data', async () => {
    const customer = await createUser();
    const admin = await createUser({ admin: true });
    const collection = await createCollection({ name: 'Lagos Nights <b>' });
    const product = await createProduct({
      collectionId: collection.id,
      name: 'Quote \' and "double" and ₦',
      stock: { 'M/Black': 3, 'L/White': null },
    });
    await createOrder({ userId: customer.id, items: [{ product, quantity: 2 }], paymentStatus: 'paid' });
    await db().insert(newsletterSubscribers).values({ email: 'fan@example.com' });
    await db().insert(contactMessages).values({
      name: 'Ngozi',
      email: 'n@example.com',
      subject: 'Tab\there',
      message: 'Line one\nline two\\ with backslash',
    });
    await recordAudit(
      db(),
      { id: admin.id, email: admin.email },
      {
        action: 'product.update',
        entityType: 'product',
        entityId: product.id,
        before: { price: 1 },
        after: { price: 2 },
      },
    );

    const backup = await tool('scripts/db-backup.ts', process.env.DATABASE_URL!);
    expect(backup.stdout).toMatch(/Backup written: .*\.backup\.gz/);
    const files = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'backups', files[0]);

    const copyUrl = await cloneTemplate(adminUrl, copyName);
    const restored = await tool('scripts/db-restore.ts', copyUrl, [file]);
    expect(restored.stdout).toMatch(/^Restored \d+ rows into \d+ tables/);

    const [original, copy] = await Promise.all([snapshot(process.env.DATABASE_URL!), snapshot(copyUrl)]);
    // The tool marks the backup in the settings after writing it (the launch checklist), so the copy predates the mark.
    expect(original.store_settings[0]).toMatch(/"last_backup_at": "\d{4}-/);
    original.store_settings = original.store_settings.map((row) =>
      row.replace(/"last_backup_at": "[^"]*"/, '"last_backup_at": null'),
    );
    expect(Object.keys(copy)).toEqual(Object.keys(original));
    for (const table of Object.keys(original)) expect(copy[table], table).toEqual(original[table]);
    expect(original.products.length).toBe(1);
    expect(original.users.length).toBe(2);

    // Serial ids continue after the restored ones.
    const client = postgres(copyUrl, { max: 1, onnotice: () => {} });
    try {
      await client`insert into audit_log (actor_email, action, entity_type) values ('x@example.com', 'check', 'none')`;
    } finally {
      await client.end();
    }

    await expect(tool('scripts/db-restore.ts', copyUrl, [file])).rejects.toMatchObject({
      code: 3,
      stderr: expect.stringMatching(/not empty/),
    });
    const [count] = await db().execute<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(count.n).toBe(1);
  });
});
