/**
 * Drops at the server (decision 0036), on real PostgreSQL: before its opening a product cannot be added to a cart (a
 * forged post included) nor paid for from a cart that already holds it; its collection's later time counts too; and
 * the cap per customer holds under 20 concurrent Pays of one customer.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '~/db/schema';
import { DROP_WORDS } from '~/lib/catalog/drops';
import { db } from '~/server/db.server';
import { post } from '~/routes/cart-test-helpers';
import { pay, putInCart, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { createCollection, createProduct, createUser } from '../../../tests/factories';

withSimulator();

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const errorOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]> } }).result.error[''][0];

const unitsOrdered = async (productId: string) => {
  const [row] = await db().execute<{ n: number; orders: number }>(sql`
    select coalesce(sum(i.quantity), 0)::int as n, count(distinct i.order_id)::int as orders
    from order_items i where i.product_id = ${productId}`);
  return row;
};

describe('a drop before its opening', () => {
  it('refuses an add to cart, a forged post included, and takes it once open', async () => {
    const product = await createProduct({ dropsAt: inHours(2), stock: { 'M/Black': 5 } });
    const add = { intent: 'add', productId: product.id, size: 'M', color: 'Black', quantity: '1' };
    const refused = await post(add);
    expect(refused).toMatchObject({ status: 400, body: { ok: false, message: DROP_WORDS.notOpen } });
    expect(await db().execute(sql`select 1 from cart_lines where product_id = ${product.id}`)).toHaveLength(0);

    await db().execute(sql`update products set drops_at = now() - interval '1 second' where id = ${product.id}`);
    expect(await post(add)).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('a line added before the drop was set may be lowered, not raised', async () => {
    const product = await createProduct({ stock: { 'M/Black': 5 } });
    const line = { productId: product.id, size: 'M', color: 'Black' };
    const added = await post({ intent: 'add', ...line, quantity: '2' });
    expect(added.body.ok).toBe(true);
    await db().execute(sql`update products set drops_at = now() + interval '1 hour' where id = ${product.id}`);
    const raised = await post({ intent: 'update', ...line, quantity: '3' }, added.cookie);
    expect(raised).toMatchObject({ status: 400, body: { message: DROP_WORDS.notOpen, quantity: 2 } });
    const lowered = await post({ intent: 'update', ...line, quantity: '1' }, added.cookie);
    expect(lowered).toMatchObject({ status: 200, body: { ok: true, quantity: 1 } });
  });

  it("counts its collection's later time", async () => {
    const collection = await createCollection({ dropsAt: inHours(5) });
    const product = await createProduct({ collectionId: collection.id, dropsAt: inHours(-1) });
    const answer = await post({ intent: 'add', productId: product.id, size: 'M', color: 'Black', quantity: '1' });
    expect(answer.body.message).toBe(DROP_WORDS.notOpen);
  });

  it('refuses Pay for a cart that already holds it: nothing placed, no stock taken', async () => {
    const product = await createProduct({ name: 'Night Jacket', stock: { 'M/Black': 5 } });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: product.id }]);
    // The admin set the drop after it was added (or the post was forged around the page).
    await db().execute(sql`update products set drops_at = '2099-12-12T17:00:00Z' where id = ${product.id}`);
    const answer = await pay(customer.cookie);
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toBe(
      'Night Jacket has not dropped yet: it opens Sat 12 Dec, 18:00 (Lagos time). ' +
        'Please remove it from your cart to pay for the rest, or wait until it opens.',
    );
    expect(await stockOf(product.id)).toBe(5);
    expect((await unitsOrdered(product.id)).orders).toBe(0);
  });
});

describe('the cap per customer', () => {
  it('20 concurrent Pays of one customer within the cap: one order, its units once', async () => {
    const product = await createProduct({ dropCap: 2, stock: { 'M/Black': 50 } });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(customer.cookie)));
    // The order being resumed is the cart itself: it never counts against its own cap.
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await unitsOrdered(product.id)).toEqual({ n: 2, orders: 1 });
    expect(await stockOf(product.id)).toBe(48);
  });

  it("20 concurrent Pays over the cap with the customer's paid order: all refused, nothing taken", async () => {
    const product = await createProduct({ name: 'Drop Tee', dropCap: 3, stock: { 'M/Black': 50 } });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
    const first = await pay(customer.cookie);
    expect(first.status).toBe(200);
    // That order is paid: its two units count, as a due (pay on delivery) or reserved order's would.
    await db()
      .update(orders)
      .set({ paymentStatus: 'paid', stockState: 'committed' })
      .where(sql`user_id = ${customer.id}`);
    await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(customer.cookie)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(409));
    for (const r of results)
      expect(errorOf(r)).toBe(
        'Drop Tee is limited to 3 per customer, and your orders already hold 2: you may buy 1 more. ' +
          'Please lower it in your cart.',
      );
    expect(await unitsOrdered(product.id)).toEqual({ n: 2, orders: 1 });
    expect(await stockOf(product.id)).toBe(48);

    // One more fits; a cancelled or released order no longer holds its units.
    await putInCart(customer.id, [{ productId: product.id, quantity: 1 }]);
    expect((await pay(customer.cookie)).status).toBe(200);
    expect(await unitsOrdered(product.id)).toEqual({ n: 3, orders: 2 });
  });

  it('counts every size and colour of the product in the cart against the cap', async () => {
    const product = await createProduct({ name: 'Drop Cap', dropCap: 2, stock: { 'M/Black': 9, 'L/White': 9 } });
    const customer = await createUser();
    await putInCart(customer.id, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 2 },
      { productId: product.id, size: 'L', color: 'White', quantity: 1 },
    ]);
    const answer = await pay(customer.cookie);
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toBe('Drop Cap is limited to 2 per customer. Please lower it in your cart to 2.');
  });
});
