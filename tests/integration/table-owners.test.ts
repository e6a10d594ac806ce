/**
 * One owner per group of tables (docs/architecture.md#3-folder-layout, decision 0033): every insert, update and
 * delete under app/server, in Drizzle (`tx.insert(orders)`, `auditedWrites({ table: promoCodes`) or in raw SQL
 * (`update orders set`), comes from a folder the table's row below names. A write from anywhere else fails here,
 * so a domain cannot start writing another's tables unseen.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Table → the app/server folders that may write it. Only `orders` is shared, column by column (decision 0033). */
const OWNERS: Record<string, string[]> = {
  users: ['accounts'],
  sessions: ['accounts'],
  accounts: ['accounts'],
  verifications: ['accounts'],
  rate_limits: ['accounts'],
  sign_in_throttles: ['accounts'],
  admins: ['accounts'],
  admin_invitations: ['accounts'],
  saved_addresses: ['accounts'],
  collections: ['catalog'],
  products: ['catalog'],
  product_images: ['catalog'],
  product_variants: ['catalog'],
  size_sets: ['catalog'],
  colours: ['catalog'],
  size_guides: ['catalog'],
  carts: ['cart'],
  cart_lines: ['cart'],
  orders: ['checkout', 'payments', 'orders'],
  order_items: ['checkout'],
  payments: ['payments'],
  replaced_payment_references: ['payments'],
  payment_events: ['payments'],
  refunds: ['payments'],
  disputes: ['payments'],
  order_events: ['orders'],
  order_mails: ['orders'],
  promo_codes: ['promo'],
  promo_redemptions: ['promo'],
  delivery_zones: ['delivery'],
  store_settings: ['store', 'delivery'],
  contact_messages: ['store'],
  wishlist_items: ['wishlist'],
  back_in_stock_requests: ['back-in-stock'],
  reviews: ['reviews'],
  catalog_imports: ['catalog'],
  newsletter_subscribers: ['marketing'],
  mail_opt_outs: ['marketing'],
  audit_log: ['admin'],
  mail_failures: ['jobs'],
  form_attempts: ['http'],
};

/** The schema's tables: the Drizzle name beside the SQL name (`export const promoCodes = pgTable('promo_codes'`). */
function schemaTables(schema: string): { variable: string; table: string }[] {
  return [...schema.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_]+)'/g)].map(([, variable, table]) => ({
    variable,
    table,
  }));
}

type Write = { file: string; table: string };

/** The tables one source file writes (comments aside: they may show a write as an example). */
export function writesIn(file: string, text: string, tables: { variable: string; table: string }[]): Write[] {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const { variable, table } of tables) {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${variable}\\b|table:\\s*${variable}\\b`);
    const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table}"?\\s`, 'i');
    if (drizzle.test(source) || raw.test(source)) found.add(table);
  }
  return [...found].map((table) => ({ file, table }));
}

/** The folder under app/server a file sits in ('(root)' for the root). */
const folderOf = (file: string) => {
  const parts = file.split('/');
  return parts.length > 3 ? parts[2] : '(root)';
};

export function strayWrites(writes: Write[]): string[] {
  return writes
    .filter(({ file, table }) => !(OWNERS[table] ?? []).includes(folderOf(file)))
    .map(({ file, table }) => `${file} writes ${table} (owned by ${(OWNERS[table] ?? ['nobody']).join(', ')})`);
}

const tables = schemaTables(fs.readFileSync('app/db/schema.ts', 'utf8'));

describe('one owner per group of tables', () => {
  it('names an owner for every table of the schema, and no table the schema lacks', () => {
    expect(tables.map(({ table }) => table).sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('finds every write under app/server in its owner’s folder', () => {
    const files = execFileSync('git', ['ls-files', 'app/server'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/(\.test|test-helpers)\.tsx?$/.test(file) && fs.existsSync(file));
    const writes = files.flatMap((file) => writesIn(file, fs.readFileSync(file, 'utf8'), tables));
    // The scan sees the writes it is meant to: a sample from each style.
    expect(writes).toContainEqual({ file: 'app/server/promo/admin-promo-codes.server.ts', table: 'promo_codes' });
    expect(writes).toContainEqual({ file: 'app/server/payments/refunds.server.ts', table: 'orders' });
    expect(strayWrites(writes)).toEqual([]);
  });

  it('reports a write from a folder that does not own the table', () => {
    const source = [
      '/** Not this: tx.delete(orders) */',
      'await tx.update(promoCodes).set({ active: false });',
      'await tx.execute(sql`delete from refunds where id = ${id}`);',
    ].join('\n');
    const writes = writesIn('app/server/admin/promo-codes.server.ts', source, tables);
    expect(strayWrites(writes)).toEqual([
      'app/server/admin/promo-codes.server.ts writes refunds (owned by payments)',
      'app/server/admin/promo-codes.server.ts writes promo_codes (owned by promo)',
    ]);
  });
});
