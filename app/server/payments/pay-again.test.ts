/**
 * Paying an unpaid order again from its page (decision 0025), against real PostgreSQL and the Paystack
 * simulator, through the order page's action and the route Paystack sends the shopper back to. An order the sweep
 * released is paid again as the same order under a fresh reference, once Paystack says the old one is unpaid; the
 * stock and the promo code's use are taken again or nothing is; the old reference still pays the order, and a second
 * success is flagged as a second charge; two clicks at once reopen it once.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, productVariants, promoCodes, replacedPaymentReferences } from '~/db/schema';
import { PAY_AGAIN_MESSAGES } from '~/lib/payments/pay-again';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { db } from '~/server/db.server';
import {
  ageOrder,
  orderRow,
  pay,
  paymentCount,
  putInCart,
  stockOf,
  withSimulator,
} from '../../../tests/checkout-helpers';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import { confirmPayment } from './confirm-payment.server';
import { applyDisputeEvent } from './disputes.server';
import { settlePendingOrder, sweepStalePayments } from './payment-sweep.server';

const simulator = withSimulator();
const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');
const returnRoute = await routeModule<typeof import('~/routes/order-payment')>('routes/order-payment.ts');

/** A customer's order of `quantity` of a product with `stock` units, left unpaid and released by the sweep. */
async function releasedOrder({
  quantity = 2,
  stock = 3,
  promoCode,
}: { quantity?: number; stock?: number; promoCode?: string } = {}) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': stock }, price: 10_000_00 });
  await putInCart(user.id, [{ productId: product.id, quantity }]);
  if (promoCode) await db().execute(sql`update carts set promo_code = ${promoCode} where user_id = ${user.id}`);
  const placed = await pay(user.cookie);
  expect(placed.status).toBe(200);
  const { payment } = placed.data as { payment: { orderId: string; reference: string } };
  await ageOrder(payment.orderId, '31 minutes');
  await sweepStalePayments();
  expect(await orderRow(payment.orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
  expect(await stockOf(product.id)).toBe(stock);
  return { user, product, orderId: payment.orderId, oldReference: payment.reference };
}

const payAgain = (orderId: string, cookie?: string) =>
  outcome(() => orderRoute.action(args(post(`/orders/${orderId}`, {}, { cookie }), { orderId })));

/** Back from Paystack's page for `reference`, as the browser comes back. */
const comeBack = (orderId: string, reference: string, cookie: string) =>
  outcome(() =>
    returnRoute.loader(
      args(get(`/orders/${orderId}/payment?trxref=${reference}&reference=${reference}`, cookie), { orderId }),
    ),
  );

const ordersOf = async (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

const supportMails = async (orderId: string) =>
  db().execute(sql`select 1 from pgboss.job where name = 'mail'
    and data->'mail'->>'subject' = ${`Order ${orderId} was paid twice`}`);

describe('a released order paid again', () => {
  it('is the same order under a fresh reference, its stock taken again, paid through Paystack’s page', async () => {
    const { user, product, orderId, oldReference } = await releasedOrder();
    const page = await outcome(() => orderRoute.loader(args(get(`/orders/${orderId}`, user.cookie), { orderId })));
    expect(page.data).toMatchObject({ payAgain: true });

    const answer = await payAgain(orderId, user.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(new RegExp(`^${simulator.current.baseUrl}/checkout/`));
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(row.payment_reference).not.toBe(oldReference);
    expect(await stockOf(product.id)).toBe(1);
    const replaced = await db()
      .select()
      .from(replacedPaymentReferences)
      .where(eq(replacedPaymentReferences.orderId, orderId));
    expect(replaced.map((r) => r.reference)).toEqual([oldReference]);
    // Paystack was told the new reference, for the order's own total, and comes back to this order's return route.
    const started = simulator.current.transactions.get(row.payment_reference);
    expect(started).toMatchObject({ amount: Number(row.total) });
    expect(started?.callbackUrl).toMatch(new RegExp(`/orders/${orderId}/payment$`));

    simulator.current.pay(row.payment_reference);
    const back = await comeBack(orderId, row.payment_reference, user.cookie);
    expect(back.location).toBe(`/order-success/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await stockOf(product.id)).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await paymentCount(orderId)).toBe(1);
  });

  it('not paid this time either: back to the order’s page, which says so and offers Pay again', async () => {
    const { user, orderId } = await releasedOrder();
    await payAgain(orderId, user.cookie);
    const { payment_reference: reference } = await orderRow(orderId);
    const back = await comeBack(orderId, reference, user.cookie);
    expect(back.location).toBe(`/orders/${orderId}?payment=failed`);
    const page = await outcome(() =>
      orderRoute.loader(args(get(`/orders/${orderId}?payment=failed`, user.cookie), { orderId })),
    );
    expect(page.data).toMatchObject({ payAgain: true, notice: PAY_AGAIN_MESSAGES.notPaid });
    // A second click resumes the same payment: no third reference, the stock taken once.
    const again = await payAgain(orderId, user.cookie);
    expect(again.status).toBe(302);
    expect((await orderRow(orderId)).payment_reference).toBe(reference);
  });

  it('left again: the sweep gives the stock back once its timeout passes from the new hold, not from the order’s age', async () => {
    const { user, product, orderId } = await releasedOrder();
    await payAgain(orderId, user.cookie);
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'reserved' });
    await ageOrder(orderId, '31 minutes');
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('two clicks at once reopen it once and take its stock once', async () => {
    const { user, product, orderId } = await releasedOrder();
    const answers = await Promise.all([payAgain(orderId, user.cookie), payAgain(orderId, user.cookie)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(answers[0].location).toBe(answers[1].location);
    expect(await stockOf(product.id)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    const events = await db().execute(
      sql`select 1 from payment_events where order_id = ${orderId} and kind = 'reopened'`,
    );
    expect(events).toHaveLength(1);
  });
});

describe('the old reference', () => {
  it('paid after all before Pay again: the order is completed, nothing is charged again', async () => {
    const { user, product, orderId, oldReference } = await releasedOrder();
    simulator.current.pay(oldReference);
    const answer = await payAgain(orderId, user.cookie);
    expect(answer.location).toBe(`/order-success/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', payment_reference: oldReference });
    expect(await stockOf(product.id)).toBe(1);
    // No second Paystack transaction was started for the order.
    const started = [...simulator.current.transactions.values()].filter(
      (t) => (t.metadata as { orderId?: string } | null)?.orderId === orderId,
    );
    expect(started.map((t) => t.reference)).toEqual([oldReference]);
    expect(await paymentCount(orderId)).toBe(1);
  });

  it.each(['down', 'timeout', 'garbage'] as const)(
    'Paystack %s when it is asked: Pay again waits, changing nothing',
    async (fault) => {
      const { user, product, orderId, oldReference } = await releasedOrder();
      simulator.current.setFault(fault);
      try {
        const answer = await payAgain(orderId, user.cookie);
        expect(answer).toMatchObject({ status: 503, data: { message: CHECKOUT_MESSAGES.previousPaymentUnchecked } });
      } finally {
        simulator.current.setFault('none');
      }
      expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released', payment_reference: oldReference });
      expect(await stockOf(product.id)).toBe(3);
    },
  );

  it('a transfer on its way on it: Pay again waits, changing nothing', async () => {
    const { user, product, orderId, oldReference } = await releasedOrder();
    simulator.current.startPending(oldReference);
    const answer = await payAgain(orderId, user.cookie);
    expect(answer).toMatchObject({ status: 409, data: { message: CHECKOUT_MESSAGES.previousPaymentInProgress } });
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released', payment_reference: oldReference });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('paid after the order got a new one: the order is paid by it, and a second success is flagged once', async () => {
    const { user, orderId, oldReference } = await releasedOrder();
    await payAgain(orderId, user.cookie);
    const { payment_reference: fresh } = await orderRow(orderId);

    // The old page, still open in another tab, is paid: the webhook (or a verify) finds the order by it.
    simulator.current.pay(oldReference);
    expect(await confirmPayment(oldReference, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: false });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ payment_status: 'paid', stock_state: 'committed', review_reason: null });
    // The paying reference is the order's own now (refunds name it); the unpaid one is kept among the replaced.
    expect(paid.payment_reference).toBe(oldReference);

    // The new page is paid too: a second charge, flagged for a refund and mailed to support, once.
    simulator.current.pay(fresh);
    expect(await confirmPayment(fresh, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: true });
    expect(await confirmPayment(fresh, 'callback')).toMatchObject({ kind: 'paid', alreadyPaid: true });
    const flagged = await orderRow(orderId);
    expect(flagged.review_reason).toContain(`second payment for this order: ₦22,600 on reference ${fresh}`);
    expect(flagged.review_reason).toContain('Refund one of them');
    expect(await supportMails(orderId)).toHaveLength(1);
    expect(await paymentCount(orderId)).toBe(1);
  });

  it('a chargeback on the second charge still flags the order', async () => {
    const { user, orderId, oldReference } = await releasedOrder();
    await payAgain(orderId, user.cookie);
    const dispute = {
      event: 'charge.dispute.create',
      providerId: `dispute-${orderId}`,
      transactionReference: oldReference,
      status: 'awaiting-merchant-feedback',
      category: 'chargeback',
      dueAt: null,
      resolution: null,
    };
    expect(await applyDisputeEvent(dispute)).toBe('applied');
    expect((await orderRow(orderId)).review_reason).toContain('chargeback');
  });

  it('its other answers change nothing on the reopened order', async () => {
    const { user, orderId, oldReference } = await releasedOrder();
    await payAgain(orderId, user.cookie);
    const before = await orderRow(orderId);
    simulator.current.transactions.get(oldReference)!.status = 'failed';
    expect(await confirmPayment(oldReference, 'callback')).toMatchObject({ kind: 'not-paid' });
    expect(await orderRow(orderId)).toEqual(before);
    // A second click that asked Paystack about the old reference just before the first reopened the order: its
    // "unpaid" must not release the stock now held for the new payment.
    expect(await settlePendingOrder({ id: orderId, reference: oldReference }, 'checkout')).toEqual({
      kind: 'released',
      changed: false,
    });
    expect(await orderRow(orderId)).toEqual(before);
  });
});

describe('when it cannot be paid again', () => {
  it('fewer left than the order has: refused with the product named, nothing taken', async () => {
    const { user, product, orderId } = await releasedOrder();
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, product.id));
    const answer = await payAgain(orderId, user.cookie);
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({ message: PAY_AGAIN_MESSAGES.soldOut(`${product.name} (M, Black)`, 1) });
    expect(await stockOf(product.id)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released', payment_status: 'abandoned' });
  });

  it('its promo code used up meanwhile: refused, the stock taken back with the transaction', async () => {
    const code = `AGAIN${Date.now()}`;
    await db().insert(promoCodes).values({ code, kind: 'percent', percentOff: 10, maxUses: 1 });
    const { user, product, orderId } = await releasedOrder({ promoCode: code });
    expect(await orderRow(orderId)).toMatchObject({ total: String(18_000_00 + 2_600_00) });
    // Another shopper's order takes the code's only use while this one is released.
    const other = await createUser();
    await putInCart(other.id, [{ productId: product.id, quantity: 1 }]);
    await db().execute(sql`update carts set promo_code = ${code} where user_id = ${other.id}`);
    expect((await pay(other.cookie)).status).toBe(200);
    const answer = await payAgain(orderId, user.cookie);
    expect(answer.status).toBe(409);
    expect((answer.data as { message: string }).message).toContain('can no longer be paid at its discounted total');
    expect(await stockOf(product.id)).toBe(2);
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released' });
  });

  it('a newer order, a cancelled one, someone else’s, or signed out: refused, not offered', async () => {
    const newer = await releasedOrder();
    await createOrder({ userId: newer.user.id });
    expect(await payAgain(newer.orderId, newer.user.cookie)).toMatchObject({
      status: 409,
      data: { message: PAY_AGAIN_MESSAGES.newerOrder },
    });

    const cancelled = await releasedOrder();
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    expect(await payAgain(cancelled.orderId, cancelled.user.cookie)).toMatchObject({
      status: 409,
      data: { message: PAY_AGAIN_MESSAGES.cancelled },
    });
    const page = await outcome(() =>
      orderRoute.loader(
        args(get(`/orders/${cancelled.orderId}`, cancelled.user.cookie), { orderId: cancelled.orderId }),
      ),
    );
    expect(page.data).toMatchObject({ payAgain: false });

    const stranger = await createUser();
    const theirs = await releasedOrder();
    expect(await payAgain(theirs.orderId, stranger.cookie)).toMatchObject({ status: 404 });
    const signedOut = await payAgain(theirs.orderId);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toContain(`/login?redirectTo=${encodeURIComponent(`/orders/${theirs.orderId}`)}`);
    expect(await orderRow(theirs.orderId)).toMatchObject({ stock_state: 'released' });
  });

  it('a paid order is not offered, and Pay again goes to its success page', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id, paymentStatus: 'paid' });
    const page = await outcome(() =>
      orderRoute.loader(args(get(`/orders/${order.id}`, user.cookie), { orderId: order.id })),
    );
    expect(page.data).toMatchObject({ payAgain: false });
    expect((await payAgain(order.id, user.cookie)).location).toBe(`/order-success/${order.id}`);
  });

  it('from another site: refused by the origin check before anything happens', async () => {
    const { user, orderId } = await releasedOrder();
    const forged = await outcome(() =>
      orderRoute.action(
        args(post(`/orders/${orderId}`, {}, { cookie: user.cookie, origin: 'https://evil.test' }), { orderId }),
      ),
    );
    expect(forged.status).toBe(403);
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released' });
  });
});
