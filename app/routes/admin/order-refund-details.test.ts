/**
 * A refund Paystack marks needs-attention (decision 0030), through the simulator and its signed webhooks delivered to
 * the store's webhook handler: the refund shows "Needs the customer's bank details", support is mailed, and the order
 * page's form (account number checked by NUBAN, the bank from Paystack's List Banks, cached) sends them to
 * POST /refund/retry_with_customer_details/{id}; the store keeps the bank and the last four digits only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentEvents, refunds } from '~/db/schema';
import { REFUND_DETAILS_MESSAGES, REFUND_MESSAGES } from '~/lib/payments/admin-refund';
import type { AdminOrderDetail } from '~/lib/admin/admin-types';
import { confirmPayment } from '~/server/payments/confirm-payment.server';
import { handlePaystackWebhook } from '~/server/payments/webhook.server';
import { db } from '~/server/db.server';
import { forgetBanks } from '~/server/payments/paystack/banks.server';
import { useSimulator } from '~/server/payments/paystack/config.server';
import { SIGNATURE_HEADER } from '~/server/payments/paystack/signature.server';
import { startPaystackSimulator, type Simulator } from '../../../server/paystack-simulator/simulator.server';
import { pay, putInCart } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import { within } from '../../../tests/within';
import OrderPage from './order';

const orderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');

let simulator: Simulator;
let receiver: http.Server;
let admin: Awaited<ReturnType<typeof createUser>>;
// First Bank (code 011, id 7 in the simulator's list): the CBN standard's own example account passes its check.
const GOOD_ACCOUNT = '0000014579';

beforeAll(async () => {
  // The store's webhook handler behind a port, so the simulator's own refund.* webhooks reach it as Paystack's would.
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const signature = req.headers[SIGNATURE_HEADER];
      void handlePaystackWebhook(body, typeof signature === 'string' ? signature : null, '127.0.0.1').then((answer) =>
        res.writeHead(answer.status).end(answer.body),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/` });
  useSimulator({ baseUrl: simulator.baseUrl, secretKey: simulator.secretKey, publicKey: simulator.publicKey });
  forgetBanks();
  admin = await createUser({ admin: true, email: 'ops@example.com' });
});

afterAll(async () => {
  useSimulator(undefined);
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function paidOrder() {
  const customer = await createUser();
  const product = await createProduct({ price: 20_000_00, stock: { 'M/Black': 5 } });
  await putInCart(customer.id, [{ productId: product.id, quantity: 1 }]);
  const { payment } = (await pay(customer.cookie)).data as { payment: { orderId: string; reference: string } };
  simulator.pay(payment.reference);
  expect((await confirmPayment(payment.reference, 'callback')).kind).toBe('paid');
  return { id: payment.orderId, reference: payment.reference };
}

const rowsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const statusOf = async (orderId: string) => (await rowsOf(orderId)).map((r) => r.status).join(',');
const queuedMails = async (subject: string) =>
  (
    await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->'mail'->>'subject' = ${subject}`,
    )
  )[0].n;

const action = (orderId: string, fields: Record<string, string>) =>
  outcome(() =>
    orderRoute.action(args(post(`/admin/orders/${orderId}`, fields, { cookie: admin.cookie }), { orderId })),
  );
const page = async (orderId: string) => {
  const answer = await outcome(() =>
    orderRoute.loader(args(get(`/admin/orders/${orderId}`, admin.cookie), { orderId })),
  );
  return answer.data as { order: AdminOrderDetail; banks: { id: string; name: string }[] | null };
};
const html = async (request: Request, orderId: string) =>
  renderPage({ path: '/admin/orders/:orderId', route: orderRoute, Page: OrderPage, request, params: { orderId } });

/** A refund asked from the order page that Paystack then marks needs-attention (its webhook arrives). */
async function refundNeedingAttention() {
  const order = await paidOrder();
  simulator.setRefundOutcome('needs-attention');
  try {
    const asked = await action(order.id, {
      intent: 'refund',
      amount: '20000',
      reason: 'Card closed by the bank',
      requestKey: crypto.randomUUID(),
    });
    expect(asked.location).toBe(`/admin/orders/${order.id}?refund=requested`);
  } finally {
    simulator.setRefundOutcome('processed');
  }
  expect(await within(3000, async () => (await statusOf(order.id)) === 'needs-attention')).toBe(true);
  const [row] = await rowsOf(order.id);
  return { ...order, refundId: row.id, providerId: Number(row.providerId) };
}

describe('a refund that needs the customer’s bank details', () => {
  it('is shown as such, mailed to support, and offers the form with Paystack’s banks (cached)', async () => {
    const order = await refundNeedingAttention();
    expect(await queuedMails(`Refund needs the customer's bank details on order ${order.id}`)).toBe(1);
    const view = await page(order.id);
    expect(view.order.refunds[0]).toMatchObject({ status: 'needs-attention', customerDetails: null });
    expect(view.banks?.map((bank) => bank.name)).toContain('First Bank of Nigeria');

    const rendered = await html(get(`/admin/orders/${order.id}`, admin.cookie), order.id);
    expect(rendered.html).toContain('Needs the customer&#x27;s bank details');
    expect(rendered.html).toContain('name="accountNumber"');
    expect(rendered.html).toMatch(/<option value="7">First Bank of Nigeria<\/option>/);
    // The list is kept: Paystack away, the page still offers it.
    simulator.setFault('down');
    try {
      expect((await page(order.id)).banks?.length).toBeGreaterThan(0);
    } finally {
      simulator.setFault('none');
    }
  });

  it('refuses an account number that fails the NUBAN check for the bank chosen, sending nothing', async () => {
    const order = await refundNeedingAttention();
    const fields = { intent: 'refund-details', refundId: String(order.refundId), bankId: '9' };
    const wrong = await action(order.id, { ...fields, accountNumber: GOOD_ACCOUNT });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      detailsResult: { error: { accountNumber: [REFUND_DETAILS_MESSAGES.checkDigit] } },
      refundId: order.refundId,
    });
    const short = await action(order.id, { ...fields, accountNumber: '12345' });
    expect(short.data).toMatchObject({
      detailsResult: { error: { accountNumber: [REFUND_DETAILS_MESSAGES.accountNumber] } },
    });
    expect(simulator.refunds.get(order.providerId)?.retriedWith).toBeUndefined();
    expect(await statusOf(order.id)).toBe('needs-attention');
    // Without JavaScript: the page again, with the message under the field.
    const rendered = await html(
      post(`/admin/orders/${order.id}`, { ...fields, accountNumber: GOOD_ACCOUNT }, { cookie: admin.cookie }),
      order.id,
    );
    expect(rendered.status).toBe(400);
    expect(rendered.html).toContain(REFUND_DETAILS_MESSAGES.checkDigit);
    expect(rendered.html).toContain(`value="${GOOD_ACCOUNT}"`);
  });

  it('sends valid details to retry_with_customer_details; the refund is then processed; only 4 digits are kept', async () => {
    const order = await refundNeedingAttention();
    const sent = await action(order.id, {
      intent: 'refund-details',
      refundId: String(order.refundId),
      bankId: '7',
      accountNumber: '00000 14579',
    });
    expect(sent.location).toBe(`/admin/orders/${order.id}?refund=details-sent`);
    expect(simulator.refunds.get(order.providerId)?.retriedWith).toEqual({ accountNumber: GOOD_ACCOUNT, bankId: '7' });
    // Paystack's refund.processing, then refund.processed, arrive by webhook.
    expect(await within(3000, async () => (await statusOf(order.id)) === 'processed')).toBe(true);
    const [row] = await rowsOf(order.id);
    expect(row.customerDetails).toMatchObject({ bankName: 'First Bank of Nigeria', accountLast4: '4579' });
    const stored = JSON.stringify([
      await rowsOf(order.id),
      await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id)),
      await db().select().from(auditLog).where(eq(auditLog.entityId, order.id)),
    ]);
    expect(stored).not.toContain(GOOD_ACCOUNT);
    const rendered = await html(get(`/admin/orders/${order.id}?refund=details-sent`, admin.cookie), order.id);
    expect(rendered.html).toContain(REFUND_MESSAGES['details-sent'].replace("'", '&#x27;'));
    expect(rendered.html).toContain('Bank details sent: First Bank of Nigeria, account ending 4579');
    // Nothing needs details any more: a second post changes nothing.
    const again = await action(order.id, {
      intent: 'refund-details',
      refundId: String(order.refundId),
      bankId: '7',
      accountNumber: GOOD_ACCOUNT,
    });
    expect(again).toMatchObject({
      status: 409,
      data: { detailsResult: { error: { '': [REFUND_DETAILS_MESSAGES.refund] } } },
    });
  });

  it('says so when Paystack does not answer the bank details, keeping them as sent and the status as it was', async () => {
    const order = await refundNeedingAttention();
    simulator.setFault('down');
    let answer: Awaited<ReturnType<typeof action>>;
    try {
      answer = await action(order.id, {
        intent: 'refund-details',
        refundId: String(order.refundId),
        bankId: '7',
        accountNumber: GOOD_ACCOUNT,
      });
    } finally {
      simulator.setFault('none');
    }
    expect(answer).toMatchObject({
      status: 502,
      data: { detailsResult: { error: { '': [REFUND_DETAILS_MESSAGES.noAnswer] } }, refundId: order.refundId },
    });
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'needs-attention', customerDetails: { accountLast4: '4579' } });
  });

  it('keeps the details sent when Paystack’s webhooks settle the refund before its answer to them arrives', async () => {
    const order = await refundNeedingAttention();
    // In front of the simulator, a proxy that holds back the answer to the bank details: the refund.processing and
    // refund.processed webhooks the retry starts reach the store first, as they can from Paystack.
    const proxy = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        void (async () => {
          const answer = await fetch(`${simulator.baseUrl}${req.url}`, {
            method: req.method,
            headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
            body: req.method === 'GET' ? undefined : body,
          });
          const text = await answer.text();
          if (req.url?.includes('retry_with_customer_details')) {
            await within(3000, async () => (await statusOf(order.id)) === 'processed');
          }
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        })();
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    useSimulator({
      baseUrl: `http://127.0.0.1:${port}`,
      secretKey: simulator.secretKey,
      publicKey: simulator.publicKey,
    });
    try {
      const sent = await action(order.id, {
        intent: 'refund-details',
        refundId: String(order.refundId),
        bankId: '7',
        accountNumber: GOOD_ACCOUNT,
      });
      expect(sent.location).toBe(`/admin/orders/${order.id}?refund=details-sent`);
    } finally {
      useSimulator({ baseUrl: simulator.baseUrl, secretKey: simulator.secretKey, publicKey: simulator.publicKey });
      await new Promise((resolve) => proxy.close(resolve));
    }
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'processed', customerDetails: { accountLast4: '4579' } });
  });

  it('a refund.needs-attention for a refund the store knows as pending (the control) moves it on', async () => {
    const order = await paidOrder();
    simulator.setRefundOutcome('manual');
    try {
      await action(order.id, {
        intent: 'refund',
        amount: '20000',
        reason: 'Returned',
        requestKey: crypto.randomUUID(),
      });
    } finally {
      simulator.setRefundOutcome('processed');
    }
    expect(await within(3000, async () => (await statusOf(order.id)) === 'pending')).toBe(true);
    const [row] = await rowsOf(order.id);
    await simulator.refundNeedsAttention(Number(row.providerId));
    expect(await statusOf(order.id)).toBe('needs-attention');
  });
});
