/**
 * The simulator's Refund API beyond POST /refund, over real HTTP (docs/paystack-simulator.md): List Refunds filtered
 * by transaction, needs-attention and Retry Refund, List Banks, and the refund faults that make the refund and then
 * lose its answer, set in process and through the control endpoint.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackSimulator, type Simulator } from './simulator.server';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startPaystackSimulator();
});
afterAll(() => simulator.close());
afterEach(() => {
  simulator.setRefundFault('none');
  simulator.setRefundOutcome('processed');
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${simulator.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${simulator.secretKey}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const control = (body: unknown) =>
  fetch(`${simulator.baseUrl}/__control`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simulator.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let n = 0;
async function paid(amount = 500_000) {
  const reference = `pj-refunds-${++n}-${Date.now()}`;
  const response = await api('/transaction/initialize', {
    method: 'POST',
    body: { email: 'ada@example.com', amount, reference, callback_url: 'http://127.0.0.1:9/back' },
  });
  expect(response.status).toBe(200);
  return simulator.pay(reference);
}
const refund = (transaction: string, amount: number) =>
  api('/refund', { method: 'POST', body: { transaction, amount, merchant_note: 'Returned' } });
type Listed = { data: { id: number; transaction: number; transaction_reference: string; status: string }[] };

describe('GET /refund', () => {
  it('lists a transaction’s refunds by its id or reference, newest first, with the page counts', async () => {
    const tx = await paid();
    const other = await paid();
    await refund(tx.reference, 100_000);
    await refund(tx.reference, 200_000);
    await refund(other.reference, 100_000);
    for (const key of [String(tx.id), tx.reference]) {
      const response = await api(`/refund?transaction=${encodeURIComponent(key)}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Listed & { message: string; meta: Record<string, number> };
      expect(body.message).toBe('Refunds retrieved');
      expect(body.data.map((r) => [r.transaction, r.transaction_reference])).toEqual([
        [tx.id, tx.reference],
        [tx.id, tx.reference],
      ]);
      expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
      expect(body.meta).toMatchObject({ total: 2, page: 1, pageCount: 1, perPage: 50 });
    }
    const paged = (await (await api(`/refund?transaction=${tx.id}&perPage=1&page=2`)).json()) as Listed;
    expect(paged.data).toHaveLength(1);
  });
});

describe('needs-attention and POST /refund/retry_with_customer_details/{id}', () => {
  it('stops a refund at needs-attention, then sends it to the bank account given', async () => {
    const tx = await paid();
    simulator.setRefundOutcome('needs-attention');
    const made = (await (await refund(tx.reference, 100_000)).json()) as { data: { id: number } };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(simulator.refunds.get(made.data.id)?.status).toBe('needs-attention');
    const path = `/refund/retry_with_customer_details/${made.data.id}`;
    const details = { currency: 'NGN', account_number: '0000014579', bank_id: '7' };
    for (const [wrong, message] of [
      [{ ...details, account_number: '12345' }, 'Account number is invalid'],
      [{ ...details, bank_id: '4242' }, 'Bank is invalid'],
      [{ ...details, currency: 'USD' }, 'Currency does not match the refund currency'],
    ] as const) {
      const refused = await api(path, { method: 'POST', body: { refund_account_details: wrong } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ status: false, message });
    }
    const retried = await api(path, { method: 'POST', body: { refund_account_details: details } });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({
      status: true,
      message: 'Refund retried and has been queued for processing',
      data: { id: made.data.id, status: 'processing', amount: 100_000 },
    });
    expect(simulator.refunds.get(made.data.id)?.retriedWith).toEqual({ accountNumber: '0000014579', bankId: '7' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(simulator.refunds.get(made.data.id)?.status).toBe('processed');
    // Only a refund in needs-attention can be retried.
    const again = await api(path, { method: 'POST', body: { refund_account_details: details } });
    expect(again.status).toBe(400);
    expect((await api('/refund/retry_with_customer_details/1', { method: 'POST', body: {} })).status).toBe(404);
  });

  it('moves a pending refund to needs-attention through the control endpoint', async () => {
    const tx = await paid();
    simulator.setRefundOutcome('manual');
    const made = (await (await refund(tx.reference, 100_000)).json()) as { data: { id: number } };
    const answer = await control({ action: 'refund-needs-attention', id: made.data.id });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ refund: { id: made.data.id, status: 'needs-attention' } });
    expect((await control({ action: 'refund-needs-attention', id: made.data.id })).status).toBe(409);
    expect((await control({ action: 'refund-needs-attention' })).status).toBe(400);
  });
});

describe('GET /bank', () => {
  it('lists Nigeria’s banks in List Banks’ shape, and none for another country', async () => {
    const body = (await (await api('/bank?country=nigeria')).json()) as { data: Record<string, unknown>[] };
    expect(body.data.map((bank) => bank.name)).toContain('Guaranty Trust Bank');
    expect(body.data[0]).toEqual(
      expect.objectContaining({ id: 1, code: '044', type: 'nuban', currency: 'NGN', active: true, is_deleted: false }),
    );
    expect(((await (await api('/bank?country=ghana')).json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('refund faults', () => {
  it.each([
    ['error', 500],
    ['garbage', 200],
  ] as const)('makes the refund and then answers %s', async (fault, status) => {
    const tx = await paid();
    simulator.setRefundFault(fault);
    const response = await refund(tx.reference, 100_000);
    expect(response.status).toBe(status);
    if (fault === 'garbage') expect(await response.text()).toContain('<html>');
    expect([...simulator.refunds.values()].filter((r) => r.transactionReference === tx.reference)).toHaveLength(1);
  });

  it('makes the refund and never answers on timeout; set through the control endpoint too', async () => {
    const tx = await paid();
    const set = await control({ refundFault: 'timeout' });
    expect(await set.json()).toMatchObject({ refundFault: 'timeout' });
    const answer = await Promise.race([
      refund(tx.reference, 100_000).then(
        () => 'answered',
        () => 'cut',
      ),
      new Promise((resolve) => setTimeout(() => resolve('silent'), 300)),
    ]);
    expect(answer).toBe('silent');
    expect([...simulator.refunds.values()].filter((r) => r.transactionReference === tx.reference)).toHaveLength(1);
    // Other calls still answer, and setting it back ends the hanging request.
    expect((await api(`/refund?transaction=${tx.id}`)).status).toBe(200);
    expect((await control({ refundFault: 'none' })).status).toBe(200);
  });
});
