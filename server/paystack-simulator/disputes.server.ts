/**
 * The simulator's disputes (docs/paystack-simulator.md#disputes, decision 0031): the charge.dispute.create, .remind
 * and .resolve webhooks, and the Disputes API a merchant answers with, shaped as the PaystackOSS OpenAPI description
 * and doc-code-snippets publish them: GET /dispute/{id} (DisputeFetchResponse), POST /dispute/{id}/evidence
 * (DisputeEvidence → "Evidence created"), GET /dispute/{id}/upload_url?upload_filename=… (signedUrl, fileName; the
 * signed URL takes a PUT of the file, as S3's does), PUT /dispute/{id}/resolve (DisputeResolve → "Dispute successfully
 * resolved"). A dispute is won or lost when resolve is sent (the control endpoint's `outcome`): lost reverses the
 * transaction, as Paystack's resolve sample shows. The main file hands in its state and its webhook sender.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { readFields } from './http-io.server';
import type { Transaction } from './state.server';

export type DisputeEventName = 'create' | 'remind' | 'resolve';
export type DisputeOutcome = 'won' | 'lost';
export type DisputeSendOptions = { dueAt?: string; reason?: string; resolution?: string; outcome?: DisputeOutcome };

export type SimulatedDispute = {
  id: number;
  reference: string;
  createdAt: string;
  dueAt: string;
  reason: string;
  /** awaiting-merchant-feedback until the merchant answers; declined waits for the bank; then resolved. */
  status: 'awaiting-merchant-feedback' | 'awaiting-bank-feedback' | 'resolved';
  resolution: string | null;
  resolvedAt: string | null;
  refundAmount: number;
  /** The merchant's answer through PUT resolve, before the dispute is decided. */
  merchantResolution: 'merchant-accepted' | 'declined' | null;
  evidence: (Record<string, unknown> & { id: number }) | null;
  /** Signed upload names handed out; a name's file once PUT (its type and size). */
  uploads: Map<string, { type: string; size: number } | null>;
  attachment: string | null;
  message: string | null;
};

export type DisputeDeskDeps = {
  transactions: Map<string, Transaction>;
  secretKey: string;
  baseUrl: () => string;
  now: () => string;
  domain: () => string;
  reportedStatus: (tx: Transaction) => string;
  webhooksOn: () => boolean;
  deliver: (event: string, reference: string, data: unknown) => Promise<number>;
  /** The main file's SimulatorError: thrown by the actions, answered by the control endpoint with its status. */
  fail: (message: string, httpStatus: 400 | 404 | 409) => Error;
};

type Answer = [number, unknown];
const refuse = (status: number, message: string): Answer => [status, { status: false, message }];
const UPLOAD_PATH = '/__dispute-uploads/';
/** As long as the signed URL in Paystack's sample lives (X-Amz-Expires=1800). */
const UPLOAD_TTL_MS = 1_800_000;
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** One desk's disputes and counters; every function below works on it. */
type DeskState = {
  deps: DisputeDeskDeps;
  byReference: Map<string, SimulatedDispute>;
  byId: Map<number, SimulatedDispute>;
  nextId: number;
  nextEvidenceId: number;
};

export function createDisputeDesk(deps: DisputeDeskDeps) {
  const d: DeskState = { deps, byReference: new Map(), byId: new Map(), nextId: 358_000, nextEvidenceId: 21 };
  return {
    disputes: d.byId,
    send: (reference: string, event: DisputeEventName, opts: DisputeSendOptions = {}) =>
      send(d, reference, event, opts),
    api: (req: http.IncomingMessage, url: URL) => api(d, req, url),
    upload: (req: http.IncomingMessage, url: URL) => upload(d, req, url),
    isUpload: (path: string) => path.startsWith(UPLOAD_PATH),
  };
}

function transactionOf(d: DeskState, dispute: SimulatedDispute): Transaction {
  const tx = d.deps.transactions.get(dispute.reference);
  if (!tx) throw d.deps.fail('Transaction reference not found', 404);
  return tx;
}

/** The dispute's data, as the webhooks and GET /dispute/{id} show it. */
function shown(d: DeskState, dispute: SimulatedDispute) {
  const tx = transactionOf(d, dispute);
  return {
    id: dispute.id,
    refund_amount: dispute.refundAmount,
    currency: tx.currency,
    status: dispute.status,
    resolution: dispute.resolution,
    domain: d.deps.domain(),
    transaction: shownTransaction(d, tx),
    transaction_reference: null,
    category: 'chargeback',
    customer: {
      id: tx.id,
      first_name: null,
      last_name: null,
      email: tx.email,
      customer_code: `CUS_sim${tx.id}`,
      phone: null,
      metadata: {},
      risk_action: 'default',
      international_format_phone: null,
    },
    bin: '408408',
    last4: '4081',
    dueAt: dispute.dueAt,
    resolvedAt: dispute.resolvedAt,
    evidence: dispute.evidence?.id ?? null,
    attachments: dispute.attachment,
    note: null,
    history: [{ status: 'pending', by: tx.email, createdAt: dispute.createdAt }],
    messages: [
      { sender: tx.email, body: dispute.reason, createdAt: dispute.createdAt },
      ...(dispute.message ? [{ sender: 'merchant', body: dispute.message, createdAt: dispute.resolvedAt }] : []),
    ],
    created_at: dispute.createdAt,
    updated_at: dispute.resolvedAt ?? dispute.createdAt,
  };
}

/** The transaction inside a dispute's data (DisputeFetchResponse). */
const shownTransaction = (d: DeskState, tx: Transaction) => ({
  id: tx.id,
  domain: d.deps.domain(),
  status: d.deps.reportedStatus(tx),
  reference: tx.reference,
  amount: tx.amount,
  message: null,
  gateway_response: 'Approved',
  paid_at: tx.paidAt,
  created_at: tx.createdAt,
  channel: tx.channel ?? 'card',
  currency: tx.currency,
  ip_address: null,
  metadata: '',
  log: null,
  fees: null,
  fees_split: null,
  authorization: {},
  customer: { international_format_phone: null },
  plan: {},
  subaccount: {},
  split: {},
  order_id: null,
  paidAt: tx.paidAt,
  requested_amount: tx.amount,
  pos_transaction_data: null,
});

/** One dispute per transaction: create, remind and resolve carry the same id. */
function open(d: DeskState, reference: string, opts: DisputeSendOptions): SimulatedDispute {
  const tx = d.deps.transactions.get(reference);
  if (!tx) throw d.deps.fail('Transaction reference not found', 404);
  if (tx.status !== 'success' && tx.status !== 'reversed') {
    throw d.deps.fail(`Transaction is ${tx.status}: only a paid transaction can be disputed`, 409);
  }
  let dispute = d.byReference.get(reference);
  if (!dispute) {
    const created = d.deps.now();
    dispute = {
      id: d.nextId++,
      reference,
      createdAt: created,
      dueAt: new Date(Date.parse(created) + 86_400_000).toISOString(),
      reason: 'Customer complained about debit without value',
      status: 'awaiting-merchant-feedback',
      resolution: null,
      resolvedAt: null,
      refundAmount: tx.amount,
      merchantResolution: null,
      evidence: null,
      uploads: new Map(),
      attachment: null,
      message: null,
    };
    d.byReference.set(reference, dispute);
    d.byId.set(dispute.id, dispute);
  }
  if (opts.dueAt) dispute.dueAt = opts.dueAt;
  if (opts.reason) dispute.reason = opts.reason;
  return dispute;
}

/**
 * Decides the dispute. Lost: the resolution accepts it (the merchant's own merchant-accepted, else Paystack's
 * auto-accepted, as in its resolve sample) and a chargeback of the whole amount reverses the transaction. Won: the
 * merchant's declined stands and the transaction stays paid.
 */
function decide(d: DeskState, dispute: SimulatedDispute, opts: DisputeSendOptions) {
  const lost = opts.outcome ? opts.outcome === 'lost' : !/^declined$/i.test(opts.resolution ?? 'auto-accepted');
  dispute.resolution =
    opts.resolution ??
    (lost ? (dispute.merchantResolution === 'merchant-accepted' ? 'merchant-accepted' : 'auto-accepted') : 'declined');
  dispute.status = 'resolved';
  dispute.resolvedAt = d.deps.now();
  const tx = transactionOf(d, dispute);
  if (lost && tx.status === 'success' && dispute.refundAmount >= tx.amount) tx.status = 'reversed';
}

/** Sends charge.dispute.<event>; a resolve decides the dispute first (once). */
function send(
  d: DeskState,
  reference: string,
  event: DisputeEventName,
  opts: DisputeSendOptions = {},
): Promise<number> {
  const dispute = open(d, reference, opts);
  if (event === 'resolve' && dispute.status !== 'resolved') decide(d, dispute, opts);
  return d.deps.deliver(`charge.dispute.${event}`, reference, shown(d, dispute));
}

const signature = (d: DeskState, fileName: string, expires: number) =>
  createHmac('sha256', d.deps.secretKey).update(`${fileName}:${expires}`).digest('hex');

/** Whether the merchant may still answer: awaiting its feedback, before the due date. */
function answerable(dispute: SimulatedDispute): Answer | null {
  if (dispute.status === 'resolved') return refuse(400, 'Dispute has already been resolved');
  if (dispute.status !== 'awaiting-merchant-feedback') return refuse(400, 'Dispute is awaiting bank feedback');
  if (Date.parse(dispute.dueAt) <= Date.now()) return refuse(400, 'Dispute is past its due date');
  return null;
}

function addEvidence(d: DeskState, dispute: SimulatedDispute, body: Record<string, unknown>): Answer {
  const closed = answerable(dispute);
  if (closed) return closed;
  const required = ['customer_email', 'customer_name', 'customer_phone', 'service_details'];
  const missing = required.filter((field) => typeof body[field] !== 'string' || !(body[field] as string).trim());
  if (missing.length) return refuse(400, `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`);
  const at = d.deps.now();
  const kept = Object.fromEntries(
    [...required, 'delivery_address', 'delivery_date']
      .filter((field) => typeof body[field] === 'string')
      .map((field) => [field, body[field]]),
  );
  dispute.evidence = {
    ...kept,
    dispute: dispute.id,
    id: dispute.evidence?.id ?? d.nextEvidenceId++,
    createdAt: at,
    updatedAt: at,
  };
  return [200, { status: true, message: 'Evidence created', data: dispute.evidence }];
}

function uploadUrl(d: DeskState, dispute: SimulatedDispute, url: URL): Answer {
  const closed = answerable(dispute);
  if (closed) return closed;
  if (!url.searchParams.get('upload_filename')) return refuse(400, 'upload_filename is required');
  // Paystack's sample names the file with 20 lower-case letters and digits.
  const fileName = randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 20);
  const expires = Date.now() + UPLOAD_TTL_MS;
  dispute.uploads.set(fileName, null);
  const signedUrl =
    `${d.deps.baseUrl()}${UPLOAD_PATH}${fileName}?X-Amz-Expires=${UPLOAD_TTL_MS / 1000}` +
    `&expires=${expires}&X-Amz-Signature=${signature(d, fileName, expires)}`;
  return [200, { status: true, message: 'Upload url generated', data: { signedUrl, fileName } }];
}

function resolve(d: DeskState, dispute: SimulatedDispute, body: Record<string, unknown>): Answer {
  const closed = answerable(dispute);
  if (closed) return closed;
  const resolution = body.resolution;
  if (resolution !== 'merchant-accepted' && resolution !== 'declined') {
    return refuse(400, 'resolution must be merchant-accepted or declined');
  }
  if (typeof body.message !== 'string' || !body.message.trim()) return refuse(400, 'message is required');
  const amount = Number(body.refund_amount);
  if (body.refund_amount === undefined || !Number.isInteger(amount) || amount < 0) {
    return refuse(400, 'refund_amount is required');
  }
  const fileName = typeof body.uploaded_filename === 'string' ? body.uploaded_filename : '';
  if (!fileName) return refuse(400, 'uploaded_filename is required');
  if (!dispute.uploads.get(fileName)) return refuse(400, 'No file was uploaded with that uploaded_filename');
  if (body.evidence !== undefined && Number(body.evidence) !== dispute.evidence?.id) {
    return refuse(400, 'Evidence not found for this dispute');
  }
  const tx = transactionOf(d, dispute);
  if (resolution === 'merchant-accepted' && (amount <= 0 || amount > tx.amount)) {
    return refuse(400, `refund_amount must be more than 0 and at most ${tx.amount}`);
  }
  dispute.merchantResolution = resolution;
  dispute.attachment = fileName;
  dispute.message = body.message;
  if (resolution === 'merchant-accepted') {
    dispute.refundAmount = amount;
    decide(d, dispute, { outcome: 'lost', resolution });
    // Told after the answer, as Paystack tells of a resolved dispute by its webhook.
    if (d.deps.webhooksOn())
      setImmediate(() => void d.deps.deliver('charge.dispute.resolve', tx.reference, shown(d, dispute)));
  } else {
    dispute.status = 'awaiting-bank-feedback';
  }
  const data = resolvedData(d, dispute, tx, body.message);
  return [200, { status: true, message: 'Dispute successfully resolved', data }];
}

/** The data of PUT /dispute/{id}/resolve's answer (DisputeResolve). */
function resolvedData(d: DeskState, dispute: SimulatedDispute, tx: Transaction, message: string) {
  const at = d.deps.now();
  return {
    currency: tx.currency,
    last4: '4081',
    bin: '408408',
    transaction_reference: null,
    merchant_transaction_reference: tx.reference,
    refund_amount: dispute.refundAmount,
    status: dispute.status,
    domain: d.deps.domain(),
    resolution: dispute.resolution ?? dispute.merchantResolution,
    category: 'chargeback',
    note: null,
    attachments: dispute.attachment,
    id: dispute.id,
    integration: 100_001,
    transaction: tx.id,
    created_by: 30,
    evidence: dispute.evidence?.id ?? null,
    resolvedAt: dispute.resolvedAt,
    createdAt: dispute.createdAt,
    updatedAt: at,
    dueAt: dispute.dueAt,
    message: {
      dispute: dispute.id,
      sender: 'merchant',
      body: message,
      id: dispute.id,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/** /dispute/{id}…, after the main file checked the key and applied its faults. */
async function api(d: DeskState, req: http.IncomingMessage, url: URL): Promise<Answer> {
  const match = /^\/dispute\/(\d+)(\/evidence|\/upload_url|\/resolve)?$/.exec(url.pathname);
  const dispute = match ? d.byId.get(Number(match[1])) : undefined;
  if (!match) return refuse(404, 'Not found');
  if (!dispute) return refuse(404, 'Dispute not found');
  const [, , part] = match;
  if (!part && req.method === 'GET')
    return [200, { status: true, message: 'Dispute retrieved', data: shown(d, dispute) }];
  if (part === '/upload_url' && req.method === 'GET') return uploadUrl(d, dispute, url);
  if (part === '/evidence' && req.method === 'POST') return addEvidence(d, dispute, await readFields(req));
  if (part === '/resolve' && req.method === 'PUT') return resolve(d, dispute, await readFields(req));
  return refuse(405, 'Method not allowed');
}

/** PUT of a file to a signed upload URL: no key, the signature and its expiry instead (as S3's presigned URLs). */
async function upload(d: DeskState, req: http.IncomingMessage, url: URL): Promise<[number, string]> {
  const fileName = url.pathname.slice(UPLOAD_PATH.length);
  const expires = Number(url.searchParams.get('expires'));
  const given = Buffer.from(url.searchParams.get('X-Amz-Signature') ?? '', 'utf8');
  const wanted = Buffer.from(signature(d, fileName, expires), 'utf8');
  const dispute = [...d.byId.values()].find((d) => d.uploads.has(fileName));
  if (req.method !== 'PUT') return [405, 'Use PUT'];
  if (!dispute || given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return [403, 'SignatureDoesNotMatch'];
  if (!(expires > Date.now())) return [403, 'Request has expired'];
  const size = await drain(req);
  if (size === null) return [413, 'EntityTooLarge'];
  dispute.uploads.set(fileName, { type: String(req.headers['content-type'] ?? ''), size });
  return [200, ''];
}

/** Counts a body, keeping none of it; null past the cap. */
function drain(req: http.IncomingMessage): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        resolve(null);
        req.destroy();
      }
    });
    req.on('end', () => resolve(size));
    req.on('error', reject);
  });
}

export type DisputeDesk = ReturnType<typeof createDisputeDesk>;
