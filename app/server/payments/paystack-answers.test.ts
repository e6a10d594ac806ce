/**
 * Paystack's answers of decision 0029, through the simulator: `ongoing` by channel (a card left at its OTP step stays
 * payable, a transfer waits, no channel is asked again a minute later), references Paystack takes (old ones still
 * found), metadata.custom_fields, a signed webhook that is not JSON, and Paystack's fees kept from verify and webhook.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYSTACK_REFERENCE } from '~/lib/checkout/checkout';
import { shortOrderId } from '~/lib/orders/orders';
import OrderSuccessPage from '~/routes/order-success';
import { db } from '~/server/db.server';
import { ageOrder, orderRow, pay, putInCart, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { get, routeModule } from '../../../tests/route-helpers';
import { signPayload } from './paystack/signature.server';
import { paystackFees, TEST_OTP } from '../../../server/paystack-simulator/card-rules.server';
import { checkOwnPayment } from '../checkout/checkout-page.server';
import { confirmPayment } from './confirm-payment.server';
import { sweepStalePayments } from './payment-sweep.server';
import { handlePaystackWebhook } from './webhook.server';

const simulator = withSimulator();
const successRoute = await routeModule<typeof import('~/routes/order-success')>('routes/order-success.tsx');

type Paid = { payment: { orderId: string; reference: string } };

async function placed(quantity = 2, name?: string) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': 5 }, ...(name ? { name } : {}) });
  await putInCart(user.id, [{ productId: product.id, quantity, size: 'M', color: 'Black' }]);
  const answer = await pay(user.cookie);
  expect(answer.status).toBe(200);
  return { user, product, ...(answer.data as Paid).payment };
}

/** The shopper presses Pay in the pop-up with the card that asks for an OTP, and stops at the OTP step. */
async function stopAtOtp(reference: string) {
  const code = simulator.current.transactions.get(reference)!.accessCode;
  const response = await fetch(`${simulator.current.baseUrl}/popup/${code}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card: 'otp' }),
  });
  expect(await response.json()).toMatchObject({ status: 'ongoing' });
}

/** The shopper chose a transfer and said it is sent, and Paystack says `ongoing` (waiting on the transfer). */
function transferOngoing(reference: string, channel: 'bank_transfer' | 'ussd' = 'bank_transfer') {
  simulator.current.startPending(reference, channel);
  simulator.current.setPendingStatus('ongoing');
}

const awaitingChannel = async (orderId: string) =>
  (await db().execute<{ c: string | null }>(sql`select awaiting_channel as c from orders where id = ${orderId}`))[0].c;

const feesOf = async (orderId: string) =>
  (await db().execute<{ fees: string | null }>(sql`select fees from payments where order_id = ${orderId}`))[0]?.fees;

async function signedWebhook(body: string) {
  return handlePaystackWebhook(body, signPayload(body, simulator.current.secretKey), '127.0.0.1');
}

describe('ongoing by channel', () => {
  it('a card left at its OTP step keeps the order pending and payable: Pay resumes it and the OTP pays', async () => {
    const { user, product, orderId, reference } = await placed();
    await stopAtOtp(reference);
    expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'unfinished', orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(await awaitingChannel(orderId)).toBe('card');
    expect(await stockOf(product.id)).toBe(3);
    // Pay at once: the same order and transaction, resumed (no awaiting window to sit out).
    const again = await pay(user.cookie);
    expect(again.status).toBe(200);
    expect((again.data as Paid).payment).toMatchObject({ orderId, reference });
    expect(simulator.current.submitOtp(reference, '000000')).toBe(false);
    expect(simulator.current.submitOtp(reference, TEST_OTP)).toBe(true);
    expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'paid', orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
  });

  it('the order page says the card payment was not finished and links to paying it, not "confirming"', async () => {
    const { user, orderId, reference } = await placed();
    await stopAtOtp(reference);
    await checkOwnPayment(reference, user.id);
    const { html, status } = await renderPage({
      path: '/order-success/:id',
      route: successRoute,
      Page: OrderSuccessPage,
      request: get(`/order-success/${orderId}`, user.cookie),
      params: { id: orderId },
    });
    expect(status).toBe(200);
    expect(html).toContain('Card payment not finished');
    expect(html).toContain('Your card payment was not finished');
    expect(html).toContain(`href="/orders/${orderId}"`);
    expect(html).not.toContain('Confirming your payment');
  });

  it('a card left unfinished does not hold up a new checkout of another cart', async () => {
    const { user, product, orderId, reference } = await placed(1);
    await stopAtOtp(reference);
    expect((await checkOwnPayment(reference, user.id)).kind).toBe('unfinished');
    await putInCart(user.id, [{ productId: product.id, quantity: 3, size: 'M', color: 'Black' }]);
    const next = await pay(user.cookie);
    expect(next.status).toBe(200);
    expect((next.data as Paid).payment.orderId).not.toBe(orderId);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
  });

  it('a card still at its OTP step after the payment timeout is released; the OTP entered later still pays', async () => {
    const { user, product, orderId, reference } = await placed();
    await stopAtOtp(reference);
    expect((await checkOwnPayment(reference, user.id)).kind).toBe('unfinished');
    await ageOrder(orderId, '31 minutes');
    expect(await sweepStalePayments()).toMatchObject({ checked: 1, released: 1 });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(5);
    expect(simulator.current.submitOtp(reference, TEST_OTP)).toBe(true);
    expect(await confirmPayment(reference, 'callback')).toMatchObject({ kind: 'paid', orderId, alreadyPaid: false });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it.each(['bank_transfer', 'ussd'] as const)('an ongoing %s waits for the bank, as before', async (channel) => {
    const { user, orderId, reference } = await placed();
    transferOngoing(reference, channel);
    try {
      expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'awaiting', orderId });
    } finally {
      simulator.current.setPendingStatus('pending');
    }
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
    expect(await awaitingChannel(orderId)).toBe(channel);
  });

  it('an ongoing with no channel is asked again a minute later, not held for the transfer window', async () => {
    const { user, orderId, reference } = await placed();
    // Paystack says ongoing without saying whether the customer is at an OTP or a transfer.
    (simulator.current.transactions.get(reference) as { status: string }).status = 'ongoing';
    expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'unconfirmed', orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(await awaitingChannel(orderId)).toBe('unknown');
    // Within the minute the sweep leaves it alone.
    expect((await sweepStalePayments()).checked).toBe(0);
    // A minute on, Paystack is asked again, and now names a transfer: the order waits for the bank.
    await db().execute(sql`update orders set updated_at = now() - interval '61 seconds' where id = ${orderId}`);
    transferOngoing(reference);
    try {
      expect(await sweepStalePayments()).toMatchObject({ checked: 1, released: 0 });
    } finally {
      simulator.current.setPendingStatus('pending');
    }
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
    expect(await awaitingChannel(orderId)).toBe('bank_transfer');
  });

  it('asked again, a plain answer ends the asking but releases nothing before the payment timeout', async () => {
    const { user, product, orderId, reference } = await placed();
    const tx = simulator.current.transactions.get(reference) as { status: string };
    tx.status = 'ongoing';
    await checkOwnPayment(reference, user.id);
    await db().execute(sql`update orders set updated_at = now() - interval '61 seconds' where id = ${orderId}`);
    tx.status = 'new';
    expect(await sweepStalePayments()).toMatchObject({ checked: 1, released: 0, kept: 1 });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(await awaitingChannel(orderId)).toBeNull();
    expect(await stockOf(product.id)).toBe(3);
    expect((await sweepStalePayments()).checked).toBe(0);
  });
});

describe('references', () => {
  it('are made of the characters Paystack takes', async () => {
    const { reference } = await placed();
    expect(reference).toMatch(PAYSTACK_REFERENCE);
    expect(reference).toMatch(/^pj-\d{13}-[0-9a-z]{10}$/);
  });

  it('the simulator refuses another character on initialize, with Paystack error', async () => {
    const response = await fetch(`${simulator.current.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${simulator.current.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', amount: 10_000, reference: 'pj_1790000000000_abc123' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: false,
      message: 'Invalid character in transaction reference',
      type: 'validation_error',
    });
    expect(simulator.current.transactions.has('pj_1790000000000_abc123')).toBe(false);
  });

  it('an order made with an old pj_ reference and never sent gets one Paystack takes, the old still found', async () => {
    const { user, orderId } = await placed();
    const old = 'pj_1790000000000_abc1234567';
    await db().execute(sql`update orders set payment_reference = ${old}, access_code = null, authorization_url = null
      where id = ${orderId}`);
    const again = await pay(user.cookie);
    expect(again.status).toBe(200);
    const fresh = (again.data as Paid).payment.reference;
    expect(fresh).toMatch(PAYSTACK_REFERENCE);
    expect(simulator.current.transactions.has(fresh)).toBe(true);
    expect(await checkOwnPayment(old, user.id)).toMatchObject({ orderId });
  });

  it('an old pj_ reference is still paid by its signed webhook and by verify', async () => {
    const { orderId, reference } = await placed();
    const old = 'pj_1790000000002_ghi1234567';
    await db().execute(sql`update orders set payment_reference = ${old} where id = ${orderId}`);
    const tx = simulator.current.transactions.get(reference)!;
    simulator.current.transactions.set(old, {
      ...tx,
      reference: old,
      status: 'success',
      paidAt: new Date().toISOString(),
    });
    expect(await confirmPayment(old, 'callback')).toMatchObject({ kind: 'paid', orderId, alreadyPaid: false });

    const second = await placed();
    const older = 'pj_1790000000001_def1234567';
    await db().execute(sql`update orders set payment_reference = ${older} where id = ${second.orderId}`);
    const total = Number((await orderRow(second.orderId)).total);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { domain: 'test', reference: older, status: 'success', amount: total, currency: 'NGN', channel: 'card' },
    });
    expect(await signedWebhook(body)).toEqual({ status: 200, body: 'paid' });
  });
});

describe('metadata', () => {
  it('names the order number, its items and the delivery in custom_fields, and keeps the order id', async () => {
    const { orderId, reference } = await placed(2, 'Linen Shirt');
    const tx = simulator.current.transactions.get(reference)!;
    expect(tx.metadata).toEqual({
      orderId,
      custom_fields: [
        { display_name: 'Order number', variable_name: 'order_number', value: shortOrderId(orderId) },
        { display_name: 'Items', variable_name: 'items', value: 'Linen Shirt — M, Black × 2' },
        { display_name: 'Delivery', variable_name: 'delivery', value: expect.stringMatching(/^Delivery: /) },
      ],
    });
    const page = await (await fetch(`${simulator.current.baseUrl}/checkout/${tx.accessCode}`)).text();
    expect(page).toContain('Linen Shirt — M, Black × 2');
    expect(page).toContain(shortOrderId(orderId));
  });
});

describe('a signed webhook whose body is not JSON', () => {
  const garbage = '{"event":"charge.success","data":{"reference":';

  it('is taken (200) and logged, so Paystack does not retry it for 72 hours', async () => {
    expect(await signedWebhook(garbage)).toEqual({ status: 200, body: 'Unreadable' });
  });

  it('is still refused unsigned or badly signed', async () => {
    expect(await handlePaystackWebhook(garbage, null, '127.0.0.1')).toMatchObject({ status: 401 });
    const wrong = signPayload(garbage, `${simulator.current.secretKey}x`);
    expect(await handlePaystackWebhook(garbage, wrong, '127.0.0.1')).toMatchObject({ status: 401 });
    expect(await handlePaystackWebhook(`${garbage} `, signPayload(garbage, simulator.current.secretKey))).toMatchObject(
      { status: 401 },
    );
  });
});

describe("Paystack's fees", () => {
  it('follow Paystack pricing in the simulator: 1.5% + ₦100 (waived below ₦2,500), at most ₦2,000', () => {
    expect(paystackFees(200_000)).toBe(3_000);
    expect(paystackFees(250_000)).toBe(3_750 + 10_000);
    expect(paystackFees(5_000_000)).toBe(75_000 + 10_000);
    expect(paystackFees(20_000_000)).toBe(200_000);
  });

  it('are kept from verify', async () => {
    const { orderId, reference } = await placed();
    simulator.current.pay(reference);
    expect((await confirmPayment(reference, 'callback')).kind).toBe('paid');
    const total = Number((await orderRow(orderId)).total);
    expect(Number(await feesOf(orderId))).toBe(paystackFees(total));
  });

  it('are kept from the charge.success webhook, and fill in a payment first recorded without them', async () => {
    const { orderId, reference } = await placed();
    const total = Number((await orderRow(orderId)).total);
    const charge = (fees: unknown) =>
      JSON.stringify({
        event: 'charge.success',
        data: { domain: 'test', reference, status: 'success', amount: total, currency: 'NGN', channel: 'card', fees },
      });
    expect(await signedWebhook(charge(1_234))).toEqual({ status: 200, body: 'paid' });
    expect(Number(await feesOf(orderId))).toBe(1_234);

    const other = await placed();
    const otherTotal = Number((await orderRow(other.orderId)).total);
    const body = (fees: unknown) =>
      JSON.stringify({
        event: 'charge.success',
        data: {
          domain: 'test',
          reference: other.reference,
          status: 'success',
          amount: otherTotal,
          currency: 'NGN',
          fees,
        },
      });
    expect(await signedWebhook(body(null))).toEqual({ status: 200, body: 'paid' });
    expect(await feesOf(other.orderId)).toBeNull();
    expect(await signedWebhook(body('2500'))).toEqual({ status: 200, body: 'paid' });
    expect(Number(await feesOf(other.orderId))).toBe(2_500);
  });
});
