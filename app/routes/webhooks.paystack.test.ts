/**
 * POST /webhooks/paystack as Paystack sends it (decision 0029): a correctly signed body that is not JSON is taken with
 * 200 (Paystack retries anything else for 72 hours) and logged; one of a shape we do not read is refused, so that
 * Paystack sends it again once our reading is fixed, and logged too; an unsigned or badly signed one is refused.
 */
import { describe, expect, it, vi } from 'vitest';
import { logger } from '~/server/logger.server';
import { SIGNATURE_HEADER, signPayload } from '~/server/payments/paystack/signature.server';
import { withSimulator } from '../../tests/checkout-helpers';
import { args, ORIGIN, outcome } from '../../tests/route-helpers';
import { action } from './webhooks.paystack';

const simulator = withSimulator();

const webhook = (body: string, signature?: string) =>
  outcome(() =>
    action(
      args(
        new Request(`${ORIGIN}/webhooks/paystack`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
          body,
        }),
      ),
    ),
  );

const garbage = '{"event":"charge.success","data":{"reference":"pj-1-x"';

describe('POST /webhooks/paystack with a body that is not JSON', () => {
  it('answers 200 to a correctly signed one, and logs it as unreadable', async () => {
    const error = vi.spyOn(logger, 'error');
    try {
      const answer = await webhook(garbage, signPayload(garbage, simulator.current.secretKey));
      expect(answer).toMatchObject({ status: 200, data: 'Unreadable' });
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ length: garbage.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
        'Paystack webhook unreadable: signed, but its body is not JSON',
      );
    } finally {
      error.mockRestore();
    }
  });

  it('refuses an unsigned or badly signed one', async () => {
    expect(await webhook(garbage)).toMatchObject({ status: 401, data: 'Missing signature' });
    const wrong = signPayload(garbage, `${simulator.current.secretKey}-not`);
    expect(await webhook(garbage, wrong)).toMatchObject({ status: 401, data: 'Invalid signature' });
  });
});

describe('POST /webhooks/paystack with JSON of a shape we do not read', () => {
  const unexpected = [
    {
      what: 'a charge without its amount',
      body: { event: 'charge.success', data: { reference: 'pj-1-abc' } },
      event: 'charge.success',
      ref: 'pj-1-abc',
    },
    {
      what: 'a refund whose amount is a word',
      body: { event: 'refund.processed', data: { transaction_reference: 'pj-2-abc', amount: 'all' } },
      event: 'refund.processed',
      ref: 'pj-2-abc',
    },
    {
      what: 'a dispute without its id',
      body: { event: 'charge.dispute.create', data: { transaction: { reference: 'pj-3-abc' } } },
      event: 'charge.dispute.create',
      ref: 'pj-3-abc',
    },
    { what: 'an event without a name', body: { data: { reference: 7 } }, event: null, ref: null },
    { what: 'a list', body: [1, 2], event: null, ref: null },
  ];

  it.each(unexpected)('$what: refused, and logged with its name and reference', async ({ body, event, ref }) => {
    const raw = JSON.stringify(body);
    const error = vi.spyOn(logger, 'error');
    try {
      const answer = await webhook(raw, signPayload(raw, simulator.current.secretKey));
      expect(answer).toMatchObject({ status: 400, data: expect.stringMatching(/^Unexpected/) });
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ event, reference: ref, length: raw.length, sha256: expect.any(String) }),
        'Paystack webhook unexpected: signed, but not of the shape its event has',
      );
    } finally {
      error.mockRestore();
    }
  });

  it('ignores, without an error, an event the store does not handle', async () => {
    const raw = JSON.stringify({ event: 'transfer.success', data: { reference: 'tr-1' } });
    const error = vi.spyOn(logger, 'error');
    try {
      expect(await webhook(raw, signPayload(raw, simulator.current.secretKey))).toMatchObject({
        status: 200,
        data: 'Ignored',
      });
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});
