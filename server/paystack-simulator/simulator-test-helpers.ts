/**
 * What the simulator's HTTP tests share (control-api, verify, pending-payments, webhook-retries, refund-lifecycle,
 * dispute-webhooks and card-path .server.test.ts): a simulator started per test file, its Paystack API called as the
 * store calls it, and a tiny local receiver where webhooks land, each signature checked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { hasValidSignature } from '~/server/payments/paystack/signature.server';
import { startPaystackSimulator, type Simulator } from './simulator.server';

/** The simulator the helpers below talk to unless told another; started by withSimulator(). */
export let simulator: Simulator;
/** Starts `simulator` before the calling test file and closes it after. */
export function withSimulator() {
  beforeAll(async () => {
    simulator = await startPaystackSimulator();
  });
  afterAll(() => simulator.close());
}

export const control = (body: unknown, authorization?: string, method = 'POST', sim = simulator) =>
  fetch(`${sim.baseUrl}/__control`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });

export const verify = (reference: string, sim = simulator) =>
  fetch(`${sim.baseUrl}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${sim.secretKey}` },
  });

export type VerifyData = {
  status: string;
  channel: string | null;
  paid_at: string | null;
  domain: string;
  amount: number;
  fees: number | null;
};
export const verified = async (reference: string, sim = simulator) =>
  ((await (await verify(reference, sim)).json()) as { data: VerifyData }).data;

export async function initialize(reference: string, sim = simulator) {
  const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'ada@example.com',
      amount: '500000',
      reference,
      callback_url: 'http://127.0.0.1:9/back',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { access_code: string } }).data.access_code;
}

export const newReference = (prefix: string) => `pj-${prefix}-${Math.random().toString(36).slice(2)}`;

export type Hook = { event: string; data: Record<string, unknown>; raw: string; signed: boolean; answered: number };

/** Where webhooks land: records every body, checks its signature, answers 500 once for references told to. */
export async function startReceiver(secretKey: string) {
  const hooks: Hook[] = [];
  const failOnce = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { event: string; data: Record<string, unknown> };
      const header = req.headers['x-paystack-signature'];
      const signed = hasValidSignature(raw, typeof header === 'string' ? header : null, secretKey);
      const reference = referenceOf(body.data);
      const answered = failOnce.delete(reference) ? 500 : 200;
      hooks.push({ event: body.event, data: body.data, raw, signed, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paystack`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { hooks, failOnce, url, close };
}

export const referenceOf = (data: Record<string, unknown>) =>
  String(data.reference ?? data.transaction_reference ?? (data.transaction as { reference?: string })?.reference);

export async function until<T>(check: () => T | undefined | false, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Where the simulator of withWebhookReceiver() sends its webhooks; started before the describe block calling it. */
export let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** A simulator that sends its webhooks to `receiver`, retrying after 40 and 80 ms. */
export let hooked: Simulator;

/**
 * Starts `receiver` and `hooked` before the calling describe block and closes them after; gives the key they sign
 * and check with, the webhooks a reference got, and a paid transaction and refunds on `hooked`.
 */
export function withWebhookReceiver() {
  const secretKey = 'sk_test_simulator_webhooks';
  beforeAll(async () => {
    receiver = await startReceiver(secretKey);
    hooked = await startPaystackSimulator({ secretKey, webhookUrl: receiver.url, webhookRetryDelaysMs: [40, 80] });
  });
  afterAll(async () => {
    await hooked.close();
    await receiver.close();
  });

  const hooksFor = (reference: string) => receiver.hooks.filter((hook) => referenceOf(hook.data) === reference);
  const eventsFor = (reference: string) => hooksFor(reference).map((hook) => hook.event);
  const paid = async (prefix: string) => {
    const reference = newReference(prefix);
    await initialize(reference, hooked);
    hooked.pay(reference);
    return reference;
  };
  const refund = (body: Record<string, unknown>) =>
    fetch(`${hooked.baseUrl}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hooked.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refundData = async (response: Response) => {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: boolean; message: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ status: true, message: 'Refund has been queued for processing' });
    return body.data;
  };
  return { secretKey, hooksFor, eventsFor, paid, refund, refundData };
}
