/** The simulator's control endpoint needs its per-run token; verify reports Paystack's test domain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackSimulator, type Simulator } from './simulator.server';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startPaystackSimulator();
});
afterAll(() => simulator.close());

const control = (body: unknown, authorization?: string, method = 'POST') =>
  fetch(`${simulator.baseUrl}/__control`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });

const verify = (reference: string) =>
  fetch(`${simulator.baseUrl}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${simulator.secretKey}` },
  });

async function initialize(reference: string) {
  const response = await fetch(`${simulator.baseUrl}/transaction/initialize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simulator.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'ada@example.com',
      amount: '500000',
      reference,
      callback_url: 'http://127.0.0.1:9/back',
    }),
  });
  expect(response.status).toBe(200);
}

describe('POST /__control', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['the token one character short', () => `Bearer ${simulator.controlToken.slice(0, -1)}`],
    ['the token in another scheme', () => `Basic ${simulator.controlToken}`],
    ['the secret key instead of the token', () => `Bearer ${simulator.secretKey}`],
  ])('is refused with %s, and changes nothing', async (_name, header) => {
    const reference = `pj_ctl_${Math.random().toString(36).slice(2)}`;
    await initialize(reference);
    const authorization = typeof header === 'function' ? header() : header;
    const response = await control({ fault: 'down', webhooks: false }, authorization);
    expect(response.status).toBe(403);
    expect((await verify(reference)).status).toBe(200);
  });

  it('works with the per-run token', async () => {
    const reference = `pj_ctl_${Math.random().toString(36).slice(2)}`;
    await initialize(reference);
    const response = await control({ fault: 'down' }, `Bearer ${simulator.controlToken}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fault: 'down', webhooks: true });
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
});

describe('verify', () => {
  it("reports Paystack's test domain, as Paystack does for test keys", async () => {
    const reference = `pj_dom_${Math.random().toString(36).slice(2)}`;
    await initialize(reference);
    const body = (await (await verify(reference)).json()) as { data: { domain: string } };
    expect(body.data.domain).toBe('test');
  });
});
