/**
 * The simulator's Disputes API over real HTTP, against the shapes Paystack publishes (docs/paystack-simulator.md#disputes,
 * decision 0031): fetch, evidence (its required fields), the upload URL and the signed PUT it takes, resolve (its
 * required fields; accepting resolves and reverses, declining waits for the bank), and the control endpoint's won or
 * lost resolve with the charge.dispute.resolve Paystack's sample shows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackSimulator, type Simulator } from './simulator.server';

let simulator: Simulator;
let receiver: http.Server;
const received: { event: string; data: Record<string, unknown> & { transaction: { status: string } } }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/hook` });
});
afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${simulator.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${simulator.secretKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const answer = async (response: Response) =>
  (await response.json()) as { status: boolean; message: string; data: Record<string, unknown> };

/** A paid transaction with a dispute opened on it; answers the dispute's id. */
async function disputed(): Promise<{ reference: string; id: number }> {
  const reference = `pj-dispute-${Math.random().toString(36).slice(2)}`;
  const response = await api('/transaction/initialize', 'POST', {
    email: 'ada@example.com',
    amount: '500000',
    reference,
    callback_url: 'http://127.0.0.1:9/back',
  });
  expect(response.status).toBe(200);
  simulator.pay(reference);
  expect(await simulator.sendDispute(reference, 'create')).toBe(200);
  const id = [...simulator.disputes.values()].find((d) => d.reference === reference)!.id;
  return { reference, id };
}

async function uploaded(id: number) {
  const url = await answer(await api(`/dispute/${id}/upload_url?upload_filename=receipt.pdf`));
  const { signedUrl, fileName } = url.data as { signedUrl: string; fileName: string };
  const put = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: '%PDF-' });
  expect(put.status).toBe(200);
  return fileName;
}

describe('the Disputes API', () => {
  it('GET /dispute/{id} answers the dispute as DisputeFetchResponse; an unknown one is 404, no key is 401', async () => {
    const { reference, id } = await disputed();
    const fetched = await answer(await api(`/dispute/${id}`));
    expect(fetched).toMatchObject({ status: true, message: 'Dispute retrieved' });
    expect(fetched.data).toMatchObject({
      id,
      status: 'awaiting-merchant-feedback',
      resolution: null,
      category: 'chargeback',
      refund_amount: 500000,
      resolvedAt: null,
      transaction: { reference, status: 'success', amount: 500000 },
    });
    expect(Object.keys(fetched.data)).toEqual(
      expect.arrayContaining(['dueAt', 'evidence', 'attachments', 'history', 'messages', 'customer', 'bin', 'last4']),
    );
    expect((await api('/dispute/1')).status).toBe(404);
    expect((await fetch(`${simulator.baseUrl}/dispute/${id}`)).status).toBe(401);
  });

  it('POST evidence needs the four required fields, then answers "Evidence created" with its id', async () => {
    const { id } = await disputed();
    const missing = await api(`/dispute/${id}/evidence`, 'POST', { customer_email: 'a@example.com' });
    expect(missing.status).toBe(400);
    const made = await answer(
      await api(`/dispute/${id}/evidence`, 'POST', {
        customer_email: 'cus@gmail.com',
        customer_name: 'Mensah King',
        customer_phone: '0802345167',
        service_details: 'claim for buying product',
        delivery_address: '3a ladoke street ogbomoso',
      }),
    );
    expect(made).toMatchObject({
      status: true,
      message: 'Evidence created',
      data: { customer_name: 'Mensah King', dispute: id, id: expect.any(Number) },
    });
  });

  it('GET upload_url needs upload_filename; its signed URL takes a PUT, refuses a forged signature', async () => {
    const { id } = await disputed();
    expect((await api(`/dispute/${id}/upload_url`)).status).toBe(400);
    const url = await answer(await api(`/dispute/${id}/upload_url?upload_filename=proof.pdf`));
    expect(url).toMatchObject({ status: true, message: 'Upload url generated' });
    const { signedUrl, fileName } = url.data as { signedUrl: string; fileName: string };
    expect(fileName).toMatch(/^[a-z0-9]{20}$/);
    const forged = signedUrl.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`);
    expect((await fetch(forged, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect(
      (await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'png' })).status,
    ).toBe(200);
    expect(simulator.disputes.get(id)!.uploads.get(fileName)).toEqual({ type: 'image/png', size: 3 });
  });

  it('PUT resolve needs its fields and an uploaded file; accepting resolves, reverses and sends resolve', async () => {
    const { reference, id } = await disputed();
    const noFile = await api(`/dispute/${id}/resolve`, 'PUT', {
      resolution: 'merchant-accepted',
      message: 'Merchant accepted',
      refund_amount: 500000,
      uploaded_filename: 'nothing-uploaded',
    });
    expect(noFile.status).toBe(400);
    const fileName = await uploaded(id);
    expect((await api(`/dispute/${id}/resolve`, 'PUT', { resolution: 'maybe', message: 'x' })).status).toBe(400);
    const resolved = await answer(
      await api(`/dispute/${id}/resolve`, 'PUT', {
        resolution: 'merchant-accepted',
        message: 'Merchant accepted',
        refund_amount: 500000,
        uploaded_filename: fileName,
      }),
    );
    expect(resolved).toMatchObject({
      status: true,
      message: 'Dispute successfully resolved',
      data: { status: 'resolved', resolution: 'merchant-accepted', refund_amount: 500000, attachments: fileName },
    });
    expect(simulator.transactions.get(reference)!.status).toBe('reversed');
    await expect
      .poll(() => received.find((r) => r.event === 'charge.dispute.resolve' && r.data.id === id))
      .toMatchObject({ data: { resolution: 'merchant-accepted', transaction: { status: 'reversed' } } });
    expect((await api(`/dispute/${id}/resolve`, 'PUT', {})).status).toBe(400);
  });

  it('declining waits for the bank; the control endpoint resolves it won or lost', async () => {
    const won = await disputed();
    const declined = await answer(
      await api(`/dispute/${won.id}/resolve`, 'PUT', {
        resolution: 'declined',
        message: 'Delivered',
        refund_amount: 0,
        uploaded_filename: await uploaded(won.id),
      }),
    );
    expect(declined.data).toMatchObject({ status: 'awaiting-bank-feedback' });
    const control = (body: unknown) =>
      fetch(`${simulator.baseUrl}/__control`, {
        method: 'POST',
        headers: { authorization: `Bearer ${simulator.controlToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await control({ action: 'dispute', reference: won.reference, event: 'resolve', outcome: 'maybe' })).status,
    ).toBe(400);
    expect(
      (await control({ action: 'dispute', reference: won.reference, event: 'resolve', outcome: 'won' })).status,
    ).toBe(200);
    expect(received.findLast((r) => r.data.id === won.id)).toMatchObject({
      event: 'charge.dispute.resolve',
      data: { status: 'resolved', resolution: 'declined', transaction: { status: 'success' } },
    });

    const lost = await disputed();
    expect(
      (await control({ action: 'dispute', reference: lost.reference, event: 'resolve', outcome: 'lost' })).status,
    ).toBe(200);
    expect(received.findLast((r) => r.data.id === lost.id)).toMatchObject({
      data: { resolution: 'auto-accepted', transaction: { status: 'reversed' }, resolvedAt: expect.any(String) },
    });
    // Resolved: nothing more can be answered.
    expect((await api(`/dispute/${lost.id}/upload_url?upload_filename=late.pdf`)).status).toBe(400);
  });
});
