/**
 * The simulator's control endpoint over real HTTP: it needs its per-run token, refuses unknown values and changes
 * nothing then, and its actions (pending transactions, reversals, disputes, refunds' ends) reach another process.
 */
import { describe, expect, it } from 'vitest';
import {
  control,
  hooked,
  initialize,
  newReference,
  simulator,
  until,
  verify,
  withSimulator,
  withWebhookReceiver,
} from './simulator-test-helpers';
import { startPaystackSimulator } from './simulator.server';

withSimulator();

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

describe('with a webhook receiver', () => {
  const { hooksFor, eventsFor, paid, refund, refundData } = withWebhookReceiver();

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
