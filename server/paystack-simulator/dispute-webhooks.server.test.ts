/**
 * The simulator's dispute webhooks over real HTTP: charge.dispute.create, remind and resolve shaped as Paystack
 * sends them, an accepted resolution reversing the transaction, and no dispute of an unpaid one.
 */
import { describe, expect, it } from 'vitest';
import { hooked, initialize, newReference, verified, withWebhookReceiver } from './simulator-test-helpers';

describe('with a webhook receiver', () => {
  const { hooksFor, eventsFor, paid } = withWebhookReceiver();

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
});
