/**
 * The posts of a chargeback's three forms (decision 0031): the body read within its cap (a document of up to 5 MB),
 * parsed with the form's one schema by its intent, and handed to dispute-answers.server.ts. Answers what the route
 * needs: where to go after a success (post/redirect/get), or the form's reply with its status.
 */
import type { SubmissionResult } from '@conform-to/react';
import {
  DISPUTE_INTENTS,
  DISPUTE_MESSAGES,
  disputeEvidenceSchema,
  disputeResolveSchema,
  disputeUploadSchema,
  type DisputeNotice,
} from '~/lib/payments/admin-disputes';
import { UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { isId } from '~/lib/ids';
import type { AuditActor } from '../admin/audit.server';
import {
  answerDispute,
  sendDisputeEvidence,
  uploadDisputeDocument,
  type DisputeAnswerResult,
} from './dispute-answers.server';
import { DISPUTE_FORM_BODY_LIMIT } from '../http/body-limits.server';
import { parseSubmission } from '../http/form-submission.server';
import { logger } from '../logger.server';
import { BodyTooLargeError, readFormDataWithin } from '../catalog/admin-upload-files.server';

export type DisputeFormOutcome =
  | { kind: 'done'; notice: DisputeNotice }
  | { kind: 'not-found' }
  | { kind: 'reply'; status: number; intent: string; result: SubmissionResult<string[]> };

const SCHEMAS = {
  [DISPUTE_INTENTS.evidence]: disputeEvidenceSchema,
  [DISPUTE_INTENTS.upload]: disputeUploadSchema,
  [DISPUTE_INTENTS.resolve]: disputeResolveSchema,
} as const;

const formError = (intent: string, status: number, message: string): DisputeFormOutcome => ({
  kind: 'reply',
  status,
  intent,
  result: { status: 'error', error: { '': [message] } },
});

/** The route's ids checked: an order id, and a dispute's serial number. */
export function disputeTarget(orderId: string | undefined, disputeId: string | undefined) {
  if (!orderId || !isId(orderId) || !disputeId || !/^\d{1,9}$/.test(disputeId)) return null;
  return { orderId, disputeId: Number(disputeId) };
}

/**
 * `beforeResolve` runs once a resolve is known to be well formed, before anything is sent: accepting gives money back,
 * so the route asks for a recent sign-in there, as for a refund.
 */
export async function submitDisputeForm(
  request: Request,
  actor: AuditActor,
  target: { orderId: string; disputeId: number },
  beforeResolve: () => Promise<void>,
): Promise<DisputeFormOutcome> {
  let form: FormData;
  try {
    form = await readFormDataWithin(request, DISPUTE_FORM_BODY_LIMIT);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return formError(DISPUTE_INTENTS.upload, 413, DISPUTE_MESSAGES.file);
  }
  const intent = String(form.get('intent') ?? '');
  if (!Object.hasOwn(SCHEMAS, intent)) return formError(intent, 400, UNKNOWN_ACTION);
  let result: DisputeAnswerResult;
  let reply: (options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>;
  try {
    if (intent === DISPUTE_INTENTS.evidence) {
      const submission = parseSubmission(form, disputeEvidenceSchema);
      if (submission.status !== 'success') return { kind: 'reply', status: 400, intent, result: submission.reply() };
      reply = (options) => submission.reply(options);
      const { intent: _intent, ...evidence } = submission.value;
      result = await sendDisputeEvidence(actor, target, evidence);
    } else if (intent === DISPUTE_INTENTS.upload) {
      const submission = parseSubmission(form, disputeUploadSchema);
      // A file is never sent back to the page: the reply carries only the messages.
      if (submission.status !== 'success') {
        return { kind: 'reply', status: 400, intent, result: submission.reply({ hideFields: ['file'] }) };
      }
      reply = (options) => submission.reply({ ...options, hideFields: ['file'] });
      result = await uploadDisputeDocument(actor, target, submission.value.file);
    } else {
      const submission = parseSubmission(form, disputeResolveSchema);
      if (submission.status !== 'success') return { kind: 'reply', status: 400, intent, result: submission.reply() };
      reply = (options) => submission.reply(options);
      await beforeResolve();
      const { resolution, message, refundAmount } = submission.value;
      result = await answerDispute(actor, target, { resolution, message, refundAmount });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, ...target, intent }, 'answering a chargeback failed');
    return formError(intent, 500, DISPUTE_MESSAGES.failed);
  }
  switch (result.kind) {
    case 'done':
    case 'not-found':
      return result;
    case 'refused':
      return {
        kind: 'reply',
        status: 409,
        intent,
        result: result.field
          ? reply({ fieldErrors: { [result.field]: [result.message] } })
          : reply({ formErrors: [result.message] }),
      };
    case 'provider-error':
      return { kind: 'reply', status: 502, intent, result: reply({ formErrors: [result.message] }) };
  }
}
