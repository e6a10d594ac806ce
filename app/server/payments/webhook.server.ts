/**
 * Paystack's webhooks (docs/architecture.md#5-checkout-and-payment step 4): charge.success, refund.* and
 * charge.dispute.*. The optional address allow-list and the signature over the raw body are checked before anything is
 * parsed; then charge.success runs the same idempotent step as the browser's return, straight from the signed data (no
 * extra call to Paystack, so the answer is fast; its mails are jobs). Paystack retries on non-2xx, so our own failures
 * (the database away) answer 500 and a replay is simply a no-op.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { env } from '../env.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import { toVerification, verificationData } from './paystack/paystack.server';
import { hasValidSignature } from './paystack/signature.server';
import { parseWebhookSources, type WebhookSources } from './paystack/webhook-sources.server';
import { applyVerification } from './confirm-payment.server';
import { applyDisputeEvent } from './disputes.server';
import { applyRefundEvent } from './refunds.server';

/** 1 MB, counted as the body streams (server/middleware/body-limit.ts); the route checks what it read against it again.
 * */
export { WEBHOOK_BODY_LIMIT } from '../http/body-limits.server';

export type WebhookAnswer = { status: number; body: string };

export async function handlePaystackWebhook(
  rawBody: string,
  signature: string | null,
  clientIp: string | null = null,
): Promise<WebhookAnswer> {
  if (!webhookSources().allows(clientIp)) {
    logger.warn({ ip: clientIp }, 'Paystack webhook refused: not from an address in PAYSTACK_WEBHOOK_IPS');
    return { status: 403, body: 'Forbidden' };
  }
  if (!signature) {
    logger.warn({ ip: clientIp }, 'Paystack webhook refused: no signature');
    return { status: 401, body: 'Missing signature' };
  }
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { status: 503, body: 'Payments are not configured' };
  if (!hasValidSignature(rawBody, signature, setup.secretKey)) {
    logger.warn({ ip: clientIp }, 'Paystack webhook refused: bad signature');
    return { status: 401, body: 'Invalid signature' };
  }
  // Logged by its digest, not its text: the body may carry a customer's details, and Paystack's dashboard has it.
  const digest = { ip: clientIp, length: rawBody.length, sha256: createHash('sha256').update(rawBody).digest('hex') };
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    // Signed by Paystack, yet unreadable: a retry would send the same bytes for 72 hours, so it is taken and logged
    // for a person to look at (decision 0029). Only the signature, never the body, decides a refusal.
    logger.error(digest, 'Paystack webhook unreadable: signed, but its body is not JSON');
    return { status: 200, body: 'Unreadable' };
  }
  const answer = await handleEvent(event);
  // JSON of a shape we do not read: a fix to our reading can take the same bytes, so it is refused and Paystack sends
  // it again for 72 hours, and a person is told at once (decision 0029). A payment in it is also found by the sweep.
  if (answer.status === 400)
    logger.error(
      { ...digest, ...findable(event), answer: answer.body },
      'Paystack webhook unexpected: signed, but not of the shape its event has',
    );
  return answer;
}

async function handleEvent(event: unknown): Promise<WebhookAnswer> {
  const envelope = eventEnvelope.safeParse(event);
  if (!envelope.success) return { status: 400, body: 'Unexpected event' };
  const { event: kind, data } = envelope.data;
  if (kind === 'charge.success') return chargeSuccess(data);
  if (kind.startsWith('refund.')) return refundUpdate(kind, data);
  if (kind.startsWith('charge.dispute.')) return disputeUpdate(kind, data);
  return { status: 200, body: 'Ignored' };
}

/** What a person reading the log needs to find the event in Paystack's dashboard: its name and its reference. */
function findable(event: unknown): { event: string | null; reference: string | null } {
  const read = loggable.safeParse(event).data;
  const data = read?.data;
  return {
    event: read?.event ?? null,
    reference: data?.reference ?? data?.transaction_reference ?? data?.transaction?.reference ?? null,
  };
}
const shortText = z.string().max(200).optional().catch(undefined);
const loggable = z.object({
  event: shortText,
  data: z
    .object({
      reference: shortText,
      transaction_reference: shortText,
      transaction: z.object({ reference: shortText }).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});

let parsedSources: { value: string | undefined; sources: WebhookSources } | undefined;

/** The allow-list as set (a bad one stops the start: config.server.ts), parsed once per value. */
function webhookSources(): WebhookSources {
  const value = env().PAYSTACK_WEBHOOK_IPS;
  if (parsedSources && parsedSources.value === value) return parsedSources.sources;
  const parsed = parseWebhookSources(value);
  parsedSources = { value, sources: 'sources' in parsed ? parsed.sources : { allows: () => false } };
  return parsedSources.sources;
}

const eventEnvelope = z.object({ event: z.string(), data: z.unknown() });

async function chargeSuccess(data: unknown): Promise<WebhookAnswer> {
  const parsed = verificationData.safeParse(data);
  if (!parsed.success) return { status: 400, body: 'Unexpected charge data' };
  const outcome = await applyVerification(parsed.data.reference, toVerification(parsed.data), 'webhook');
  if (outcome.kind === 'unknown-reference')
    logger.warn({ reference: parsed.data.reference }, 'Paystack webhook for a reference we do not know');
  return { status: 200, body: outcome.kind };
}

const id = z.union([z.number(), z.string()]).transform(String);

/** Paystack's refund webhook data: transaction_reference (or a transaction object), the refund's id, amount, status. */
const refundData = z.looseObject({
  id: id.nullish(),
  status: z.string().nullish(),
  amount: z.coerce.number().int().positive(),
  transaction_reference: z.string().nullish(),
  transaction: z.looseObject({ reference: z.string() }).nullish(),
});

async function refundUpdate(kind: string, data: unknown): Promise<WebhookAnswer> {
  const parsed = refundData.safeParse(data);
  const reference = parsed.success
    ? (parsed.data.transaction_reference ?? parsed.data.transaction?.reference)
    : undefined;
  if (!parsed.success || !reference) return { status: 400, body: 'Unexpected refund data' };
  const { id: providerId, amount, status } = parsed.data;
  const result = await applyRefundEvent({
    event: kind,
    transactionReference: reference,
    providerId: providerId ?? null,
    amount,
    status: status ?? '',
  });
  if (result === 'unknown-reference')
    logger.warn({ reference, event: kind }, 'Paystack refund webhook for a reference we do not know');
  return { status: 200, body: result };
}

/** A whole number of kobo, or null for anything else (Paystack's samples send null refund_amount). */
const kobo = z
  .unknown()
  .optional()
  .transform((value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
  });

/**
 * Paystack's dispute webhook data (its published samples, docs/paystack-simulator.md): the dispute's id, status,
 * category, dueAt and resolvedAt (camelCase there; due_at accepted too), resolution, refund_amount and its
 * transaction, whose status is 'reversed' once a lost chargeback took the money back (decision 0031).
 */
const disputeData = z.looseObject({
  id,
  status: z.string().nullish(),
  category: z.string().nullish(),
  dueAt: z.string().nullish(),
  due_at: z.string().nullish(),
  resolvedAt: z.string().nullish(),
  resolution: z.string().nullish(),
  refund_amount: kobo,
  transaction: z.looseObject({ reference: z.string(), status: z.string().nullish(), amount: kobo }),
});

async function disputeUpdate(kind: string, data: unknown): Promise<WebhookAnswer> {
  const parsed = disputeData.safeParse(data);
  if (!parsed.success) return { status: 400, body: 'Unexpected dispute data' };
  const { id: providerId, status, category, resolution, transaction } = parsed.data;
  const dueAt = parsed.data.dueAt ?? parsed.data.due_at;
  const result = await applyDisputeEvent({
    event: kind,
    providerId,
    transactionReference: transaction.reference,
    status: status ?? kind.replace(/^charge\.dispute\./, ''),
    category: category ?? null,
    dueAt: dueAt ?? null,
    resolution: resolution ?? null,
    refundAmount: parsed.data.refund_amount,
    transactionStatus: transaction.status ?? null,
    transactionAmount: transaction.amount,
    resolvedAt: parsed.data.resolvedAt ?? null,
  });
  if (result === 'unknown-reference')
    logger.warn(
      { reference: transaction.reference, event: kind },
      'Paystack dispute webhook for a reference we do not know',
    );
  return { status: 200, body: result };
}
