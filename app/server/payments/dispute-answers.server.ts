/**
 * The owner's answers to a chargeback from the admin order page (decision 0031): evidence, a document, and accepting
 * or declining, each sent to Paystack's Disputes API (payments/paystack-disputes.server.ts) while the dispute waits for
 * the merchant and before its due date. What Paystack took is kept on the dispute row (evidenceId and the evidence,
 * the uploaded file's name, the answer and when), with an audit entry and a line in the payment history. Paystack is
 * called outside any transaction; the row is written after its answer, and an answer is recorded once.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DISPUTE_FILE_TYPES,
  DISPUTE_MESSAGES,
  disputeStage,
  type DisputeEvidenceInput,
  type DisputeNotice,
  type DisputeResolution,
} from '~/lib/payments/admin-disputes';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup, type PaystackConfig } from './paystack/config.server';
import { PaystackError } from './paystack/paystack.server';
import { addDisputeEvidence, resolveDispute, uploadDisputeFile } from './paystack/paystack-disputes.server';
import { checkedRows } from '../sql-rows.server';
import { recordPaymentEvent } from './payment-events.server';

export type DisputeTarget = { orderId: string; disputeId: number };

export type DisputeAnswerResult =
  | { kind: 'done'; notice: DisputeNotice }
  /** Not answerable (resolved, answered, past its due date) or not acceptable as sent: nothing went to Paystack. */
  | { kind: 'refused'; message: string; field?: 'file' | 'refundAmount' }
  | { kind: 'provider-error'; message: string }
  | { kind: 'not-found' };

const disputeRow = z.object({
  id: z.number(),
  providerId: z.string(),
  status: z.string(),
  dueAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  answer: z.enum(['accepted', 'declined']).nullable(),
  amount: z.number().nullable(),
  evidenceId: z.string().nullable(),
  uploadedFile: z.string().nullable(),
  paid: z.number().nullable(),
});
type DisputeRow = z.output<typeof disputeRow>;

/** The dispute of this order, when it is one and can still be answered now. */
async function answerable(target: DisputeTarget, now: Date): Promise<DisputeRow | DisputeAnswerResult> {
  const rows = await db().execute(sql`
    select d.id, d.provider_id as "providerId", d.status, to_json(d.due_at) #>> '{}' as "dueAt",
      to_json(d.resolved_at) #>> '{}' as "resolvedAt",
      d.answer, d.amount::float8 as amount, d.evidence_id as "evidenceId", d.uploaded_file as "uploadedFile",
      (select p.amount::float8 from payments p where p.order_id = d.order_id) as paid
    from disputes d where d.id = ${target.disputeId} and d.order_id = ${target.orderId}`);
  const [row] = checkedRows(disputeRow, rows);
  if (!row) return { kind: 'not-found' };
  const stage = disputeStage(row, now);
  return stage.open ? row : { kind: 'refused', message: stage.message };
}

const isResult = (value: DisputeRow | DisputeAnswerResult): value is DisputeAnswerResult => 'kind' in value;

/** Runs one answer on a dispute that can still be answered now, with Paystack configured; refuses it otherwise. */
async function onOpenDispute(
  target: DisputeTarget,
  now: Date,
  answer: (setup: PaystackConfig, dispute: DisputeRow) => Promise<DisputeAnswerResult>,
): Promise<DisputeAnswerResult> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'refused', message: setup.reason };
  const dispute = await answerable(target, now);
  return isResult(dispute) ? dispute : answer(setup, dispute);
}

/** Paystack's answer to one call, or the result that says why there is none (anything else is thrown on). */
async function askPaystack<T>(
  target: DisputeTarget,
  what: string,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; result: DisputeAnswerResult }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof PaystackError) return { ok: false, result: providerError(error, target, what) };
    throw error;
  }
}

/** Paystack's trouble in words: a refusal names Paystack's reason; no answer means nothing is recorded. */
function providerError(error: PaystackError, target: DisputeTarget, what: string): DisputeAnswerResult {
  logger.warn({ ...target, kind: error.kind, err: error.message }, `Paystack dispute ${what} failed`);
  const answered = error.kind === 'refused' || error.kind === 'not-found';
  return {
    kind: 'provider-error',
    message: answered ? DISPUTE_MESSAGES.providerRefused(error.message) : DISPUTE_MESSAGES.noAnswer,
  };
}

async function record(actor: AuditActor, target: DisputeTarget, what: string, detail: Record<string, unknown>) {
  await db().transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: `order.dispute-${what}`,
      entityType: 'order',
      entityId: target.orderId,
      after: { disputeId: target.disputeId, ...detail },
    });
    await recordPaymentEvent(tx, target.orderId, 'dispute', { event: `answer: ${what}`, ...detail, by: actor.email });
  });
}

export async function sendDisputeEvidence(
  actor: AuditActor,
  target: DisputeTarget,
  evidence: DisputeEvidenceInput,
  now = new Date(),
): Promise<DisputeAnswerResult> {
  return onOpenDispute(target, now, async (setup, dispute) => {
    const sent = await askPaystack(target, 'evidence', () => addDisputeEvidence(setup, dispute.providerId, evidence));
    if (!sent.ok) return sent.result;
    const { evidenceId } = sent.value;
    await db().execute(sql`
      update disputes set evidence_id = ${evidenceId}, evidence = ${JSON.stringify(evidence)}::jsonb,
        updated_at = now()
      where id = ${dispute.id}`);
    await record(actor, target, 'evidence', { providerId: dispute.providerId, evidenceId });
    return { kind: 'done', notice: 'evidence' };
  });
}

const SIGNATURES: Record<keyof typeof DISPUTE_FILE_TYPES, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** The document's kind by its first bytes (not its name or declared type), or null when it is none of the three. */
export function disputeFileKind(bytes: Uint8Array): keyof typeof DISPUTE_FILE_TYPES | null {
  for (const [type, signature] of Object.entries(SIGNATURES)) {
    if (signature.every((byte, i) => bytes[i] === byte)) return type as keyof typeof DISPUTE_FILE_TYPES;
  }
  return null;
}

export async function uploadDisputeDocument(
  actor: AuditActor,
  target: DisputeTarget,
  file: File,
  now = new Date(),
): Promise<DisputeAnswerResult> {
  return onOpenDispute(target, now, async (setup, dispute) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = disputeFileKind(bytes);
    if (!type) return { kind: 'refused', message: DISPUTE_MESSAGES.fileContent, field: 'file' };
    // The store names the file: nothing the admin's computer called it reaches Paystack.
    const name = `order-${target.orderId.slice(-8)}-dispute-${dispute.providerId}.${DISPUTE_FILE_TYPES[type]}`;
    const sent = await askPaystack(target, 'upload', () =>
      uploadDisputeFile(setup, dispute.providerId, { name, type, bytes }),
    );
    if (!sent.ok) return sent.result;
    const { fileName } = sent.value;
    await db().execute(
      sql`update disputes set uploaded_file = ${fileName}, updated_at = now() where id = ${dispute.id}`,
    );
    await record(actor, target, 'upload', { providerId: dispute.providerId, uploadedFile: fileName, type });
    return { kind: 'done', notice: 'upload' };
  });
}

export type DisputeAnswer = { resolution: DisputeResolution; message: string; refundAmount: number };

export async function answerDispute(
  actor: AuditActor,
  target: DisputeTarget,
  answer: DisputeAnswer,
  now = new Date(),
): Promise<DisputeAnswerResult> {
  return onOpenDispute(target, now, async (setup, dispute) => {
    // Paystack's resolve names an uploaded document (uploaded_filename is required in its OpenAPI description).
    const uploadedFileName = dispute.uploadedFile;
    if (!uploadedFileName) return { kind: 'refused', message: DISPUTE_MESSAGES.needsUpload };
    const most = dispute.amount ?? dispute.paid;
    if (answer.resolution === 'merchant-accepted' && most !== null && answer.refundAmount > most) {
      return { kind: 'refused', message: DISPUTE_MESSAGES.refundTooLarge(most), field: 'refundAmount' };
    }
    const sent = await askPaystack(target, 'resolve', () =>
      resolveDispute(setup, dispute.providerId, { ...answer, uploadedFileName, evidenceId: dispute.evidenceId }),
    );
    if (!sent.ok) return sent.result;
    const given = answer.resolution === 'merchant-accepted' ? 'accepted' : 'declined';
    await db().execute(sql`
      update disputes set answer = ${given}, answered_at = now(), updated_at = now()
      where id = ${dispute.id} and answer is null`);
    await record(actor, target, 'resolve', {
      providerId: dispute.providerId,
      answer: given,
      refundAmount: answer.refundAmount,
      message: answer.message,
    });
    return { kind: 'done', notice: 'resolved' };
  });
}
