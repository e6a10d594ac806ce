/**
 * Stock hoarding (decision 0008): one customer holds at most one unpaid order, and no order goes over the store's
 * per-order limit of one product. Real PostgreSQL and the Paystack simulator, through the checkout action.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { storeSettings } from '~/db/schema';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { db } from '~/server/db.server';
import { logger } from '~/server/logger.server';
import { orderRow, pay, paymentCount, putInCart, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { confirmPayment } from '../payments/confirm-payment.server';
import { releaseOrder } from '../payments/payment-sweep.server';
import { startPayment } from '../payments/start-payment.server';

const simulator = withSimulator();

type Paid = { payment: { orderId: string; reference: string } };
const placed = (result: Awaited<ReturnType<typeof pay>>) => {
  expect(result.status, JSON.stringify(result.data)).toBe(200);
  return (result.data as Paid).payment;
};

/** Orders of a user still holding stock (pending payment, stock reserved). */
const holding = async (userId: string) =>
  db().execute<{ id: string; units: number }>(sql`
    select o.id, (select sum(i.quantity)::int from order_items i where i.order_id = o.id) as units
    from orders o
    where o.user_id = ${userId} and o.payment_status in ('pending', 'awaiting') and o.stock_state = 'reserved'`);

const orderCount = async (userId: string) =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`))[0].n;

const withFault = async <T>(fault: Parameters<typeof simulator.current.setFault>[0], run: () => Promise<T>) => {
  simulator.current.setFault(fault);
  try {
    return await run();
  } finally {
    simulator.current.setFault('none');
  }
};

async function customerWithOrder(quantity = 1) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': 10 } });
  await putInCart(user.id, [{ productId: product.id, quantity }]);
  const first = placed(await pay(user.cookie));
  return { user, product, first };
}

describe('one unpaid order per customer', () => {
  it('checkout at 1, then 2, then 3: only the last order holds stock (3 units), the others are released', async () => {
    const { user, product, first } = await customerWithOrder(1);
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
    const second = placed(await pay(user.cookie));
    await putInCart(user.id, [{ productId: product.id, quantity: 3 }]);
    const third = placed(await pay(user.cookie));

    expect(new Set([first.orderId, second.orderId, third.orderId]).size).toBe(3);
    expect(await holding(user.id)).toEqual([{ id: third.orderId, units: 3 }]);
    expect(await stockOf(product.id)).toBe(7);
    for (const old of [first, second])
      expect(await orderRow(old.orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    const [event] = await db().execute<{ detail: { releasedBy: string } }>(
      sql`select detail from payment_events where order_id = ${first.orderId} and kind = 'released'`,
    );
    expect(event.detail.releasedBy).toBe('a newer checkout');
    // The same cart paid again resumes the same order: no Paystack call is needed to know that.
    expect(placed(await withFault('down', () => pay(user.cookie))).orderId).toBe(third.orderId);
  });

  it('a payment that still arrives for a released order completes it and takes its stock again', async () => {
    const { user, product, first } = await customerWithOrder(1);
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
    placed(await pay(user.cookie));
    expect(await stockOf(product.id)).toBe(8);
    simulator.current.pay(first.reference);
    expect(await confirmPayment(first.reference, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: false });
    expect(await orderRow(first.orderId)).toMatchObject({
      payment_status: 'paid',
      stock_state: 'committed',
      review_reason: null,
    });
    expect(await stockOf(product.id)).toBe(7);
  });

  it('an older order paid meanwhile is completed, not released; a cart it did not touch gets a new order', async () => {
    const { user, product, first } = await customerWithOrder(1);
    const other = await createProduct({ stock: { 'M/Black': 10 } });
    await db().execute(sql`delete from cart_lines where cart_id = (select id from carts where user_id = ${user.id})`);
    await putInCart(user.id, [{ productId: other.id, quantity: 2 }]);
    simulator.current.pay(first.reference);
    const second = placed(await pay(user.cookie));
    expect(await orderRow(first.orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await paymentCount(first.orderId)).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
    expect(await holding(user.id)).toEqual([{ id: second.orderId, units: 2 }]);
    expect(await stockOf(other.id)).toBe(8);
  });

  it('an older order paid meanwhile whose items leave the cart: no new order, a prompt to check the cart', async () => {
    const { user, product, first } = await customerWithOrder(1);
    await putInCart(user.id, [{ productId: product.id, quantity: 3 }]);
    simulator.current.pay(first.reference);
    expect(await pay(user.cookie)).toMatchObject({
      status: 409,
      data: { result: { error: { '': [CHECKOUT_MESSAGES.previousOrderPaid] } } },
    });
    expect(await orderRow(first.orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
    // What was bought left the cart; the rest is what the next Pay buys.
    const second = placed(await pay(user.cookie));
    expect(await holding(user.id)).toEqual([{ id: second.orderId, units: 2 }]);
  });

  it.each(['down', 'timeout', 'garbage'] as const)(
    'Paystack %s: nothing is released blindly and no second order is placed',
    async (fault) => {
      const { user, product, first } = await customerWithOrder(1);
      await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
      const warn = vi.spyOn(logger, 'warn');
      try {
        const refused = await withFault(fault, () => pay(user.cookie));
        expect(refused).toMatchObject({
          status: 503,
          data: {
            result: { error: { '': ['We are still checking your previous payment. Please try again in a minute.'] } },
          },
        });
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ userId: user.id, orderId: first.orderId }),
          'checkout refused: the previous unpaid order could not be checked with Paystack',
        );
      } finally {
        warn.mockRestore();
      }
      expect(await orderRow(first.orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
      expect(await orderCount(user.id)).toBe(1);
      expect(await stockOf(product.id)).toBe(9);
      // Once Paystack answers, the same Pay goes through.
      const second = placed(await pay(user.cookie));
      expect(await holding(user.id)).toEqual([{ id: second.orderId, units: 2 }]);
    },
  );

  it('a payment Paystack is still processing (a transfer on its way) keeps its stock; new checkout waits', async () => {
    const { user, product, first } = await customerWithOrder(1);
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
    (simulator.current.transactions.get(first.reference) as { status: string }).status = 'ongoing';
    expect(await pay(user.cookie)).toMatchObject({
      status: 409,
      data: { result: { error: { '': [CHECKOUT_MESSAGES.previousPaymentInProgress] } } },
    });
    expect(await holding(user.id)).toEqual([{ id: first.orderId, units: 1 }]);
    expect(await orderCount(user.id)).toBe(1);
  });

  it('concurrent checkouts by one customer: one order holds the stock, the older one is released', async () => {
    const { user, product, first } = await customerWithOrder(1);
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
    const results = await withFault('slow', () => Promise.all(Array.from({ length: 4 }, () => pay(user.cookie))));
    const orderIds = new Set(results.filter((r) => r.status === 200).map((r) => (r.data as Paid).payment.orderId));
    expect(orderIds.size).toBe(1);
    const [held] = await holding(user.id);
    expect(await holding(user.id)).toEqual([{ id: held.id, units: 2 }]);
    expect(orderIds.has(held.id)).toBe(true);
    expect(await orderCount(user.id)).toBe(2);
    expect(await orderRow(first.orderId)).toMatchObject({ stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(8);
  });

  it('an order released before its payment started is never sent to Paystack', async () => {
    const user = await createUser();
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    await putInCart(user.id, [{ productId: product.id }]);
    // Paystack down: the order is placed, its payment never initialized.
    expect((await withFault('down', () => pay(user.cookie))).status).toBe(503);
    const [order] = await holding(user.id);
    const row = await orderRow(order.id);
    expect(await releaseOrder(order.id, 'abandoned', 'not-found', 'checkout')).toBe(true);
    const pending = {
      id: order.id,
      reference: row.payment_reference,
      total: Number(row.total),
      accessCode: null,
      authorizationUrl: null,
      reused: true,
    };
    const started = await startPayment(pending, {
      email: user.email,
      callbackUrl: 'http://localhost/checkout/callback',
    });
    expect(started.kind).toBe('failed');
    expect(simulator.current.transactions.has(row.payment_reference)).toBe(false);
  });
});

describe("the store's per-order limit of one product, at checkout", () => {
  it('a cart over a limit lowered after adding: clear message and no order, with and without JavaScript', async () => {
    const user = await createUser();
    const product = await createProduct({
      name: 'Cargo Pant',
      sizes: ['M', 'L'],
      stock: { 'M/Black': 20, 'L/Black': 20 },
    });
    await putInCart(user.id, [
      { productId: product.id, size: 'M', quantity: 4 },
      { productId: product.id, size: 'L', quantity: 3 },
    ]);
    await db().update(storeSettings).set({ maxUnitsPerProduct: 6 });
    const warn = vi.spyOn(logger, 'warn');
    try {
      const message =
        'You can buy at most 6 of Cargo Pant per order, counting every size and colour; your cart has 7. ' +
        'Please lower the quantity in your cart and try again.';
      expect(await pay(user.cookie)).toMatchObject({ status: 409, data: { result: { error: { '': [message] } } } });
      expect(await pay(user.cookie, {}, 'redirect')).toMatchObject({
        status: 409,
        data: { result: { error: { '': [message] } } },
      });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ userId: user.id, productId: product.id, quantity: 7, limit: 6 }),
        'checkout refused: over the per-product limit',
      );
      expect(await orderCount(user.id)).toBe(0);
      expect(await stockOf(product.id, 'M')).toBe(20);
      await putInCart(user.id, [{ productId: product.id, size: 'L', quantity: 2 }]);
      placed(await pay(user.cookie));
      expect(await stockOf(product.id, 'L')).toBe(18);
    } finally {
      warn.mockRestore();
      await db().update(storeSettings).set({ maxUnitsPerProduct: 10 });
    }
  });
});
