/**
 * Bank transfer and USSD on the simulator over real HTTP: offered on the hosted page and in the pop-up, they stay
 * pending (ongoing, processing or queued when told) until the bank confirms, which sends charge.success, or fails.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScript } from './pages.server';
import {
  control,
  hooked,
  initialize,
  newReference,
  simulator,
  verified,
  withSimulator,
  withWebhookReceiver,
} from './simulator-test-helpers';

withSimulator();

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

  it('inline.js look-alike: a modal taking the focus; transfer:pending closes it, calls onCancel, then pending', () => {
    const origin = 'http://127.0.0.1:1';
    const calls: string[] = [];
    let listener: ((event: unknown) => void) | undefined;
    const frame = { style: {}, remove: () => calls.push('frame removed'), focus: () => calls.push('frame focused') };
    // The store's page behind the pop-up: inert while it is open, so the keyboard stays in the pop-up.
    const behind = { inert: false };
    const window: Record<string, unknown> = {
      addEventListener: (_type: string, fn: (event: unknown) => void) => (listener = fn),
      removeEventListener: () => undefined,
    };
    const document = {
      createElement: () => frame,
      body: { appendChild: () => calls.push('frame shown'), children: [behind] },
    };
    vm.runInNewContext(inlineScript(origin), { window, document });
    const Pop = window.PaystackPop as new () => { resumeTransaction: (code: string, callbacks: object) => void };
    new Pop().resumeTransaction('abc', {
      onCancel: () => calls.push('onCancel'),
      onBankTransferConfirmationPending: () => calls.push('onBankTransferConfirmationPending'),
      onSuccess: () => calls.push('onSuccess'),
    });
    expect(behind.inert).toBe(true);
    listener!({ origin: 'http://elsewhere', data: { source: 'paystack-simulator', event: 'transfer:pending' } });
    expect(calls).toEqual(['frame shown']);
    listener!({ origin, data: { source: 'paystack-simulator', event: 'load' } });
    expect(calls).toEqual(['frame shown', 'frame focused']);
    listener!({ origin, data: { source: 'paystack-simulator', event: 'transfer:pending', status: 'pending' } });
    expect(calls.slice(2)).toEqual(['frame removed', 'onCancel', 'onBankTransferConfirmationPending']);
    expect(behind.inert).toBe(false);
  });
});

describe('with a webhook receiver', () => {
  const { hooksFor } = withWebhookReceiver();

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
});
