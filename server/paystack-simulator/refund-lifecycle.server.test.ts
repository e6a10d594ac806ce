/**
 * The simulator's refunds from POST /refund to their end over real HTTP (refund-lifecycle.server.ts): Create and
 * Fetch Refund as Paystack shapes them, the refund.* webhooks (signed), partial refunds, refusals, and a refund that
 * fails, is left for finishRefund, or ends with webhooks off.
 */
import { describe, expect, it } from 'vitest';
import { hooked, initialize, newReference, until, verified, withWebhookReceiver } from './simulator-test-helpers';

describe('with a webhook receiver', () => {
  const { secretKey, hooksFor, eventsFor, paid, refund, refundData } = withWebhookReceiver();

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
});
