/**
 * Chargebacks through the Paystack simulator, its webhooks delivered to the store's webhook handler (decision 0031):
 * a dispute lost (the payment reversed, its amount kept, no refund offered or accepted, out of revenue) and one won,
 * and the owner's answers from /admin/orders/{id}/disputes/{disputeId}: evidence, a document through the signed upload
 * URL, accept or decline, each refused after the due date.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, payments, replacedPaymentReferences } from '~/db/schema';
import { DISPUTE_MESSAGES } from '~/lib/payments/admin-disputes';
import { getDashboard } from '~/server/admin/dashboard.server';
import { getAdminOrder } from '~/server/orders/admin-orders.server';
import { db } from '~/server/db.server';
import { useSimulator } from '~/server/payments/paystack/config.server';
import { signPayload } from '~/server/payments/paystack/signature.server';
import { startPaystackSimulator, type Simulator } from '../../../server/paystack-simulator/simulator.server';
import { pay, putInCart } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { args, get, ORIGIN, outcome, post, routeModule } from '../../../tests/route-helpers';
import { renderPage } from '../../../tests/render-page';
import DisputePage from '~/routes/admin/order-dispute';
import { confirmPayment } from './confirm-payment.server';
import { requestRefund } from './refunds.server';
import { handlePaystackWebhook } from './webhook.server';

const disputeRoute = await routeModule<typeof import('~/routes/admin/order-dispute')>('routes/admin/order-dispute.tsx');

let simulator: Simulator;
let store: http.Server;
let admin: Awaited<ReturnType<typeof createUser>>;

// The store's webhook endpoint, as the running store has it: the simulator delivers its signed events here.
beforeAll(async () => {
  store = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const signature = req.headers['x-paystack-signature'];
      void handlePaystackWebhook(body, typeof signature === 'string' ? signature : null, '127.0.0.1').then((answer) =>
        res.writeHead(answer.status).end(answer.body),
      );
    });
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const { port } = store.address() as AddressInfo;
  simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack` });
  useSimulator({
    baseUrl: simulator.baseUrl,
    secretKey: simulator.secretKey,
    publicKey: simulator.publicKey,
    timeoutMs: 2000,
  });
  admin = await createUser({ admin: true, email: 'disputes@example.com' });
});

afterAll(async () => {
  useSimulator(undefined);
  await simulator?.close();
  await new Promise((resolve) => store?.close(resolve));
});

/** A customer's order of two ₦20,000 units plus delivery, paid by card through the simulator. */
async function paidOrder() {
  const customer = await createUser();
  const product = await createProduct({ price: 20_000_00, stock: { 'M/Black': 5 } });
  await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
  const { payment } = (await pay(customer.cookie)).data as { payment: { orderId: string; reference: string } };
  simulator.pay(payment.reference);
  expect(await confirmPayment(payment.reference, 'callback')).toMatchObject({ kind: 'paid' });
  const [row] = await db().select().from(payments).where(eq(payments.orderId, payment.orderId));
  return { id: payment.orderId, reference: payment.reference, paid: row.amount };
}

const disputeRow = async (orderId: string) => {
  const [row] = await db().select().from(disputes).where(eq(disputes.orderId, orderId));
  return row;
};
const paymentStatus = async (orderId: string) =>
  (await db().execute<{ s: string }>(sql`select payment_status as s from orders where id = ${orderId}`))[0].s;
const supportMails = async (subject: string) =>
  (
    await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->'mail'->>'subject' = ${subject}`,
    )
  )[0].n;

/** A dispute opened by the customer's bank: charge.dispute.create delivered and applied. */
async function opened(order: { id: string; reference: string }) {
  expect(await simulator.sendDispute(order.reference, 'create')).toBe(200);
  return disputeRow(order.id);
}

describe('charge.dispute.resolve', () => {
  it('lost: the payment is reversed, its amount kept, no refund offered or taken, out of revenue', async () => {
    const order = await paidOrder();
    await opened(order);
    const before = (await getDashboard()).revenue;
    expect(await simulator.sendDispute(order.reference, 'resolve', { outcome: 'lost' })).toBe(200);
    expect(simulator.transactions.get(order.reference)!.status).toBe('reversed');

    const row = await disputeRow(order.id);
    expect(row).toMatchObject({ status: 'resolved', resolution: 'auto-accepted', reversedAmount: order.paid });
    expect(row.resolvedAt).toBeInstanceOf(Date);
    expect(await paymentStatus(order.id)).toBe('reversed');
    const detail = (await getAdminOrder(order.id))!;
    expect(detail.refundable).toBe(0);
    const refused = await requestRefund(admin, {
      orderId: order.id,
      amount: 1_000_00,
      reason: 'Goodwill',
      requestKey: crypto.randomUUID(),
    });
    expect(refused).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('Transaction has been fully reversed'),
    });
    expect((await getDashboard()).revenue).toBe(before - order.paid);
    expect(await supportMails(`Chargeback lost on order ${order.id}`)).toBe(1);

    // Paystack sends it again: nothing changes twice.
    expect(await simulator.sendDispute(order.reference, 'resolve')).toBe(200);
    expect((await disputeRow(order.id)).reversedAmount).toBe(order.paid);
  });

  it('won: the payment stays paid and refundable; the resolution is kept', async () => {
    const order = await paidOrder();
    await opened(order);
    expect(await simulator.sendDispute(order.reference, 'resolve', { outcome: 'won' })).toBe(200);
    expect(await disputeRow(order.id)).toMatchObject({
      status: 'resolved',
      resolution: 'declined',
      reversedAmount: null,
    });
    expect((await disputeRow(order.id)).resolvedAt).toBeInstanceOf(Date);
    expect(await paymentStatus(order.id)).toBe('paid');
    expect((await getAdminOrder(order.id))!.refundable).toBe(order.paid);
    expect(await supportMails(`Chargeback won on order ${order.id}`)).toBe(1);
  });

  it('lost on a second charge of the order (decision 0025): its own payment stays paid and refundable', async () => {
    const order = await paidOrder();
    const second = `pj-second-${order.id}`;
    await db().insert(replacedPaymentReferences).values({ reference: second, orderId: order.id });
    const resolve = (event: string, status: string) => {
      const body = JSON.stringify({
        event,
        data: {
          id: `9${order.id.length}${Date.now()}`.slice(0, 12),
          status,
          resolution: event.endsWith('resolve') ? 'auto-accepted' : null,
          refund_amount: order.paid,
          transaction: { reference: second, status: 'reversed', amount: order.paid },
        },
      });
      return handlePaystackWebhook(body, signPayload(body, simulator.secretKey), '127.0.0.1');
    };
    expect(await resolve('charge.dispute.resolve', 'resolved')).toEqual({ status: 200, body: 'applied' });
    expect(await disputeRow(order.id)).toMatchObject({ resolution: 'auto-accepted', reversedAmount: null });
    expect(await paymentStatus(order.id)).toBe('paid');
    expect((await getAdminOrder(order.id))!.refundable).toBe(order.paid);
  });
});

const at = (orderId: string, disputeId: number) => `/admin/orders/${orderId}/disputes/${disputeId}`;
const params = (orderId: string, disputeId: number) => ({ orderId, disputeId: String(disputeId) });

const evidenceFields = (fields: Record<string, string> = {}) => ({
  intent: 'dispute-evidence',
  customerName: 'Amaka Eze',
  customerEmail: 'amaka@example.com',
  customerPhone: '0803 123 4567',
  serviceDetails: '2 × Linen Shirt — M, Black. Delivered by GIG, tracking GIG-1.',
  deliveryAddress: '2 Awolowo Road, Ikoyi, Lagos',
  deliveryDate: '2026-11-20',
  ...fields,
});

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function uploadRequest(url: string, bytes: Uint8Array, type: string, name = 'receipt.pdf') {
  const form = new FormData();
  form.set('intent', 'dispute-upload');
  form.set('file', new File([bytes.slice()], name, { type }));
  return new Request(`${ORIGIN}${url}`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: admin.cookie },
    body: form,
  });
}

const send = (orderId: string, disputeId: number, request: Request) =>
  outcome(() => disputeRoute.action(args(request, params(orderId, disputeId))));

describe('answering a chargeback from the order page', () => {
  it('sends evidence, uploads a document through the signed URL, accepts: the chargeback is then lost', async () => {
    const order = await paidOrder();
    const dispute = await opened(order);
    const url = at(order.id, dispute.id);

    const evidence = await send(order.id, dispute.id, post(url, evidenceFields(), { cookie: admin.cookie }));
    expect(evidence).toMatchObject({
      status: 302,
      location: `/admin/orders/${order.id}?dispute=evidence#dispute-${dispute.id}`,
    });
    const sim = simulator.disputes.get(Number(dispute.providerId))!;
    expect(sim.evidence).toMatchObject({
      customer_name: 'Amaka Eze',
      customer_email: 'amaka@example.com',
      customer_phone: '0803 123 4567',
      delivery_date: '2026-11-20',
    });
    expect(await disputeRow(order.id)).toMatchObject({ evidenceId: String(sim.evidence!.id) });

    // Paystack takes an answer only with a document: before one, the answer is refused and nothing is sent.
    const early = await send(
      order.id,
      dispute.id,
      post(url, { intent: 'dispute-resolve', resolution: 'declined', message: 'Delivered' }, { cookie: admin.cookie }),
    );
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.data)).toContain(DISPUTE_MESSAGES.needsUpload);

    // Not a PDF, JPEG or PNG by its content, whatever it says it is: refused before Paystack is asked.
    const fake = await send(
      order.id,
      dispute.id,
      uploadRequest(url, new TextEncoder().encode('MZ...'), 'application/pdf'),
    );
    expect(fake.status).toBe(409);
    expect(JSON.stringify(fake.data)).toContain(DISPUTE_MESSAGES.fileContent);
    expect(sim.uploads.size).toBe(0);

    const upload = await send(order.id, dispute.id, uploadRequest(url, PDF, 'application/pdf'));
    expect(upload).toMatchObject({
      status: 302,
      location: `/admin/orders/${order.id}?dispute=upload#dispute-${dispute.id}`,
    });
    const [[fileName, stored]] = [...sim.uploads];
    expect(stored).toEqual({ type: 'application/pdf', size: PDF.byteLength });
    expect((await disputeRow(order.id)).uploadedFile).toBe(fileName);

    const accept = (refundAmount: string) =>
      send(
        order.id,
        dispute.id,
        post(
          url,
          { intent: 'dispute-resolve', resolution: 'merchant-accepted', refundAmount, message: 'Sorry' },
          { cookie: admin.cookie },
        ),
      );
    const tooMuch = await accept('999999');
    expect(tooMuch.status).toBe(409);
    const accepted = await accept('42600');
    expect(accepted).toMatchObject({
      status: 302,
      location: `/admin/orders/${order.id}?dispute=resolved#dispute-${dispute.id}`,
    });
    expect(sim).toMatchObject({ status: 'resolved', resolution: 'merchant-accepted', attachment: fileName });
    expect(await disputeRow(order.id)).toMatchObject({ answer: 'accepted' });
    // Paystack's charge.dispute.resolve follows the answer: the chargeback is lost.
    await expect.poll(async () => paymentStatus(order.id)).toBe('reversed');
    await expect.poll(async () => (await disputeRow(order.id)).reversedAmount).toBe(order.paid);
    const again = await send(order.id, dispute.id, post(url, evidenceFields(), { cookie: admin.cookie }));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain(DISPUTE_MESSAGES.resolved);
  });

  it('declines: the bank then decides, and the store wins', async () => {
    const order = await paidOrder();
    const dispute = await opened(order);
    const url = at(order.id, dispute.id);
    expect((await send(order.id, dispute.id, uploadRequest(url, PDF, 'application/pdf'))).status).toBe(302);
    const declined = await send(
      order.id,
      dispute.id,
      post(
        url,
        { intent: 'dispute-resolve', resolution: 'declined', message: 'Delivered and signed for' },
        {
          cookie: admin.cookie,
        },
      ),
    );
    expect(declined.status).toBe(302);
    expect(simulator.disputes.get(Number(dispute.providerId))).toMatchObject({
      status: 'awaiting-bank-feedback',
      merchantResolution: 'declined',
    });
    expect(await disputeRow(order.id)).toMatchObject({ answer: 'declined', resolution: null });
    expect(await simulator.sendDispute(order.reference, 'resolve', { outcome: 'won' })).toBe(200);
    expect(await paymentStatus(order.id)).toBe('paid');
  });

  it('after the due date offers no form and refuses every answer', async () => {
    const order = await paidOrder();
    const dispute = await opened(order);
    await db()
      .update(disputes)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(disputes.id, dispute.id));
    const url = at(order.id, dispute.id);
    const late = await send(order.id, dispute.id, post(url, evidenceFields(), { cookie: admin.cookie }));
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.data)).toContain('The deadline to answer this chargeback has passed');
    expect(simulator.disputes.get(Number(dispute.providerId))!.evidence).toBeNull();

    const page = await renderPage({
      path: '/admin/orders/:orderId/disputes/:disputeId',
      route: disputeRoute,
      Page: DisputePage as never,
      request: get(url, admin.cookie),
      params: params(order.id, dispute.id),
    });
    expect(page.markup).toContain('The deadline to answer this chargeback has passed.');
    expect(page.markup).not.toContain('Send evidence');
  });

  it('without JavaScript a refusal shows the dispute page with what was typed; other orders’ disputes are 404', async () => {
    const order = await paidOrder();
    const dispute = await opened(order);
    const url = at(order.id, dispute.id);
    const page = await renderPage({
      path: '/admin/orders/:orderId/disputes/:disputeId',
      route: disputeRoute,
      Page: DisputePage as never,
      request: post(url, evidenceFields({ customerPhone: 'call me', serviceDetails: 'Typed text!' }), {
        cookie: admin.cookie,
      }),
      params: params(order.id, dispute.id),
    });
    expect(page.status).toBe(400);
    expect(page.markup).toContain(DISPUTE_MESSAGES.customerPhone);
    expect(page.markup).toContain('Typed text!');
    expect(page.markup).toContain('Answer by');

    const other = await paidOrder();
    expect(
      (await send(other.id, dispute.id, post(at(other.id, dispute.id), evidenceFields(), { cookie: admin.cookie })))
        .status,
    ).toBe(404);
    const unknown = await send(
      order.id,
      dispute.id,
      post(url, { intent: 'dispute-nonsense' }, { cookie: admin.cookie }),
    );
    expect(unknown.status).toBe(400);
  });
});
