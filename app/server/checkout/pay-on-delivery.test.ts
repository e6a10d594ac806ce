/**
 * Pay on delivery (decision 0037) on real PostgreSQL: the server decides whatever the form says (forged posts for a
 * zone, an amount, a first order or a customer's refusals are refused), the order is placed without Paystack with its
 * stock taken once, the admin's "Collected" and "Refused at the door" each change the stock exactly once (posted twice
 * and at once), two refusals stop the offer until the admin forgives them, and the sweep and the unpaid reminder
 * leave such orders alone.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { sweepStalePayments } from '~/server/payments/payment-sweep.server';
import { sendUnpaidReminders } from '~/server/orders/unpaid-reminder.server';
import { payOrderAgain } from '~/server/payments/pay-again.server';
import { getDashboard } from '~/server/admin/dashboard.server';
import { pay, putInCart, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { addZone, LAGOS_MAINLAND, PICKUP, setDeliveryOptions } from '../../../tests/delivery-helpers';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import { renderPage } from '../../../tests/render-page';
import AdminOrderPage from '~/routes/admin/order';

withSimulator();
const orderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');
const ordersRoute = await routeModule<typeof import('~/routes/admin/orders')>('routes/admin/orders.tsx');
const exportRoute = await routeModule<typeof import('~/routes/admin/orders-export')>('routes/admin/orders-export.ts');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true, email: 'door@example.com' });
  await addZone({ ...LAGOS_MAINLAND, payOnDelivery: true });
  await addZone({
    name: 'Kano',
    states: ['Kano'],
    towns: [],
    fee: 3_000_00,
    minDays: 2,
    maxDays: 4,
    payOnDelivery: false,
  });
});
beforeEach(() => setDeliveryOptions({ payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false } }));

const POD = { paymentMethod: 'pay_on_delivery' };

/** A customer with two units of a ₦20,000 product (5 in stock) in the cart. */
async function shopper(price = 20_000_00) {
  const customer = await createUser();
  const product = await createProduct({ price, stock: { 'M/Black': 5 } });
  await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
  return { customer, product };
}

const refusalOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]> } }).result.error[''][0];

const orderOf = async (orderId: string) => {
  const [row] = await db().execute<{
    status: string;
    payment_status: string;
    payment_method: string;
    stock_state: string;
    payment_reference: string | null;
    paid_at: string | null;
    collected_by: string | null;
    collection_note: string | null;
  }>(sql`select status, payment_status, payment_method, stock_state, payment_reference, paid_at, collected_by,
    collection_note from orders where id = ${orderId}`);
  return row;
};

const ordersOfUser = async (userId: string) => {
  const [row] = await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`);
  return row.n;
};

const count = async (query: ReturnType<typeof sql>) => (await db().execute<{ n: number }>(query))[0].n;

/** Pay on delivery, which must place the order: its id, from the redirect to its confirmation. */
async function placeOnDelivery(cookie: string, fields: Record<string, string> = {}) {
  const answer = await pay(cookie, { ...POD, ...fields });
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  expect(answer.location).toMatch(/^\/order-success\/\w+$/);
  return answer.location!.split('/').pop()!;
}

const door = (orderId: string, fields: Record<string, string>) =>
  outcome(() =>
    orderRoute.action(args(post(`/admin/orders/${orderId}`, fields, { cookie: admin.cookie }), { orderId })),
  );

describe('pay on delivery at checkout', () => {
  it('places the order without Paystack: due, stock committed once, cart emptied, mails queued', async () => {
    const { customer, product } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    expect(await orderOf(id)).toMatchObject({
      status: 'pending',
      payment_status: 'due',
      payment_method: 'pay_on_delivery',
      stock_state: 'committed',
      payment_reference: null,
    });
    expect(await stockOf(product.id)).toBe(3);
    expect(
      await count(sql`select count(*)::int as n from cart_lines l join carts c on c.id = l.cart_id
      where c.user_id = ${customer.id}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from order_mails where order_id = ${id} and kind = 'paid'`)).toBe(
      1,
    );
    // Paystack's machinery never takes it: paying it again is refused (it has no reference to pay).
    expect(await payOrderAgain(customer.id, id)).toMatchObject({ kind: 'refused' });
  });

  it('is refused, whatever the form says, for a zone without it, for pickup and over the limit', async () => {
    const kano = await shopper();
    const zone = await pay(kano.customer.cookie, { ...POD, state: 'Kano', city: 'Kano' });
    expect(zone.status).toBe(409);
    expect(refusalOf(zone)).toBe(
      'Pay on delivery is not offered for this address. Your order was not placed; please choose Pay with Paystack.',
    );

    await setDeliveryOptions({ pickup: PICKUP, payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false } });
    const pickup = await pay(kano.customer.cookie, { ...POD, delivery: 'pickup' });
    expect(pickup.status).toBe(409);
    expect(refusalOf(pickup)).toMatch(/^Pay on delivery is for orders we deliver, not pickup\./);

    await setDeliveryOptions({ payOnDelivery: { maxTotal: 40_000_00, notFirstOrder: false } });
    const amount = await pay(kano.customer.cookie, POD);
    expect(amount.status).toBe(409);
    expect(refusalOf(amount)).toBe(
      'Pay on delivery is offered on orders of up to ₦40,000. Your order was not placed; please choose Pay with Paystack.',
    );
    expect(await ordersOfUser(kano.customer.id)).toBe(0);
    expect(await stockOf(kano.product.id)).toBe(5);
  });

  it('is refused on a first order when the store says so, and offered once an order was paid', async () => {
    await setDeliveryOptions({ payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: true } });
    const { customer, product } = await shopper();
    const first = await pay(customer.cookie, POD);
    expect(first.status).toBe(409);
    expect(refusalOf(first)).toMatch(/^Pay on delivery is offered from your second order with us\./);
    expect(await stockOf(product.id)).toBe(5);
    await createOrder({ userId: customer.id, paymentStatus: 'paid' });
    await placeOnDelivery(customer.cookie);
    expect(await stockOf(product.id)).toBe(3);
  });
});

/** The admin order page as a browser without JavaScript gets it. */
const adminHtml = async (orderId: string, query = '') =>
  (
    await renderPage({
      path: '/admin/orders/:orderId',
      route: orderRoute,
      Page: AdminOrderPage,
      request: get(`/admin/orders/${orderId}${query}`, admin.cookie),
      params: { orderId },
    })
  ).html;

describe("the admin's outcome at the door", () => {
  it('the order page offers Collected (cash, POS, transfer) and Refused; once refused, to offer it again', async () => {
    const { customer } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    const due = await adminHtml(id);
    expect(due).toContain('to collect at the door');
    for (const text of [
      'value="pod-collected"',
      'value="pod-refused"',
      'value="cash"',
      'value="pos"',
      'value="transfer"',
    ])
      expect(due).toContain(text);
    expect(due).not.toContain('id="refund-form"');
    expect((await door(id, { intent: 'pod-refused' })).status).toBe(302);
    const refused = await adminHtml(id, '?pod=refused');
    expect(refused).toContain('Marked refused at the door: the order is cancelled and its items are back in stock.');
    expect(refused).toContain('value="pod-forgive"');
    expect(refused).not.toContain('value="pod-collected"');
  });

  it('collected: paid once (one payment row, revenue apart), the stock untouched, posted twice at once', async () => {
    const { customer, product } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    const before = await getDashboard();
    const fields = { intent: 'pod-collected', collectedBy: 'pos', note: 'Paid by card at the gate' };
    const answers = await Promise.all([door(id, fields), door(id, fields)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(answers.find((a) => a.status === 302)?.location).toBe(`/admin/orders/${id}?pod=collected`);
    expect(await orderOf(id)).toMatchObject({
      payment_status: 'paid',
      stock_state: 'committed',
      collected_by: 'pos',
      collection_note: 'Paid by card at the gate',
    });
    expect((await orderOf(id)).paid_at).not.toBeNull();
    expect(await stockOf(product.id)).toBe(3);
    expect(await count(sql`select count(*)::int as n from payments where order_id = ${id}`)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from audit_log where entity_id = ${id}
      and action = 'order.collected'`),
    ).toBe(1);
    // The orders CSV names the method and how the money came.
    const csv = await outcome(() => exportRoute.loader(args(get('/admin/orders/export?payment=paid', admin.cookie))));
    expect(String(csv.data)).toMatch(new RegExp(`^${id},.*,paid,pay_on_delivery,pos,,`, 'm'));
    const after = await getDashboard();
    expect(after.payOnDelivery.collected - before.payOnDelivery.collected).toBe(40_000_00 + 1_500_00);
    expect(after.revenue - before.revenue).toBe(40_000_00 + 1_500_00);
  });

  it('collected needs how the money came: the form comes back with the message, nothing changes', async () => {
    const { customer } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    const answer = await door(id, { intent: 'pod-collected', collectedBy: 'cheque' });
    expect(answer.status).toBe(400);
    expect((answer.data as { podResult: { error: Record<string, string[]> } }).podResult.error.collectedBy).toEqual([
      'Please choose how the money was collected.',
    ]);
    expect((await orderOf(id)).payment_status).toBe('due');
  });

  it('refused at the door: cancelled, the stock back exactly once, posted twice at once', async () => {
    const { customer, product } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    const answers = await Promise.all([door(id, { intent: 'pod-refused' }), door(id, { intent: 'pod-refused' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(await orderOf(id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refused',
      stock_state: 'released',
    });
    expect(await stockOf(product.id)).toBe(5);
    // Collected after a refusal is refused too: the stock stays where it is.
    expect((await door(id, { intent: 'pod-collected', collectedBy: 'cash' })).status).toBe(409);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('cancelled from the status list: no longer due, the stock back; reopened: due again, the stock taken', async () => {
    const { customer, product } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    const status = (value: string) =>
      outcome(() =>
        ordersRoute.action(
          args(post('/admin/orders', { intent: 'status', orderId: id, status: value }, { cookie: admin.cookie })),
        ),
      );
    expect((await status('cancelled')).status).toBeLessThan(400);
    expect(await orderOf(id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'abandoned',
      stock_state: 'released',
    });
    expect(await stockOf(product.id)).toBe(5);
    expect((await status('processing')).status).toBeLessThan(400);
    expect(await orderOf(id)).toMatchObject({ status: 'processing', payment_status: 'due', stock_state: 'committed' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('two refusals stop the offer for that customer; "Offer pay on delivery again" brings it back', async () => {
    const { customer, product } = await shopper();
    for (let i = 0; i < 2; i++) {
      const id = await placeOnDelivery(customer.cookie);
      expect((await door(id, { intent: 'pod-refused' })).status).toBe(302);
      await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
    }
    const refused = await pay(customer.cookie, POD);
    expect(refused.status).toBe(409);
    expect(refusalOf(refused)).toMatch(/^Pay on delivery is no longer offered on your account\./);

    const [last] = await db().execute<{ id: string }>(
      sql`select id from orders where user_id = ${customer.id} order by created_at desc limit 1`,
    );
    const forgiven = await door(last.id, { intent: 'pod-forgive' });
    expect(forgiven).toMatchObject({ status: 302, location: `/admin/orders/${last.id}?pod=forgiven` });
    expect(
      await count(sql`select count(*)::int as n from orders where user_id = ${customer.id}
      and payment_status = 'refused' and not refusal_forgiven`),
    ).toBe(0);
    await placeOnDelivery(customer.cookie);
  });

  it('the payment sweep and the unpaid reminder leave an order due at the door alone', async () => {
    const { customer, product } = await shopper();
    const id = await placeOnDelivery(customer.cookie);
    await db().execute(sql`update orders set reserved_at = now() - interval '2 hours',
      created_at = now() - interval '2 hours', payment_left_at = now() - interval '1 hour' where id = ${id}`);
    await sweepStalePayments({ olderThanMinutes: 1 });
    await sendUnpaidReminders({ now: new Date() });
    expect(await orderOf(id)).toMatchObject({ payment_status: 'due', stock_state: 'committed' });
    expect(await stockOf(product.id)).toBe(3);
    expect(
      await count(sql`select count(*)::int as n from order_mails where order_id = ${id}
      and kind = 'reminder'`),
    ).toBe(0);
  });
});
