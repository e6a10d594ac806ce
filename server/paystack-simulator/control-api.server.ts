/**
 * The simulator's control API (docs/paystack-simulator.md): `/__control`, for tests and developers in another
 * process, behind the per-run bearer token (control.server.ts hands it over). It sets faults and settings, runs
 * one action (a bank confirming, a reversal, a refund's end, a dispute) and shows a transaction.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { logger } from '~/server/logger.server';
import type { DisputeDesk } from './disputes.server';
import { json, readJson } from './http-io.server';
import { finishRefund, refundNeedsAttention } from './refund-lifecycle.server';
import {
  ACTIONS,
  DISPUTE_EVENTS,
  FAULTS,
  find,
  NOT_FOUND_MESSAGE,
  PENDING_STATUSES,
  REFUND_FAULTS,
  REFUND_OUTCOMES,
  reportedStatus,
  setFault,
  setRefundFault,
  SimulatorError,
  type Action,
  type DisputeEvent,
  type PendingStatus,
  type RefundFault,
  type RefundOutcome,
  type SimState,
  type SimulatorFault,
  type Transaction,
} from './state.server';
import { confirmPending, failPending, reverse, startOtp, startPending } from './transactions.server';

type Answer = [number, unknown];
type Fields = Record<string, unknown>;

export const isControlPath = (pathname: string) => pathname === '/__control' || pathname.startsWith('/__control/');

/** The transaction as the control endpoint shows it: ours and what verify would say. */
const view = (s: SimState, tx: Transaction) => ({
  id: tx.id,
  reference: tx.reference,
  accessCode: tx.accessCode,
  email: tx.email,
  amount: tx.amount,
  currency: tx.currency,
  channel: tx.channel,
  status: tx.status,
  verifyStatus: reportedStatus(s, tx),
  metadata: tx.metadata,
  paidAt: tx.paidAt,
  createdAt: tx.createdAt,
  refunds: [...s.refunds.values()].filter((r) => r.transactionReference === tx.reference),
});

export async function control(
  s: SimState,
  desk: DisputeDesk,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
) {
  if (!hasToken(req.headers.authorization, s.controlToken)) {
    logger.warn(
      { ip: req.socket.remoteAddress, method: req.method },
      'Paystack simulator: control request refused (no or wrong token)',
    );
    return json(res, 403, { status: false, message: 'Forbidden' });
  }
  // Lets a test in another process see which channel and status a transaction ended up with.
  const one = /^\/__control\/transactions\/(.+)$/.exec(url.pathname);
  if (one) {
    if (req.method !== 'GET') return json(res, 405, { status: false, message: 'Use GET' });
    const tx = s.transactions.get(decodeURIComponent(one[1]));
    return tx ? json(res, 200, view(s, tx)) : json(res, 404, { status: false, message: NOT_FOUND_MESSAGE });
  }
  if (url.pathname !== '/__control') return json(res, 404, { status: false, message: 'Not found' });
  if (req.method !== 'POST') return json(res, 405, { status: false, message: 'Use POST' });
  return json(res, ...(await runControl(s, desk, await readJson(req))));
}

/** A setting or action the control API does not know: 400 with the ones it does. */
function unknownSetting(body: Fields): Answer | undefined {
  const bad = (message: string): Answer => [400, { status: false, message }];
  const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);
  const unknown = (what: string, list: readonly string[]) => bad(`Unknown ${what} (one of ${list.join(', ')})`);
  if (body.fault !== undefined && !oneOf(FAULTS, body.fault)) return unknown('fault', FAULTS);
  if (body.webhooks !== undefined && typeof body.webhooks !== 'boolean') return bad('webhooks must be true or false');
  if (body.pendingStatus !== undefined && !oneOf(PENDING_STATUSES, body.pendingStatus)) {
    return unknown('pendingStatus', PENDING_STATUSES);
  }
  if (body.refundOutcome !== undefined && !oneOf(REFUND_OUTCOMES, body.refundOutcome)) {
    return unknown('refundOutcome', REFUND_OUTCOMES);
  }
  if (body.refundFault !== undefined && !oneOf(REFUND_FAULTS, body.refundFault)) {
    return unknown('refundFault', REFUND_FAULTS);
  }
  if (body.action !== undefined && !oneOf(ACTIONS, body.action)) return unknown('action', ACTIONS);
  return undefined;
}

/** Settings first (all checked before any is applied), then at most one action. */
async function runControl(s: SimState, desk: DisputeDesk, body: Fields): Promise<Answer> {
  const refused = unknownSetting(body);
  if (refused) return refused;
  if (body.fault !== undefined) setFault(s, body.fault as SimulatorFault);
  if (body.webhooks !== undefined) s.webhooks = body.webhooks as boolean;
  if (body.pendingStatus !== undefined) s.pendingStatus = body.pendingStatus as PendingStatus;
  if (body.refundOutcome !== undefined) s.refundOutcome = body.refundOutcome as RefundOutcome;
  if (body.refundFault !== undefined) setRefundFault(s, body.refundFault as RefundFault);
  const { fault, webhooks, pendingStatus, refundOutcome, refundFault } = s;
  const settings = { fault, webhooks, pendingStatus, refundOutcome, refundFault };
  if (body.action === undefined) return [200, settings];
  try {
    return [200, { ...settings, ...(await runAction(s, desk, body.action as Action, body)) }];
  } catch (error) {
    if (error instanceof SimulatorError) return [error.httpStatus, { status: false, message: error.message }];
    throw error;
  }
}

async function runAction(s: SimState, desk: DisputeDesk, action: Action, body: Fields): Promise<Fields> {
  if (action === 'finish-refund' || action === 'refund-needs-attention') return refundAction(s, action, body);
  if (typeof body.reference !== 'string' || !body.reference) {
    throw new SimulatorError(`${action} needs a reference`, 400);
  }
  const reference = body.reference;
  if (action === 'confirm-pending') return { transaction: view(s, await confirmPending(s, reference)) };
  if (action === 'fail-pending') return { transaction: view(s, failPending(s, reference)) };
  if (action === 'reverse') return { transaction: view(s, reverse(s, reference)) };
  if (action === 'start-otp') return { transaction: view(s, startOtp(s, reference)) };
  if (action === 'start-pending') {
    const channel = body.channel ?? 'bank_transfer';
    if (channel !== 'bank_transfer' && channel !== 'ussd') {
      throw new SimulatorError('channel must be bank_transfer or ussd', 400);
    }
    return { transaction: view(s, startPending(s, reference, channel)) };
  }
  return disputeAction(s, desk, reference, body);
}

async function refundAction(s: SimState, action: 'finish-refund' | 'refund-needs-attention', body: Fields) {
  const id = Number(body.id);
  if (!Number.isInteger(id)) throw new SimulatorError(`${action} needs the refund id`, 400);
  if (action === 'refund-needs-attention') {
    const refund = await refundNeedsAttention(s, id);
    return { refund, transaction: view(s, find(s, refund.transactionReference)) };
  }
  const outcome = body.outcome ?? 'processed';
  if (outcome !== 'processed' && outcome !== 'failed') {
    throw new SimulatorError('outcome must be processed or failed', 400);
  }
  const refund = await finishRefund(s, id, outcome);
  return { refund, transaction: view(s, find(s, refund.transactionReference)) };
}

async function disputeAction(s: SimState, desk: DisputeDesk, reference: string, body: Fields) {
  const event = body.event ?? 'create';
  if (!DISPUTE_EVENTS.includes(event as DisputeEvent)) {
    throw new SimulatorError('event must be create, remind or resolve', 400);
  }
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  if (body.outcome !== undefined && body.outcome !== 'won' && body.outcome !== 'lost') {
    throw new SimulatorError('outcome must be won or lost', 400);
  }
  const webhookStatus = await desk.send(reference, event as DisputeEvent, {
    dueAt: text(body.dueAt),
    reason: text(body.reason),
    resolution: text(body.resolution),
    outcome: body.outcome,
  });
  return { transaction: view(s, find(s, reference)), webhookStatus };
}

/** `Bearer <token>`, compared in constant time (digests, so a wrong length reveals nothing either). */
function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
