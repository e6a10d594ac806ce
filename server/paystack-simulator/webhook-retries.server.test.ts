/**
 * The simulator's webhooks over real HTTP: signed, retried after a 500 or an unreachable store on the whole
 * schedule, each attempt recorded, and none sent for an unknown reference or without a webhook URL.
 */
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  hooked,
  initialize,
  newReference,
  receiver,
  simulator,
  until,
  withSimulator,
  withWebhookReceiver,
} from './simulator-test-helpers';
import { startPaystackSimulator } from './simulator.server';

withSimulator();

describe('with a webhook receiver', () => {
  const { hooksFor, paid } = withWebhookReceiver();

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
      // A store that cannot be reached: its port stays taken (a closed port could be reused by another test's
      // server meanwhile and answer), and every connection is cut before a byte of an answer.
      const unreachable = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve));
      const { port } = unreachable.address() as AddressInfo;
      const lonely = await startPaystackSimulator({
        webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack`,
        webhookRetryDelaysMs: [20, 20],
      });
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
        await new Promise((resolve) => unreachable.close(resolve));
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
});
