/**
 * POST /webhooks/paystack as Paystack sends it (decision 0029): a correctly signed body that is not JSON is taken with
 * 200 (Paystack retries anything else for 72 hours) and logged; an unsigned or badly signed one is still refused.
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
