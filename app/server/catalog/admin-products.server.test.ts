import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  cartLines,
  carts,
  orderItems,
  productImages,
  products,
  productVariants,
  wishlistItems,
} from '~/db/schema';
import type { ProductInput } from '~/lib/catalog/admin-catalog-product';
import { parseAdminProductQuery } from '~/lib/catalog/admin-catalog-query';
import { db } from '~/server/db.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { getOrderForUser } from '~/server/orders/orders.server';
import { getProduct } from '~/server/catalog/product.server';
import {
  createCollection as makeCollection,
  createOrder,
  createProduct as makeProduct,
  createUser,
} from '../../../tests/factories';
import { createProduct, deleteProduct, listAdminProducts, updateProduct } from './admin-products.server';

let actor: { id: string; email: string };
beforeAll(async () => {
  const admin = await createUser({ admin: true });
  actor = { id: admin.id, email: admin.email };
});

const input = (changes: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Server Test Shirt',
  price: 12_000_00,
  compareAtPrice: null,
  description: 'Made for the test.',
  category: 'Shirts',
  collectionId: null,
  sizes: ['S', 'M'],
  colors: ['Black'],
  inStock: true,
  featured: false,
  fitNote: '',
  stock: [
    { size: 'S', color: 'Black', stock: 4, was: undefined },
    { size: 'M', color: 'Black', stock: null, was: undefined },
  ],
  images: [
    { key: 'products/1_a', width: 800, height: 1000, widths: [320, 640], alt: 'Server Test Shirt' },
    { key: 'products/2_b', width: 900, height: 900, widths: [320], alt: 'Server Test Shirt' },
  ],
  ...changes,
});

const variantsOf = (id: string) =>
  db()
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.size);
const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

describe('createProduct / updateProduct', () => {
  it('writes the product, its images in order, a variant per cell, an audit entry with the product after', async () => {
    const id = await createProduct(actor, input());
    const product = await getProduct(id);
    expect(product).toMatchObject({
      name: 'Server Test Shirt',
      price: 12_000_00,
      sizes: ['S', 'M'],
      colors: ['Black'],
    });
    expect(product!.images.map((i) => i.key)).toEqual(['products/1_a', 'products/2_b']);
    // Every size x colour has its row (stock null: not tracked), so each has a SKU (decision 0034).
    expect(await variantsOf(id)).toEqual([
      { size: 'M', color: 'Black', stock: null },
      { size: 'S', color: 'Black', stock: 4 },
    ]);
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      action: 'product.create',
      entityType: 'product',
      actorEmail: actor.email,
      before: null,
    });
    expect(entry.after).toMatchObject({
      name: 'Server Test Shirt',
      price: 12_000_00,
      images: ['products/1_a', 'products/2_b'],
      variants: [
        { size: 'M', color: 'Black', stock: null, sku: `${id.toUpperCase()}-M-BLACK` },
        { size: 'S', color: 'Black', stock: 4, sku: `${id.toUpperCase()}-S-BLACK` },
      ],
    });
  });

  it('an edit records before and after, and leaves stock cells the admin did not touch as they are now', async () => {
    const id = await createProduct(actor, input());
    // A sale while the form was open: 4 -> 3.
    await db()
      .update(productVariants)
      .set({ stock: 3 })
      .where(and(eq(productVariants.productId, id), eq(productVariants.size, 'S')));
    const ok = await updateProduct(
      actor,
      id,
      input({
        price: 9_000_00,
        sizes: ['S', 'L'],
        stock: [
          { size: 'S', color: 'Black', stock: 4, was: 4 },
          { size: 'L', color: 'Black', stock: 2, was: undefined },
        ],
        images: [input().images[1]],
      }),
    );
    expect(ok).toBe(true);
    expect(await variantsOf(id)).toEqual([
      { size: 'L', color: 'Black', stock: 2 },
      { size: 'S', color: 'Black', stock: 3 },
    ]);
    const images = await db().select().from(productImages).where(eq(productImages.productId, id));
    expect(images.map((i) => [i.key, i.position])).toEqual([['products/2_b', 0]]);
    const [, entry] = await auditFor(id);
    expect(entry.action).toBe('product.update');
    expect(entry.before).toMatchObject({ price: 12_000_00, sizes: ['S', 'M'] });
    expect(entry.after).toMatchObject({ price: 9_000_00, sizes: ['S', 'L'], images: ['products/2_b'] });
  });

  it('a changed cell is written, a cleared one stops being tracked (its row and SKU stay)', async () => {
    const id = await createProduct(actor, input());
    await updateProduct(
      actor,
      id,
      input({
        stock: [
          { size: 'S', color: 'Black', stock: null, was: 4 },
          { size: 'M', color: 'Black', stock: 0, was: null },
        ],
      }),
    );
    expect(await variantsOf(id)).toEqual([
      { size: 'M', color: 'Black', stock: 0 },
      { size: 'S', color: 'Black', stock: null },
    ]);
  });

  it('a new price does not change an order already placed', async () => {
    const customer = await createUser();
    const id = await createProduct(actor, input());
    const order = await createOrder({
      userId: customer.id,
      items: [{ product: { id, name: 'Server Test Shirt', price: 12_000_00 } }],
    });
    await updateProduct(actor, id, input({ price: 1_00, name: 'Renamed' }));
    const lookup = await getOrderForUser(order.id, customer.id);
    expect(lookup.kind === 'found' && lookup.order.items[0]).toMatchObject({
      name: 'Server Test Shirt',
      unitPrice: 12_000_00,
      productId: id,
    });
  });

  it('answers false for a product that does not exist', async () => {
    expect(await updateProduct(actor, 'zzzzzzzzzzzzzz', input())).toBe(false);
    expect(await updateProduct(actor, 'not an id', input())).toBe(false);
  });
});

describe('deleteProduct', () => {
  it('removes the product, its cart lines and wishlist rows; orders stay readable from their snapshot', async () => {
    const customer = await createUser();
    const product = await makeProduct({ name: 'Ordered Coat', price: 70_000_00, stock: { 'M/Black': 2 } });
    const order = await createOrder({
      userId: customer.id,
      items: [{ product, size: 'M', color: 'Black', quantity: 2 }],
    });
    await db().insert(carts).values({ id: 'cartfordelete1', userId: customer.id });
    await db()
      .insert(cartLines)
      .values({ cartId: 'cartfordelete1', productId: product.id, size: 'M', color: 'Black', quantity: 1 });
    await db().insert(wishlistItems).values({ userId: customer.id, productId: product.id });

    expect(await deleteProduct(actor, product.id)).toBe(true);

    expect(await db().select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await db().select().from(cartLines).where(eq(cartLines.productId, product.id))).toEqual([]);
    expect(await db().select().from(wishlistItems).where(eq(wishlistItems.productId, product.id))).toEqual([]);
    const lookup = await getOrderForUser(order.id, customer.id);
    expect(lookup.kind).toBe('found');
    if (lookup.kind !== 'found') return;
    expect(lookup.order.items).toEqual([
      expect.objectContaining({
        productId: null,
        name: 'Ordered Coat',
        unitPrice: 70_000_00,
        size: 'M',
        color: 'Black',
        quantity: 2,
      }),
    ]);
    expect(lookup.order.total).toBe(order.total);
    const [row] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(row.productId).toBeNull();
    const [entry] = await auditFor(product.id);
    expect(entry).toMatchObject({ action: 'product.delete', after: null });
    expect(entry.before).toMatchObject({ name: 'Ordered Coat', variants: [{ size: 'M', color: 'Black', stock: 2 }] });
  });

  it('answers false for a product that does not exist', async () => {
    expect(await deleteProduct(actor, 'zzzzzzzzzzzzzz')).toBe(false);
  });
});

describe('the storefront sees changes at once', () => {
  it('each committed write drops the stored storefront pages; a write to a missing product does not', async () => {
    const start = contentVersion();
    const id = await createProduct(actor, input());
    expect(contentVersion()).toBe(start + 1);
    await updateProduct(actor, id, input({ price: 1_00 }));
    expect(contentVersion()).toBe(start + 2);
    await deleteProduct(actor, id);
    expect(contentVersion()).toBe(start + 3);
    await updateProduct(actor, id, input());
    await deleteProduct(actor, id);
    expect(contentVersion()).toBe(start + 3);
  });
});

describe('listAdminProducts', () => {
  it('lists newest first with stock figures, and filters by name, category, collection and stock', async () => {
    const collection = await makeCollection({ name: 'List Test' });
    const base = Date.now() + 60_000;
    const at = (n: number) => new Date(base + n * 1000);
    const soldOut = await makeProduct({
      name: 'Zq Sold Tee',
      category: 'Shirts',
      sizes: ['S'],
      colors: ['Black'],
      stock: { 'S/Black': 0 },
      createdAt: at(1),
    });
    const low = await makeProduct({
      name: 'Zq Low Dress',
      category: 'Dresses',
      collectionId: collection.id,
      sizes: ['S', 'M'],
      colors: ['Red'],
      stock: { 'S/Red': 2, 'M/Red': 40 },
      createdAt: at(2),
    });
    const plenty = await makeProduct({
      name: 'Zq 100%_Cotton Shirt',
      category: 'Shirts',
      sizes: [],
      colors: [],
      stock: { '/': 30 },
      createdAt: at(3),
    });
    const untracked = await makeProduct({ name: 'Zq Loose Shoe', category: 'Shoes', createdAt: at(4) });
    const off = await makeProduct({ name: 'Zq Off Pants', category: 'Pants', inStock: false, createdAt: at(5) });

    const list = (search: string) => listAdminProducts(parseAdminProductQuery(new URLSearchParams(search)));
    const names = async (search: string) => (await list(search)).rows.map((r) => r.name);

    const all = await list('q=zq');
    expect(all.rows.map((r) => r.id)).toEqual([off.id, untracked.id, plenty.id, low.id, soldOut.id]);
    expect(all.total).toBe(5);
    const byId = Object.fromEntries(all.rows.map((r) => [r.id, r.stock]));
    expect(byId[soldOut.id]).toEqual({ inStock: true, tracked: 1, units: 0, cells: 1 });
    expect(byId[low.id]).toEqual({ inStock: true, tracked: 2, units: 42, cells: 2 });
    expect(byId[plenty.id]).toEqual({ inStock: true, tracked: 1, units: 30, cells: 1 });
    expect(byId[untracked.id]).toMatchObject({ tracked: 0, units: 0 });
    expect(all.rows.find((r) => r.id === low.id)).toMatchObject({ collectionName: 'List Test', price: 15_000_00 });

    expect(await names('q=ZQ+LOW')).toEqual(['Zq Low Dress']);
    // % and _ are letters in a search, not wildcards.
    expect(await names('q=100%25_')).toEqual(['Zq 100%_Cotton Shirt']);
    expect(await names('q=zq&category=Shirts')).toEqual(['Zq 100%_Cotton Shirt', 'Zq Sold Tee']);
    expect(await names(`q=zq&collection=${collection.id}`)).toEqual(['Zq Low Dress']);
    expect(await names('q=zq&collection=none')).toHaveLength(4);
    expect(await names('q=zq&stock=sold-out')).toEqual(['Zq Off Pants', 'Zq Sold Tee']);
    expect(await names('q=zq&stock=low')).toEqual(['Zq Low Dress']);
    expect(await names('q=zq&stock=in-stock')).toEqual(['Zq Loose Shoe', 'Zq 100%_Cotton Shirt', 'Zq Low Dress']);
  });

  it('pages 20 at a time and cuts descriptions near 50 characters', async () => {
    for (let i = 0; i < 22; i++) await makeProduct({ name: `Pg Item ${i}`, description: 'x'.repeat(80) });
    const first = await listAdminProducts(parseAdminProductQuery(new URLSearchParams('q=pg item')));
    const second = await listAdminProducts(parseAdminProductQuery(new URLSearchParams('q=pg item&page=2')));
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].description).toHaveLength(51);
    expect(second.rows).toHaveLength(2);
    expect(first.pageCount).toBe(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(22);
  });
});
