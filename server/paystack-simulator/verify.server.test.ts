/**
 * Verify Transaction on the simulator over real HTTP: Paystack's test domain, an unfinished transaction, and an
 * unknown reference (404, or 400 with the validation-error body when told).
 */
import { describe, expect, it } from 'vitest';
import { initialize, newReference, simulator, verified, verify, withSimulator } from './simulator-test-helpers';

withSimulator();

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
