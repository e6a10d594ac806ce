/**
 * The product form's size sets and SKUs (decision 0034, docs/requirements.md#12-admin-area) as a browser posts it: the
 * sizes of the chosen set only, kept in its order; a variant row and SKU per size × colour; a typed SKU another
 * product has refused; and a size that still has stock or cart lines taken away only once the admin says so, with
 * every order line kept.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartLines, carts, orderItems, products, productVariants } from '~/db/schema';
import { db } from '~/server/db.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, outcome } from '../../../tests/route-helpers';
import { answerOf, cookie, create, edit, fields, savedId, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

const SHOES = 'shoeseu0000001';

const createWith = (posted: Record<string, string | string[]>) =>
  outcome(() => create.action(args(multipart('/admin/products/new', posted, [], { cookie }))));
const editWith = (id: string, posted: Record<string, string | string[]>) =>
  outcome(() => edit.action(args(multipart(`/admin/products/edit/${id}`, posted, [], { cookie }), { id })));
const variantsOf = (id: string) =>
  db()
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.size, productVariants.color);
const skuOf = async (id: string, size: string, color: string) =>
  (
    await db()
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.size, size), eq(productVariants.color, color)))
  )[0]?.sku;
const shoeFields = (changes: Record<string, string | string[]> = {}) => {
  const base = fields({ name: 'Court sneaker', category: 'Shoes', sizeSetId: SHOES, sizes: ['43', '42'] });
  delete (base as Record<string, unknown>)['stock.M|White'];
  delete (base as Record<string, unknown>)['stock.L|White'];
  return { ...base, 'stock.42|White': '6', ...changes };
};

describe('the product form with size sets', () => {
  it("saves shoes in EU sizes, in the set's order, with a variant row and a SKU per size and colour", async () => {
    const created = await createWith(shoeFields({ 'sku.43|White': 'sneak-43-wht' }));
    expect(created.status).toBe(302);
    const id = savedId(created.location);
    const [row] = await db().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ sizeSetId: SHOES, sizes: ['42', '43'] });
    expect(await variantsOf(id)).toEqual([
      { size: '42', color: 'White', stock: 6 },
      { size: '43', color: 'White', stock: null },
    ]);
    expect(await skuOf(id, '42', 'White')).toBe(`${id.toUpperCase()}-42-WHITE`);
    expect(await skuOf(id, '43', 'White')).toBe('sneak-43-wht');
  });

  it('refuses a size outside the chosen set, and a set that does not exist', async () => {
    const wrongSize = await createWith(shoeFields({ sizes: ['42', 'M'] }));
    expect(wrongSize.status).toBe(400);
    expect(answerOf(wrongSize.data).result.error?.sizes).toEqual(['Please choose sizes of the Shoes (EU) set.']);
    const noSet = await createWith(shoeFields({ sizeSetId: 'nosuchset00001' }));
    expect(noSet.status).toBe(400);
    expect(answerOf(noSet.data).result.error?.sizeSetId).toEqual(['Please choose a size set from the list.']);
  });

  it("refuses a SKU another product's variant has (without case), and saves nothing", async () => {
    const other = await createProduct({ sizes: ['M'], colors: ['Black'], stock: { 'M/Black': 1 } });
    await db().update(productVariants).set({ sku: 'TAKEN-1' }).where(eq(productVariants.productId, other.id));
    const refused = await createWith(shoeFields({ name: 'Copycat', 'sku.42|White': 'taken-1' }));
    expect(refused.status).toBe(400);
    expect(answerOf(refused.data).result.error?.sku).toEqual([
      "Another product's size and colour already has the SKU taken-1. Please choose another.",
    ]);
    expect(await db().select().from(products).where(eq(products.name, 'Copycat'))).toEqual([]);
  });

  it('asks before taking away a size with stock or cart lines, then takes it and keeps every order line', async () => {
    const product = await createProduct({
      name: 'Linen trousers',
      sizes: ['S', 'M'],
      colors: ['White'],
      stock: { 'S/White': 2, 'M/White': 4 },
    });
    const buyer = await createUser();
    const order = await createOrder({
      userId: buyer.id,
      items: [{ product, size: 'M', color: 'White', quantity: 1 }],
    });
    const [cart] = await db()
      .insert(carts)
      .values({ id: `cart-${product.id}`, userId: null })
      .returning();
    await db()
      .insert(cartLines)
      .values({ cartId: cart.id, productId: product.id, size: 'M', color: 'White', quantity: 1 });
    const posted = {
      ...fields({ name: product.name, sizes: ['S'], colors: ['White'] }),
      'stock.S|White': '2',
      'stockWas.S|White': '2',
      'stockWas.M|White': '4',
    };
    delete (posted as Record<string, unknown>)['stock.M|White'];

    const asked = await editWith(product.id, posted);
    expect(asked.status).toBe(409);
    const removal = (asked.data as { removal?: { question: string; answer: string } }).removal;
    expect(removal).toEqual({ question: 'M has 4 in stock and 1 cart line waiting. Remove it anyway?', answer: 'M' });
    // Nothing changed yet.
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0].sizes).toEqual(['S', 'M']);

    const confirmed = await editWith(product.id, { ...posted, confirmRemoval: removal!.answer });
    expect([confirmed.status, confirmed.location]).toEqual([302, `/admin/products/edit/${product.id}?saved=1`]);
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0].sizes).toEqual(['S']);
    expect(await variantsOf(product.id)).toEqual([{ size: 'S', color: 'White', stock: 2 }]);
    // The order line is a snapshot: still there, still size M, still pointing at the product.
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toMatchObject([{ productId: product.id, size: 'M', color: 'White', quantity: 1 }]);
  });

  it('takes away a size with no stock and no cart lines without asking', async () => {
    const product = await createProduct({ sizes: ['S', 'M'], colors: ['White'], stock: { 'M/White': 0 } });
    const posted = { ...fields({ name: product.name, sizes: ['S'], colors: ['White'] }), 'stock.S|White': '' };
    delete (posted as Record<string, unknown>)['stock.M|White'];
    const saved = await editWith(product.id, posted);
    expect(saved.status).toBe(302);
    expect(await variantsOf(product.id)).toEqual([{ size: 'S', color: 'White', stock: null }]);
  });
});
