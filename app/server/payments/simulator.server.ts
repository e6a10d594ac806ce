/**
 * A small Paystack look-alike for development and tests (ARCHITECTURE.md section 2): initialize, verify, a
 * hosted page with Pay and Decline, signed charge.success webhooks and an inline-script look-alike. It can be
 * told to fail, hang, answer garbage or report a wrong amount or currency, so the store's handling of each
 * is tested. Never used when Paystack keys are set.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '../logger.server';
import { hostedPage, inlineScript, popupPage } from './simulator-pages.server';
import { SIGNATURE_HEADER, signPayload } from './signature.server';

/**
 * slow: every API answer comes 300 ms late (enough for races to overlap). live-domain: transactions are reported
 * as Paystack's live mode, as a store on test keys must never accept.
 */
export type SimulatorFault = 'none' | 'slow' | 'down' | 'timeout' | 'garbage' | 'wrong-amount' | 'wrong-currency' | 'live-domain';

type Transaction = {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  status: 'pending' | 'success' | 'failed';
  paidAt: string | null;
};

export type Simulator = {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  /**
   * Made up per run: `POST /__control` (faults and webhooks from another process) needs it as
   * `Authorization: Bearer <token>`. scripts/serve.ts writes it to $DATA_DIR (simulator-control.server.ts).
   */
  controlToken: string;
  setFault(fault: SimulatorFault): void;
  /** false = do not send webhooks on payment (the callback alone must then complete the order). */
  setWebhooks(on: boolean): void;
  transactions: Map<string, Transaction>;
  /** Marks a transaction paid as if the customer paid (no webhook); returns it. */
  pay(reference: string): Transaction;
  /** Sends (or re-sends) the signed charge.success webhook for a reference; resolves with the store's status code. */
  sendWebhook(reference: string): Promise<number>;
  close(): Promise<void>;
};

export async function startPaystackSimulator(options: { port?: number; host?: string; secretKey?: string; webhookUrl?: string } = {}): Promise<Simulator> {
  const secretKey = options.secretKey ?? `sk_test_sim_${randomBytes(12).toString('hex')}`;
  const publicKey = 'pk_test_simulator';
  const controlToken = randomBytes(32).toString('base64url');
  const transactions = new Map<string, Transaction>();
  const byCode = new Map<string, Transaction>();
  let fault: SimulatorFault = 'none';
  let webhooks = true;
  let nextId = 1000;
  const hanging = new Set<http.ServerResponse>();

  const reported = (tx: Transaction) => ({
    id: tx.id,
    // The simulator is Paystack's test mode, and says so as Paystack does.
    domain: fault === 'live-domain' ? 'live' : 'test',
    reference: tx.reference,
    // Paystack reports a transaction nobody finished as abandoned.
    status: tx.status === 'pending' ? 'abandoned' : tx.status,
    amount: fault === 'wrong-amount' ? tx.amount - 100 : tx.amount,
    currency: fault === 'wrong-currency' ? 'USD' : tx.currency,
    channel: 'card',
    paid_at: tx.paidAt,
    gateway_response: tx.status === 'success' ? 'Successful' : tx.status === 'failed' ? 'Declined' : 'The transaction was not completed',
    customer: { email: tx.email },
    authorization: { last4: '4081', brand: 'visa', card_type: 'visa', bank: 'TEST BANK' },
  });

  async function sendWebhook(reference: string): Promise<number> {
    const tx = transactions.get(reference);
    if (!tx || !options.webhookUrl) return 0;
    const body = JSON.stringify({ event: 'charge.success', data: reported(tx) });
    const response = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(body, secretKey) }, body });
    return response.status;
  }

  function settle(tx: Transaction, outcome: 'success' | 'failed') {
    if (tx.status === 'success') return;
    tx.status = outcome;
    if (outcome === 'success') {
      tx.paidAt = new Date().toISOString();
      if (webhooks) void sendWebhook(tx.reference).catch(() => {});
    }
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { status: false, message: 'Invalid key' });
    if (fault === 'timeout') return void hanging.add(res);
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
    if (fault === 'down') return json(res, 503, { status: false, message: 'Service unavailable' });
    if (fault === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream error</html>');
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      const amount = Number(body.amount);
      const reference = String(body.reference ?? '');
      if (!Number.isInteger(amount) || amount <= 0 || !reference || typeof body.email !== 'string') return json(res, 400, { status: false, message: 'Invalid amount, email or reference' });
      if (transactions.has(reference)) return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const tx: Transaction = { id: nextId++, reference, accessCode: randomBytes(8).toString('hex'), email: body.email, amount, currency: String(body.currency ?? 'NGN'), callbackUrl: String(body.callback_url ?? ''), status: 'pending', paidAt: null };
      transactions.set(reference, tx);
      byCode.set(tx.accessCode, tx);
      return json(res, 200, { status: true, message: 'Authorization URL created', data: { authorization_url: `${baseUrl}/checkout/${tx.accessCode}`, access_code: tx.accessCode, reference } });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return json(res, 404, { status: false, message: 'Transaction reference not found' });
      return json(res, 200, { status: true, message: 'Verification successful', data: reported(tx) });
    }
    return json(res, 404, { status: false, message: 'Not found' });
  }

  function browser(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (url.pathname === '/inline.js') return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(inlineScript(baseUrl));
    const match = /^\/(checkout|popup)\/([0-9a-f]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    const tx = match ? byCode.get(match[2]) : undefined;
    if (!match || !tx) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown transaction');
    const [, kind, , act] = match;
    const shown = { accessCode: tx.accessCode, email: tx.email, amount: tx.amount, status: tx.status };
    if (req.method === 'GET' && !act) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(kind === 'checkout' ? hostedPage(shown) : popupPage(shown));
    if (req.method !== 'POST' || !act) return void res.writeHead(405).end();
    settle(tx, act === 'pay' ? 'success' : 'failed');
    if (kind === 'popup') return json(res, 200, { reference: tx.reference, id: tx.id, status: tx.status });
    const back = new URL(tx.callbackUrl);
    back.searchParams.set('trxref', tx.reference);
    back.searchParams.set('reference', tx.reference);
    res.writeHead(303, { location: back.toString() }).end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const handle = async () => {
      if (url.pathname === '/__control') {
        if (!hasToken(req.headers.authorization, controlToken)) {
          logger.warn({ ip: req.socket.remoteAddress, method: req.method }, 'Paystack simulator: control request refused (no or wrong token)');
          return json(res, 403, { status: false, message: 'Forbidden' });
        }
        if (req.method !== 'POST') return json(res, 405, { status: false, message: 'Use POST' });
        const body = JSON.parse((await readBody(req)) || '{}') as { fault?: SimulatorFault; webhooks?: boolean };
        if (body.fault) fault = body.fault;
        if (typeof body.webhooks === 'boolean') webhooks = body.webhooks;
        return json(res, 200, { fault, webhooks });
      }
      if (url.pathname.startsWith('/transaction/')) return api(req, res, url);
      return browser(req, res, url);
    };
    handle().catch(() => json(res, 400, { status: false, message: 'Bad request' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    baseUrl,
    secretKey,
    publicKey,
    controlToken,
    transactions,
    setFault: (next) => {
      fault = next;
      if (next !== 'timeout') for (const res of hanging) res.destroy();
    },
    setWebhooks: (on) => {
      webhooks = on;
    },
    pay(reference) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No simulated transaction ${reference}`);
      const before = webhooks;
      webhooks = false;
      settle(tx, 'success');
      webhooks = before;
      return tx;
    },
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `Bearer <token>`, compared in constant time (digests, so a wrong length reveals nothing either). */
function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 100_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
