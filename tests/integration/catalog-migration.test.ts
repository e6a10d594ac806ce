/**
 * drizzle/0021_catalog-for-fashion.sql moves a store's catalog without loss (decision 0034): on a database migrated
 * only up to the migration before it and holding products, stock, a cart and an order, it makes every product a
 * "Clothing" product with the sizes and colours it had, gives every size x colour a variant with a SKU (stock as it
 * was, untracked where there was no row), and changes no cart line, order or order line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { databaseUrl, dropDatabase } from '../setup/template';

const MIGRATION = '0021_catalog-for-fashion';
const adminUrl = inject('adminDatabaseUrl');
const name = `store_migration_${process.pid}_${Date.now()}`;
let sql: postgres.Sql;
const snapshot: Record<string, unknown[]> = {};

/** A copy of drizzle/ whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(path.resolve('drizzle'), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const ordersAndLines = async () => ({
  orders: await sql`select id, total, shipping_address, status, payment_status, stock_state from orders order by id`,
  items: await sql`select order_id, position, product_id, name, unit_price, size, color, quantity
    from order_items order by order_id, position`,
  cartLines: await sql`select cart_id, product_id, size, color, quantity from cart_lines order by product_id, size`,
});

beforeAll(async () => {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  sql = postgres(databaseUrl(adminUrl, name), { max: 1, onnotice: () => {} });
  await migrate(drizzle(sql), { migrationsFolder: migrationsBefore(MIGRATION) });
  // A store as the migration before left it: a product with sizes and colours and stock for some of them, a
  // product with neither, a cart line and a paid order.
  await sql`insert into products (id, name, description, price, category, sizes, colors) values
    ('prodshirt00001', 'Linen Shirt', 'Loose.', 2500000, 'Shirts', '{S,M,L}', '{Black,White}'),
    ('prodscarf00001', 'Silk Scarf', 'Soft.', 1200000, 'Accessories', '{}', '{}')`;
  await sql`insert into product_variants (product_id, size, color, stock) values
    ('prodshirt00001', 'S', 'Black', 4), ('prodshirt00001', 'M', 'White', 0)`;
  await sql`insert into carts (id) values ('cartcartcart01')`;
  await sql`insert into cart_lines (cart_id, product_id, size, color, quantity)
    values ('cartcartcart01', 'prodshirt00001', 'M', 'Black', 2)`;
  await sql`insert into users (id, name, email, first_name, last_name)
    values ('userada0000001', 'Ada Obi', 'ada@example.com', 'Ada', 'Obi')`;
  await sql`insert into orders (id, user_id, subtotal, shipping, total, shipping_address, status, payment_status,
      stock_state, payment_reference)
    values ('orderorder0001', 'userada0000001', 2500000, 260000, 2760000, ${JSON.stringify({ city: 'Lagos' })}::jsonb,
      'processing', 'paid', 'committed', 'pj-1-abc')`;
  await sql`insert into order_items (order_id, position, product_id, name, unit_price, size, color, quantity)
    values ('orderorder0001', 0, 'prodshirt00001', 'Linen Shirt', 2500000, 'S', 'Black', 1)`;
  Object.assign(snapshot, await ordersAndLines());
  await migrate(drizzle(sql), { migrationsFolder: path.resolve('drizzle') });
});

afterAll(async () => {
  await sql?.end();
  await dropDatabase(adminUrl, name);
});

describe(`the ${MIGRATION} migration`, () => {
  it('makes every product a Clothing product with the sizes and colours it had', async () => {
    const products = await sql`select p.id, p.sizes, p.colors, p.compare_at_price, s.name as size_set
      from products p join size_sets s on s.id = p.size_set_id order by p.id`;
    expect(products).toEqual([
      { id: 'prodscarf00001', sizes: [], colors: [], compare_at_price: null, size_set: 'Clothing' },
      {
        id: 'prodshirt00001',
        sizes: ['S', 'M', 'L'],
        colors: ['Black', 'White'],
        compare_at_price: null,
        size_set: 'Clothing',
      },
    ]);
  });

  it('starts the size sets and the eight colours, Clothing the default', async () => {
    const sets = await sql`select name, sizes, is_default from size_sets order by position`;
    expect(sets.map((set) => set.name)).toEqual(['Clothing', 'Shoes (EU)', 'One size', 'Waist']);
    expect(sets[0]).toMatchObject({ sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'], is_default: true });
    expect(sets[1].sizes).toContain('42');
    const colours = await sql`select name, swatch from colours order by position`;
    expect(colours.map((colour) => colour.name)).toEqual([
      'Black',
      'White',
      'Gray',
      'Navy',
      'Red',
      'Blue',
      'Green',
      'Brown',
    ]);
  });

  it('keeps every stock figure and gives every size x colour a variant with its own SKU', async () => {
    const variants = await sql`select product_id, size, color, stock, sku from product_variants
      order by product_id, size, color`;
    expect(variants).toHaveLength(7);
    const stockOf = (size: string, color: string) =>
      variants.find((v) => v.product_id === 'prodshirt00001' && v.size === size && v.color === color)?.stock;
    expect(stockOf('S', 'Black')).toBe(4);
    expect(stockOf('M', 'White')).toBe(0);
    expect(stockOf('L', 'White')).toBeNull();
    expect(variants.find((v) => v.product_id === 'prodscarf00001')).toMatchObject({
      size: '',
      color: '',
      stock: null,
      sku: 'PRODSCARF00001-NOSIZE-NOCOLOUR',
    });
    expect(stockOf('S', 'Black') && variants.find((v) => v.size === 'S' && v.color === 'Black')?.sku).toBe(
      'PRODSHIRT00001-S-BLACK',
    );
    expect(new Set(variants.map((v) => v.sku.toLowerCase())).size).toBe(variants.length);
  });

  it('changes no order, order line or cart line', async () => {
    expect(await ordersAndLines()).toEqual(snapshot);
    const [item] = await sql`select sku from order_items`;
    expect(item.sku).toBe('');
  });

  it('writes a SKU for a new variant, keeps one given, and numbers a taken one', async () => {
    await sql`insert into product_variants (product_id, size, color, stock)
      values ('prodshirt00001', 'XL', 'Black', 1)`;
    await sql`insert into product_variants (product_id, size, color, stock, sku)
      values ('prodshirt00001', 'XS', 'Black', 1, 'LS-XS-BLK')`;
    await sql`update products set sizes = '{S,M,L,XL,XS,One-size}' where id = 'prodshirt00001'`;
    await sql`insert into product_variants (product_id, size, color) values ('prodshirt00001', 'One size', 'Black')`;
    await sql`insert into product_variants (product_id, size, color) values ('prodshirt00001', 'One-size', 'Black')`;
    const skus = await sql`select size, sku from product_variants where product_id = 'prodshirt00001'
      and size in ('XL', 'XS', 'One size', 'One-size') order by size`;
    expect(skus).toEqual([
      { size: 'One size', sku: 'PRODSHIRT00001-ONE-SIZE-BLACK' },
      { size: 'One-size', sku: 'PRODSHIRT00001-ONE-SIZE-BLACK-2' },
      { size: 'XL', sku: 'PRODSHIRT00001-XL-BLACK' },
      { size: 'XS', sku: 'LS-XS-BLK' },
    ]);
  });
});
