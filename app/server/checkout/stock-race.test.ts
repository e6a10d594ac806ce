/** The last unit is sold once; one customer's double click or two tabs make one order (real PostgreSQL, concurrent). */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { pay, putInCart, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';

const simulator = withSimulator();

const ordersOf = async (productId: string) => {
  const [row] = await db().execute<{ n: number }>(
    sql`select count(distinct order_id)::int as n from order_items where product_id = ${productId}`,
  );
  return row.n;
};

describe('concurrent checkouts', () => {
  it('20 customers pay at once for the last unit: exactly 1 order, others a clear out-of-stock message', async () => {
    const product = await createProduct({ name: 'Last Jacket', stock: { 'M/Black': 1 } });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    for (const customer of customers) await putInCart(customer.id, [{ productId: product.id }]);
    const results = await Promise.all(customers.map((customer) => pay(customer.cookie)));
    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect((r.data as { result: { error: Record<string, string[]> } }).result.error[''][0]).toBe(
        'Sorry, Last Jacket (M, Black) has just sold out. Please remove it from your cart and try again.',
      );
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('holds with sizes from any set: 12 customers for the last pair in 42, one order; 43 untouched', async () => {
    const product = await createProduct({
      name: 'Last Sneaker',
      sizeSetId: 'shoeseu0000001',
      sizes: ['42', '43'],
      colors: ['White'],
      stock: { '42/White': 1, '43/White': 5 },
    });
    const customers = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    for (const customer of customers)
      await putInCart(customer.id, [{ productId: product.id, size: '42', color: 'White' }]);
    const results = await Promise.all(customers.map((customer) => pay(customer.cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(11);
    for (const r of refused)
      expect((r.data as { result: { error: Record<string, string[]> } }).result.error[''][0]).toBe(
        'Sorry, Last Sneaker (42, White) has just sold out. Please remove it from your cart and try again.',
      );
    expect(await stockOf(product.id, '42', 'White')).toBe(0);
    expect(await stockOf(product.id, '43', 'White')).toBe(5);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('a double click or second tab gets the same order: one order, one stock decrement, one transaction', async () => {
    const product = await createProduct({ stock: { 'M/Black': 4 } });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
    // Paystack answering slowly makes the three initializations overlap.
    simulator.current.setFault('slow');
    const results = await Promise.all([pay(customer.cookie), pay(customer.cookie), pay(customer.cookie)]).finally(() =>
      simulator.current.setFault('none'),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const payments = results.map((r) => (r.data as { payment: { orderId: string; accessCode: string } }).payment);
    expect(new Set(payments.map((p) => p.orderId)).size).toBe(1);
    expect(new Set(payments.map((p) => p.accessCode)).size).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('a changed cart makes a new order; an item short of stock leaves nothing reserved', async () => {
    const plenty = await createProduct({ stock: { 'M/Black': 10 } });
    const scarce = await createProduct({ stock: { 'M/Black': 1 } });
    const customer = await createUser();
    await putInCart(customer.id, [
      { productId: plenty.id, quantity: 3 },
      { productId: scarce.id, quantity: 2 },
    ]);
    const refused = await pay(customer.cookie);
    expect(refused.status).toBe(409);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error[''][0]).toMatch(
      /only 1 of .* is left/,
    );
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
  });
});
