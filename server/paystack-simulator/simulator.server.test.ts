/**
 * The Paystack simulator over real HTTP: its control endpoint needs its per-run token; verify reports Paystack's
 * test domain; bank transfer and USSD stay pending until the bank confirms; refunds, disputes and reversals; and
 * webhooks, signed and retried, land on a tiny local receiver that checks every signature.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidSignature } from '~/server/payments/paystack/signature.server';
import { inlineScript } from './pages.server';
import { startPaystackSimulator, type Simulator } from './simulator.server';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startPaystackSimulator();
});
afterAll(() => simulator.close());

const control = (body: unknown, authorization?: string, method = 'POST', sim = simulator) =>
  fetch(`${sim.baseUrl}/__control`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });

const verify = (reference: string, sim = simulator) =>
  fetch(`${sim.baseUrl}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${sim.secretKey}` },
  });

type VerifyData = {
  status: string;
  channel: string | null;
  paid_at: string | null;
  domain: string;
  amount: number;
  fees: number | null;
};
const verified = async (reference: string, sim = simulator) =>
  ((await (await verify(reference, sim)).json()) as { data: VerifyData }).data;

async function initialize(reference: string, sim = simulator) {
  const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'ada@example.com',
      amount: '500000',
      reference,
      callback_url: 'http://127.0.0.1:9/back',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { access_code: string } }).data.access_code;
}

const newReference = (prefix: string) => `pj-${prefix}-${Math.random().toString(36).slice(2)}`;

describe('POST /__control', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['the token one character short', () => `Bearer ${simulator.controlToken.slice(0, -1)}`],
    ['the token in another scheme', () => `Basic ${simulator.controlToken}`],
    ['the secret key instead of the token', () => `Bearer ${simulator.secretKey}`],
  ])('is refused with %s, and changes nothing', async (_name, header) => {
    const reference = newReference('ctl');
    await initialize(reference);
    const authorization = typeof header === 'function' ? header() : header;
    const response = await control({ fault: 'down', webhooks: false }, authorization);
    expect(response.status).toBe(403);
    expect((await verify(reference)).status).toBe(200);
  });

  it('works with the per-run token', async () => {
    const reference = newReference('ctl');
    await initialize(reference);
    const response = await control({ fault: 'down' }, `Bearer ${simulator.controlToken}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      fault: 'down',
      webhooks: true,
      pendingStatus: 'pending',
      refundOutcome: 'processed',
      refundFault: 'none',
    });
    expect((await verify(reference)).status).toBe(503);
    expect((await control({ fault: 'none' }, `Bearer ${simulator.controlToken}`)).status).toBe(200);
    expect((await verify(reference)).status).toBe(200);
  });

  it('makes a new token for every run', async () => {
    const other = await startPaystackSimulator();
    try {
      expect(other.controlToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other.controlToken).not.toBe(simulator.controlToken);
      const refused = await fetch(`${other.baseUrl}/__control`, {
        method: 'POST',
        headers: { authorization: `Bearer ${simulator.controlToken}` },
        body: '{}',
      });
      expect(refused.status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('refuses unknown values and changes nothing', async () => {
    const token = `Bearer ${simulator.controlToken}`;
    for (const body of [
      { fault: 'exploded' },
      { pendingStatus: 'waiting' },
      { refundOutcome: 'maybe' },
      { refundFault: 'sometimes' },
      { action: 'pay-everything' },
      { webhooks: 'yes' },
      { fault: 'down', pendingStatus: 'waiting' },
    ]) {
      const response = await control(body, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: false });
    }
    expect(await (await control({}, token)).json()).toMatchObject({ fault: 'none', pendingStatus: 'pending' });
  });
});

describe('verify', () => {
  it("reports Paystack's test domain, as Paystack does for test keys", async () => {
    const reference = newReference('dom');
    await initialize(reference);
    const body = (await (await verify(reference)).json()) as { data: { domain: string } };
    expect(body.data.domain).toBe('test');
  });

  it('reports a transaction nobody finished as abandoned, card by default, not paid', async () => {
    const reference = newReference('new');
    await initialize(reference);
    expect(await verified(reference)).toMatchObject({ status: 'abandoned', channel: 'card', paid_at: null });
  });

  it('answers an unknown reference 404 by default, and 400 with the validation-error body when told', async () => {
    const unknown = await verify('pj_never_seen');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' });
    simulator.setFault('not-found-400');
    try {
      const refused = await verify('pj_never_seen');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        status: false,
        message: 'Transaction reference not found',
        meta: { nextStep: "Ensure that you're passing the reference of a transaction that exists on this integration" },
        type: 'validation_error',
        code: 'transaction_not_found',
      });
      // Only the unknown reference changes: a known one is verified as usual.
      const known = newReference('known');
      await initialize(known);
      expect((await verify(known)).status).toBe(200);
    } finally {
      simulator.setFault('none');
    }
  });
});

describe('bank transfer and USSD on the hosted page (no JavaScript)', () => {
  it('offers card, transfer (an account number) and USSD (a code) with plain forms', async () => {
    const code = await initialize(newReference('page'));
    const html = await (await fetch(`${simulator.baseUrl}/checkout/${code}`)).text();
    for (const action of ['pay', 'decline', 'transfer', 'ussd']) {
      expect(html).toContain(`<form method="post" action="/checkout/${code}/${action}">`);
    }
    expect(html).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit">Decline<\/button>/);
    expect(html).toContain(`action="/checkout/${code}/transfer"><button type="submit">I've sent the money</button>`);
    expect(html).toContain(`action="/checkout/${code}/ussd"><button type="submit">I've dialled the code</button>`);
    expect(html).toMatch(/account <strong>99\d{8}<\/strong>/);
    expect(html).toMatch(/<strong>\*737\*000\*\d{4}#<\/strong>/);
    expect(html).not.toMatch(/<script/);
  });

  it.each([
    ['transfer', 'bank_transfer'],
    ['ussd', 'ussd'],
  ])('%s: 303 back to the callback, verify then says pending on that channel', async (action, channel) => {
    const reference = newReference(action);
    const code = await initialize(reference);
    const response = await fetch(`${simulator.baseUrl}/checkout/${code}/${action}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/back');
    expect(location.searchParams.get('trxref')).toBe(reference);
    expect(location.searchParams.get('reference')).toBe(reference);
    expect(await verified(reference)).toMatchObject({ status: 'pending', channel, paid_at: null });
    expect(simulator.transactions.get(reference)).toMatchObject({ status: 'pending', channel });
    // The page now says it waits for the bank instead of offering to pay again.
    expect(await (await fetch(`${simulator.baseUrl}/checkout/${code}`)).text()).toContain('Waiting for your bank');
  });

  it('reports ongoing, processing or queued for a pending transaction when told', async () => {
    const reference = newReference('status');
    await initialize(reference);
    simulator.startPending(reference);
    try {
      for (const status of ['ongoing', 'processing', 'queued'] as const) {
        simulator.setPendingStatus(status);
        expect((await verified(reference)).status).toBe(status);
      }
      const set = await control({ pendingStatus: 'ongoing' }, `Bearer ${simulator.controlToken}`);
      expect(await set.json()).toMatchObject({ pendingStatus: 'ongoing' });
      expect((await verified(reference)).status).toBe('ongoing');
    } finally {
      simulator.setPendingStatus('pending');
    }
    expect((await verified(reference)).status).toBe('pending');
  });

  it('fails a pending transaction the bank never confirmed, and reverses a paid one', async () => {
    const pending = newReference('fail');
    await initialize(pending);
    simulator.startPending(pending, 'ussd');
    simulator.failPending(pending);
    expect(await verified(pending)).toMatchObject({ status: 'failed', channel: 'ussd', paid_at: null });
    expect(() => simulator.failPending(pending)).toThrow(/not pending/);

    const paid = newReference('rev');
    await initialize(paid);
    expect(() => simulator.reverse(paid)).toThrow(/not paid/);
    simulator.pay(paid);
    simulator.reverse(paid);
    const data = await verified(paid);
    expect(data.status).toBe('reversed');
    expect(data.paid_at).toEqual(expect.any(String));
  });
});

describe('the pop-up', () => {
  it('offers transfer and USSD, and tells inline.js transfer:pending after "I\'ve sent the money"', async () => {
    const reference = newReference('pop');
    const code = await initialize(reference);
    const html = await (await fetch(`${simulator.baseUrl}/popup/${code}`)).text();
    for (const id of ['pay', 'decline', 'transfer', 'ussd', 'close']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain("tell('transfer:pending'");
    const answer = await fetch(`${simulator.baseUrl}/popup/${code}/transfer`, { method: 'POST' });
    expect(await answer.json()).toMatchObject({ reference, status: 'pending' });
    expect(simulator.transactions.get(reference)).toMatchObject({ status: 'pending', channel: 'bank_transfer' });
  });

  it('inline.js look-alike: transfer:pending closes the frame, calls onCancel, then the pending callback', () => {
    const origin = 'http://127.0.0.1:1';
    const calls: string[] = [];
    let listener: ((event: unknown) => void) | undefined;
    const frame = { style: {}, remove: () => calls.push('frame removed') };
    const window: Record<string, unknown> = {
      addEventListener: (_type: string, fn: (event: unknown) => void) => (listener = fn),
      removeEventListener: () => undefined,
    };
    const document = { createElement: () => frame, body: { appendChild: () => calls.push('frame shown') } };
    vm.runInNewContext(inlineScript(origin), { window, document });
    const Pop = window.PaystackPop as new () => { resumeTransaction: (code: string, callbacks: object) => void };
    new Pop().resumeTransaction('abc', {
      onCancel: () => calls.push('onCancel'),
      onBankTransferConfirmationPending: () => calls.push('onBankTransferConfirmationPending'),
      onSuccess: () => calls.push('onSuccess'),
    });
    listener!({ origin: 'http://elsewhere', data: { source: 'paystack-simulator', event: 'transfer:pending' } });
    expect(calls).toEqual(['frame shown']);
    listener!({ origin, data: { source: 'paystack-simulator', event: 'transfer:pending', status: 'pending' } });
    expect(calls).toEqual(['frame shown', 'frame removed', 'onCancel', 'onBankTransferConfirmationPending']);
  });
});

type Hook = { event: string; data: Record<string, unknown>; raw: string; signed: boolean; answered: number };

/** Where webhooks land: records every body, checks its signature, answers 500 once for references told to. */
async function startReceiver(secretKey: string) {
  const hooks: Hook[] = [];
  const failOnce = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { event: string; data: Record<string, unknown> };
      const header = req.headers['x-paystack-signature'];
      const signed = hasValidSignature(raw, typeof header === 'string' ? header : null, secretKey);
      const reference = referenceOf(body.data);
      const answered = failOnce.delete(reference) ? 500 : 200;
      hooks.push({ event: body.event, data: body.data, raw, signed, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paystack`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { hooks, failOnce, url, close };
}

const referenceOf = (data: Record<string, unknown>) =>
  String(data.reference ?? data.transaction_reference ?? (data.transaction as { reference?: string })?.reference);

async function until<T>(check: () => T | undefined | false, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('with a webhook receiver', () => {
  const secretKey = 'sk_test_simulator_webhooks';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hooked: Simulator;
  beforeAll(async () => {
    receiver = await startReceiver(secretKey);
    hooked = await startPaystackSimulator({ secretKey, webhookUrl: receiver.url, webhookRetryDelaysMs: [40, 80] });
  });
  afterAll(async () => {
    await hooked.close();
    await receiver.close();
  });

  const hooksFor = (reference: string) => receiver.hooks.filter((hook) => referenceOf(hook.data) === reference);
  const eventsFor = (reference: string) => hooksFor(reference).map((hook) => hook.event);
  const paid = async (prefix: string) => {
    const reference = newReference(prefix);
    await initialize(reference, hooked);
    hooked.pay(reference);
    return reference;
  };
  const refund = (body: Record<string, unknown>) =>
    fetch(`${hooked.baseUrl}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hooked.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refundData = async (response: Response) => {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: boolean; message: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ status: true, message: 'Refund has been queued for processing' });
    return body.data;
  };

  describe('bank confirms later', () => {
    it('confirmPending sends charge.success on the transfer channel, and verify then says success', async () => {
      const reference = newReference('confirm');
      const code = await initialize(reference, hooked);
      await fetch(`${hooked.baseUrl}/checkout/${code}/transfer`, { method: 'POST', redirect: 'manual' });
      // Choosing transfer sends nothing: only the bank's confirmation does.
      expect(hooksFor(reference)).toEqual([]);
      const tx = await hooked.confirmPending(reference);
      expect(tx).toMatchObject({ status: 'success', channel: 'bank_transfer' });
      const [hook] = hooksFor(reference);
      expect(hook).toMatchObject({ event: 'charge.success', signed: true });
      expect(hook.data).toMatchObject({ reference, status: 'success', channel: 'bank_transfer', domain: 'test' });
      expect(hook.data.paid_at).toEqual(tx.paidAt);
      expect(hook.data.authorization).toMatchObject({ channel: 'bank_transfer' });
      expect(await verified(reference, hooked)).toMatchObject({ status: 'success', channel: 'bank_transfer' });
      expect((await verified(reference, hooked)).paid_at).toBe(tx.paidAt);
      await expect(hooked.confirmPending(reference)).rejects.toThrow(/not pending/);
    });

    it('failPending sends no webhook', async () => {
      const reference = newReference('nobank');
      await initialize(reference, hooked);
      hooked.startPending(reference, 'ussd');
      hooked.failPending(reference);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hooksFor(reference)).toEqual([]);
      expect(hooked.deliveries.filter((d) => d.reference === reference)).toEqual([]);
    });
  });

  describe('webhook retries', () => {
    it('retries after a 500 with the same signed body, and records each attempt', async () => {
      const reference = await paid('retry');
      receiver.failOnce.add(reference);
      expect(await hooked.sendWebhook(reference)).toBe(500);
      await until(() => hooksFor(reference).length === 2);
      const [first, second] = hooksFor(reference);
      expect([first.answered, second.answered]).toEqual([500, 200]);
      expect(second.raw).toBe(first.raw);
      expect(second.signed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const attempts = hooked.deliveries.filter((d) => d.reference === reference);
      expect(attempts).toMatchObject([
        { event: 'charge.success', attempt: 1, status: 500, error: null },
        { event: 'charge.success', attempt: 2, status: 200, error: null },
      ]);
      expect(Date.parse(attempts[1].at)).toBeGreaterThanOrEqual(Date.parse(attempts[0].at) + 40);
    });

    it('retries a store it cannot reach on the whole schedule, then stops', async () => {
      const closed = await startReceiver(secretKey);
      await closed.close();
      const lonely = await startPaystackSimulator({ webhookUrl: closed.url, webhookRetryDelaysMs: [20, 20] });
      try {
        const reference = newReference('down');
        await initialize(reference, lonely);
        lonely.pay(reference);
        expect(await lonely.sendWebhook(reference)).toBe(0);
        await until(() => lonely.deliveries.length === 3);
        await new Promise((resolve) => setTimeout(resolve, 60));
        expect(lonely.deliveries).toHaveLength(3);
        for (const delivery of lonely.deliveries) {
          expect(delivery).toMatchObject({ reference, status: null, error: expect.any(String) });
        }
      } finally {
        await lonely.close();
      }
    });

    it('answers 0 for a webhook it cannot send (unknown reference, or no webhook URL)', async () => {
      expect(await hooked.sendWebhook('pj_nobody')).toBe(0);
      const reference = newReference('nourl');
      await initialize(reference);
      simulator.pay(reference);
      expect(await simulator.sendWebhook(reference)).toBe(0);
      expect(simulator.deliveries).toEqual([]);
    });
  });

  describe('refunds', () => {
    it('refunds all that is left by default, then sends refund.pending and refund.processed', async () => {
      const reference = await paid('full');
      const tx = hooked.transactions.get(reference)!;
      const data = await refundData(await refund({ transaction: reference, customer_note: 'Changed my mind' }));
      expect(data).toMatchObject({
        amount: 500000,
        currency: 'NGN',
        status: 'pending',
        domain: 'test',
        deducted_amount: 0,
        fully_deducted: false,
        channel: null,
        customer_note: 'Changed my mind',
        merchant_note: `Refund for transaction ${reference} by simulator`,
        transaction: { id: tx.id, reference, amount: 500000, currency: 'NGN', channel: 'card', paid_at: tx.paidAt },
      });
      for (const field of ['id', 'integration', 'createdAt', 'updatedAt', 'expected_at', 'refunded_by']) {
        expect(data).toHaveProperty(field);
      }
      await until(() => hooksFor(reference).length === 2);
      expect(eventsFor(reference)).toEqual(['refund.pending', 'refund.processed']);
      const [pending, processed] = hooksFor(reference);
      expect(pending.signed && processed.signed).toBe(true);
      expect(pending.data).toEqual({
        status: 'pending',
        transaction_reference: reference,
        refund_reference: null,
        amount: '500000',
        currency: 'NGN',
        processor: 'simulator',
        customer: { first_name: null, last_name: null, email: 'ada@example.com' },
        integration: expect.any(Number),
        domain: 'test',
        id: String(data.id),
        customer_note: 'Changed my mind',
        merchant_note: `Refund for transaction ${reference} by simulator`,
      });
      expect(processed.data).toMatchObject({ status: 'processed', amount: '500000', id: String(data.id) });
      expect(processed.data.refund_reference).toMatch(/^TRF_/);
      expect(hooked.refunds.get(data.id as number)).toMatchObject({ status: 'processed', amount: 500000 });
      // A refund of all of it reverses the transaction, and nothing is left to refund.
      expect((await verified(reference, hooked)).status).toBe('reversed');
      const again = await refund({ transaction: reference, amount: 100 });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ status: false, message: 'Transaction has been fully reversed' });
    });

    it('GET /refund/:id fetches one refund as the API shapes it', async () => {
      const reference = await paid('fetch');
      const created = await refundData(await refund({ transaction: reference, amount: 120000 }));
      await until(() => hooked.refunds.get(created.id as number)?.status === 'processed');
      const response = await fetch(`${hooked.baseUrl}/refund/${created.id}`, {
        headers: { authorization: `Bearer ${hooked.secretKey}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: boolean; message: string; data: Record<string, unknown> };
      expect(body).toMatchObject({ status: true, message: 'Refund retrieved' });
      expect(body.data).toMatchObject({
        id: created.id,
        transaction: hooked.transactions.get(reference)!.id,
        transaction_reference: reference,
        amount: 120000,
        currency: 'NGN',
        status: 'processed',
        deducted_amount: 120000,
        fully_deducted: true,
        refund_type: 'partial',
        transaction_amount: 500000,
        domain: 'test',
      });
      expect(body.data.refunded_at).toEqual(expect.any(String));
      const missing = await fetch(`${hooked.baseUrl}/refund/1`, { headers: { authorization: `Bearer ${secretKey}` } });
      expect(missing.status).toBe(404);
    });

    it('refunds part, by reference or id; refuses more than is left, pending refunds counted', async () => {
      const reference = await paid('partial');
      hooked.setRefundOutcome('manual');
      try {
        const first = await refundData(await refund({ transaction: reference, amount: 100000 }));
        expect(first).toMatchObject({ amount: 100000, status: 'pending' });
        const id = hooked.transactions.get(reference)!.id;
        await refundData(await refund({ transaction: String(id), amount: '150000' }));
        // 250000 of 500000 are held by two pending refunds.
        const over = await refund({ transaction: reference, amount: 250001 });
        expect(over.status).toBe(400);
        expect(await over.json()).toMatchObject({ status: false, message: expect.stringMatching(/250000/) });
        await refundData(await refund({ transaction: reference, amount: 250000 }));
        expect((await refund({ transaction: reference, amount: 1 })).status).toBe(400);
        // Partly refunded is still paid.
        expect((await verified(reference, hooked)).status).toBe('success');
      } finally {
        hooked.setRefundOutcome('processed');
      }
    });

    it.each([
      ['no amount', { amount: 0 }],
      ['a negative amount', { amount: -5 }],
      ['a fraction of a kobo', { amount: 10.5 }],
      ['another currency', { currency: 'USD' }],
    ])('refuses %s', async (_name, extra) => {
      const reference = await paid('bad');
      const response = await refund({ transaction: reference, ...extra });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: false, message: expect.any(String) });
      expect([...hooked.refunds.values()].filter((r) => r.transactionReference === reference)).toEqual([]);
    });

    it('refuses a transaction that is not paid, and answers 404 for one it never saw', async () => {
      const reference = newReference('unpaid');
      await initialize(reference, hooked);
      const unpaid = await refund({ transaction: reference });
      expect(unpaid.status).toBe(400);
      expect(await unpaid.json()).toEqual({
        status: false,
        message: 'Cannot refund a transaction that has not been paid',
      });
      hooked.startPending(reference);
      expect((await refund({ transaction: reference })).status).toBe(400);
      const unknown = await refund({ transaction: 'pj_never_seen' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ status: false, message: 'Transaction not found' });
      expect(hooksFor(reference)).toEqual([]);
    });

    it('a failed refund sends refund.failed, and its amount can be refunded again', async () => {
      const reference = await paid('rfail');
      hooked.setRefundOutcome('failed');
      let data: Record<string, unknown>;
      try {
        data = await refundData(await refund({ transaction: reference }));
      } finally {
        hooked.setRefundOutcome('processed');
      }
      await until(() => hooksFor(reference).length === 2);
      expect(eventsFor(reference)).toEqual(['refund.pending', 'refund.failed']);
      // Paystack's refund.failed sample carries the amount as a number.
      expect(hooksFor(reference)[1].data).toMatchObject({ status: 'failed', amount: 500000, id: String(data.id) });
      expect(hooked.refunds.get(data.id as number)?.status).toBe('failed');
      expect((await verified(reference, hooked)).status).toBe('success');
      await refundData(await refund({ transaction: reference }));
    });

    it("'manual' leaves a refund pending until finishRefund sends the end", async () => {
      const reference = await paid('manual');
      hooked.setRefundOutcome('manual');
      let data: Record<string, unknown>;
      try {
        data = await refundData(await refund({ transaction: reference, amount: 50000 }));
      } finally {
        hooked.setRefundOutcome('processed');
      }
      await until(() => hooksFor(reference).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(eventsFor(reference)).toEqual(['refund.pending']);
      expect(hooked.refunds.get(data.id as number)?.status).toBe('pending');
      const done = await hooked.finishRefund(data.id as number, 'processed');
      expect(done).toMatchObject({ status: 'processed', amount: 50000 });
      expect(eventsFor(reference)).toEqual(['refund.pending', 'refund.processed']);
      await expect(hooked.finishRefund(data.id as number, 'failed')).rejects.toThrow(/not pending/);
    });

    it('sends no refund webhook with webhooks off, but the refund still ends', async () => {
      const reference = await paid('quiet');
      hooked.setWebhooks(false);
      try {
        const data = await refundData(await refund({ transaction: reference }));
        await until(() => hooked.refunds.get(data.id as number)?.status === 'processed');
        expect(hooksFor(reference)).toEqual([]);
      } finally {
        hooked.setWebhooks(true);
      }
    });
  });

  describe('disputes', () => {
    it('sends charge.dispute.create, remind and resolve for one dispute, shaped as Paystack sends them', async () => {
      const reference = await paid('dispute');
      const tx = hooked.transactions.get(reference)!;
      const dueAt = '2030-01-02T18:00:00.000Z';
      expect(await hooked.sendDispute(reference, 'create', { dueAt, reason: 'Never received the dress' })).toBe(200);
      expect(await hooked.sendDispute(reference, 'remind')).toBe(200);
      expect(await hooked.sendDispute(reference, 'resolve', { resolution: 'declined' })).toBe(200);
      const events = ['charge.dispute.create', 'charge.dispute.remind', 'charge.dispute.resolve'];
      expect(eventsFor(reference)).toEqual(events);
      const [create, remind, resolve] = hooksFor(reference);
      expect(create.signed && remind.signed && resolve.signed).toBe(true);
      expect(create.data).toMatchObject({
        refund_amount: 500000,
        currency: 'NGN',
        status: 'awaiting-merchant-feedback',
        resolution: null,
        domain: 'test',
        category: 'chargeback',
        transaction_reference: null,
        transaction: { id: tx.id, reference, amount: 500000, status: 'success', channel: 'card', currency: 'NGN' },
        customer: { email: 'ada@example.com' },
        dueAt,
        resolvedAt: null,
        messages: [{ sender: 'ada@example.com', body: 'Never received the dress' }],
      });
      expect(remind.data).toMatchObject({ id: create.data.id, status: 'awaiting-merchant-feedback', dueAt });
      expect(resolve.data).toMatchObject({ id: create.data.id, status: 'resolved', resolution: 'declined' });
      expect(resolve.data.resolvedAt).toEqual(expect.any(String));
      // Declined: the merchant won, the money stays.
      expect((await verified(reference, hooked)).status).toBe('success');
    });

    it("an accepted resolution reverses the transaction, as in Paystack's sample", async () => {
      const reference = await paid('accept');
      await hooked.sendDispute(reference, 'resolve');
      const [resolve] = hooksFor(reference);
      expect(resolve.data).toMatchObject({ status: 'resolved', resolution: 'auto-accepted' });
      expect(resolve.data.transaction).toMatchObject({ status: 'reversed' });
      expect((await verified(reference, hooked)).status).toBe('reversed');
    });

    it('refuses to dispute a transaction that was never paid', async () => {
      const reference = newReference('nodispute');
      await initialize(reference, hooked);
      await expect(hooked.sendDispute(reference, 'create')).rejects.toThrow(/only a paid transaction/);
      await expect(hooked.sendDispute('pj_nobody', 'create')).rejects.toThrow(/not found/);
    });
  });

  describe('control actions', () => {
    const token = () => `Bearer ${hooked.controlToken}`;
    const act = (body: unknown, authorization = token()) => control(body, authorization, 'POST', hooked);
    const look = (reference: string, authorization = token()) =>
      fetch(`${hooked.baseUrl}/__control/transactions/${encodeURIComponent(reference)}`, {
        headers: authorization ? { authorization } : {},
      });

    it('are refused without the token, and change nothing', async () => {
      const reference = newReference('ctlact');
      await initialize(reference, hooked);
      hooked.startPending(reference);
      for (const authorization of ['', 'Bearer nope', `Bearer ${hooked.secretKey}`]) {
        expect((await act({ action: 'confirm-pending', reference }, authorization)).status).toBe(403);
        expect((await look(reference, authorization)).status).toBe(403);
      }
      expect(hooked.transactions.get(reference)?.status).toBe('pending');
      expect(hooksFor(reference)).toEqual([]);
    });

    it('show a transaction to another process', async () => {
      const reference = newReference('look');
      const code = await initialize(reference, hooked);
      await fetch(`${hooked.baseUrl}/checkout/${code}/ussd`, { method: 'POST', redirect: 'manual' });
      const response = await look(reference);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        reference,
        channel: 'ussd',
        status: 'pending',
        verifyStatus: 'pending',
        paidAt: null,
        amount: 500000,
        refunds: [],
      });
      const missing = await look('pj_nobody');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ status: false, message: 'Transaction reference not found' });
    });

    it('start, confirm and fail pending transactions, and reverse paid ones', async () => {
      const confirmed = newReference('cconfirm');
      await initialize(confirmed, hooked);
      const started = await act({ action: 'start-pending', reference: confirmed, channel: 'ussd' });
      expect(await started.json()).toMatchObject({ transaction: { status: 'pending', channel: 'ussd' } });
      const confirm = await act({ action: 'confirm-pending', reference: confirmed });
      expect(confirm.status).toBe(200);
      expect(await confirm.json()).toMatchObject({ transaction: { status: 'success', verifyStatus: 'success' } });
      expect(hooksFor(confirmed)).toMatchObject([{ event: 'charge.success', data: { channel: 'ussd' } }]);
      const twice = await act({ action: 'confirm-pending', reference: confirmed });
      expect(twice.status).toBe(409);
      expect(await twice.json()).toMatchObject({ status: false });

      const reversed = await act({ action: 'reverse', reference: confirmed });
      expect(await reversed.json()).toMatchObject({ transaction: { status: 'reversed', verifyStatus: 'reversed' } });

      const failed = newReference('cfail');
      await initialize(failed, hooked);
      hooked.startPending(failed);
      const fail = await act({ action: 'fail-pending', reference: failed, pendingStatus: 'queued' });
      expect(await fail.json()).toMatchObject({ pendingStatus: 'queued', transaction: { status: 'failed' } });
      await act({ pendingStatus: 'pending' });

      for (const action of ['confirm-pending', 'fail-pending', 'reverse', 'dispute']) {
        const unknown = await act({ action, reference: 'pj_nobody' });
        expect(unknown.status).toBe(404);
        expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' });
      }
      expect((await act({ action: 'reverse' })).status).toBe(400);
    });

    it('send disputes and finish refunds', async () => {
      const reference = await paid('cdispute');
      const dispute = await act({ action: 'dispute', reference, event: 'create', dueAt: '2030-01-01T00:00:00.000Z' });
      expect(await dispute.json()).toMatchObject({ webhookStatus: 200, transaction: { reference } });
      expect(hooksFor(reference)).toMatchObject([
        { event: 'charge.dispute.create', data: { dueAt: '2030-01-01T00:00:00.000Z' } },
      ]);
      expect((await act({ action: 'dispute', reference, event: 'escalate' })).status).toBe(400);

      await act({ refundOutcome: 'manual' });
      let id: unknown;
      try {
        id = (await refundData(await refund({ transaction: reference, amount: 1000 }))).id;
      } finally {
        await act({ refundOutcome: 'processed' });
      }
      await until(() => eventsFor(reference).includes('refund.pending'));
      const finished = await act({ action: 'finish-refund', id, outcome: 'failed' });
      expect(finished.status).toBe(200);
      expect(await finished.json()).toMatchObject({
        refund: { id, status: 'failed' },
        transaction: { reference, refunds: [{ id, status: 'failed' }] },
      });
      expect(eventsFor(reference).at(-1)).toBe('refund.failed');
      expect((await act({ action: 'finish-refund', id: 1, outcome: 'processed' })).status).toBe(404);
      expect((await act({ action: 'finish-refund', id, outcome: 'lost' })).status).toBe(400);
    });
  });
});

describe('the card path, references, fees and custom_fields (decision 0029)', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startPaystackSimulator();
  });
  afterAll(() => sim.close());

  const post = (path: string, body: Record<string, string>, type: 'form' | 'json' = 'form') =>
    fetch(`${sim.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: type === 'form' ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });

  it('offers the plain test card (chosen) and one that asks for an OTP; the plain one pays at once', async () => {
    const reference = newReference('plain');
    const code = await initialize(reference, sim);
    const html = await (await fetch(`${sim.baseUrl}/checkout/${code}`)).text();
    expect(html).toContain('<input type="radio" name="card" value="plain" checked>');
    expect(html).toContain('<input type="radio" name="card" value="otp">');
    expect((await post(`/checkout/${code}/pay`, { card: 'plain' })).status).toBe(303);
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', channel: 'card' });
  });

  it('hosted page: the OTP card stops at Enter OTP (verify: ongoing on card); a wrong OTP asks again', async () => {
    const reference = newReference('otp');
    const code = await initialize(reference, sim);
    const paid = await post(`/checkout/${code}/pay`, { card: 'otp' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/checkout/${code}`);
    expect(await verified(reference, sim)).toMatchObject({ status: 'ongoing', channel: 'card', paid_at: null });
    const page = await (await fetch(`${sim.baseUrl}/checkout/${code}`)).text();
    expect(page).toContain('<h2>Enter OTP</h2>');
    expect(page).toContain('the OTP is <strong>123456</strong>');
    expect(page).toContain(`<form method="post" action="/checkout/${code}/otp">`);
    expect(page).toContain(`href="http://127.0.0.1:9/back?trxref=${reference}&#38;reference=${reference}"`);
    expect(page).not.toContain('<button class="pay" type="submit">Pay</button>');
    const wrong = await post(`/checkout/${code}/otp`, { otp: '000000' });
    expect(wrong.headers.get('location')).toBe(`/checkout/${code}?wrong-otp`);
    expect(await (await fetch(`${sim.baseUrl}/checkout/${code}?wrong-otp`)).text()).toMatch(
      /<p role="alert" id="otp-error">That OTP is not right/,
    );
    expect((await verified(reference, sim)).status).toBe('ongoing');
    const right = await post(`/checkout/${code}/otp`, { otp: '123456' });
    expect(new URL(right.headers.get('location')!).searchParams.get('reference')).toBe(reference);
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', channel: 'card' });
    expect(sim.transactions.get(reference)).toMatchObject({ card: 'otp' });
  });

  it('pop-up: Pay with the OTP card answers ongoing, the OTP then succeeds; a resumed pop-up opens at the OTP', async () => {
    const reference = newReference('popotp');
    const code = await initialize(reference, sim);
    expect(await (await post(`/popup/${code}/pay`, { card: 'otp' }, 'json')).json()).toMatchObject({
      status: 'ongoing',
    });
    const resumed = await (await fetch(`${sim.baseUrl}/popup/${code}`)).text();
    expect(resumed).toContain('<div id="choose" hidden>');
    expect(resumed).toContain('<div id="otp-step">');
    expect(await (await post(`/popup/${code}/otp`, { otp: '1' }, 'json')).json()).toMatchObject({
      status: 'ongoing',
      wrongOtp: true,
    });
    expect(await (await post(`/popup/${code}/otp`, { otp: '123456' }, 'json')).json()).toMatchObject({
      reference,
      status: 'success',
    });
  });

  it('start-otp through the control endpoint, and an ongoing with no channel reported with none', async () => {
    const reference = newReference('ctlotp');
    await initialize(reference, sim);
    const response = await control({ action: 'start-otp', reference }, `Bearer ${sim.controlToken}`, 'POST', sim);
    expect(await response.json()).toMatchObject({ transaction: { status: 'otp', verifyStatus: 'ongoing' } });
    const other = newReference('nochannel');
    await initialize(other, sim);
    (sim.transactions.get(other) as { status: string }).status = 'ongoing';
    expect(await verified(other, sim)).toMatchObject({ status: 'ongoing', channel: null });
  });

  it('refuses on initialize a reference with a character Paystack refuses, in its error envelope', async () => {
    for (const reference of ['pj_1_x', 'pj 1', 'pj/1', 'pj#1']) {
      const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', amount: 500000, reference }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: false,
        message: 'Invalid character in transaction reference',
        meta: { nextStep: expect.stringContaining('alphanumeric') },
        type: 'validation_error',
        code: 'invalid_reference',
      });
    }
    for (const reference of ['pj-1.2=3-Ab', 'A.b=c-9']) await initialize(reference, sim);
  });

  it('reports fees on a success (1.5% + ₦100, capped at ₦2,000) and none before', async () => {
    const reference = newReference('fees');
    await initialize(reference, sim);
    expect(await verified(reference, sim)).toMatchObject({ fees: null });
    sim.pay(reference);
    // ₦5,000: 1.5% is ₦75, plus ₦100.
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', fees: 17_500 });
  });

  it('keeps metadata and shows its custom_fields on the pages', async () => {
    const reference = newReference('meta');
    const metadata = {
      orderId: 'o1',
      custom_fields: [
        { display_name: 'Order number', variable_name: 'order_number', value: 'AB12CD34' },
        { display_name: 'Items', variable_name: 'items', value: '<b>Shirt</b> × 2' },
      ],
    };
    const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', amount: 500000, reference, metadata }),
    });
    const { access_code: code } = ((await response.json()) as { data: { access_code: string } }).data;
    expect(sim.transactions.get(reference)?.metadata).toEqual(metadata);
    for (const kind of ['checkout', 'popup']) {
      const html = await (await fetch(`${sim.baseUrl}/${kind}/${code}`)).text();
      expect(html).toContain('<dt>Order number</dt><dd>AB12CD34</dd>');
      expect(html).toContain('<dd>&#60;b&#62;Shirt&#60;/b&#62; × 2</dd>');
    }
  });
});
