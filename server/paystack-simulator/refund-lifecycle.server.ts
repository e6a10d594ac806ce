/**
 * The simulator's refunds from POST /refund to their end (docs/paystack-simulator.md): Create and Fetch Refund as
 * Paystack's OpenAPI shapes them, the refund.* webhooks as its samples do, and how a refund ends (processed, failed,
 * left for finishRefund, or needs-attention). List Refunds, Retry Refund and List Banks are in refunds.server.ts.
 */
import { randomBytes } from 'node:crypto';
import { needsAttention, type RefundApiState } from './refunds.server';
import {
  domain,
  INTEGRATION,
  now,
  SimulatorError,
  type Refund,
  type RefundOutcome,
  type SimState,
  type Transaction,
} from './state.server';
import { deliver } from './webhooks.server';

type Answer = [number, unknown];

// Refunds that still hold money back: pending and processed ones count against what is left to refund.
const committed = (s: SimState, tx: Transaction) =>
  [...s.refunds.values()]
    .filter((r) => r.transactionReference === tx.reference && r.status !== 'failed')
    .reduce((sum, r) => sum + r.amount, 0);

/**
 * The data of a refund.* webhook, shaped as Paystack's published samples (doc-code-snippets refunds/events):
 * amount is a string in its refund.pending and refund.processed samples and a number in refund.failed, and
 * is sent the same way here, so the store must read both.
 */
const refundEvent = (s: SimState, refund: Refund) => ({
  status: refund.status,
  transaction_reference: refund.transactionReference,
  refund_reference: refund.refundReference,
  amount: refund.status === 'failed' ? refund.amount : String(refund.amount),
  currency: refund.currency,
  processor: 'simulator',
  customer: { first_name: null, last_name: null, email: s.transactions.get(refund.transactionReference)?.email },
  integration: INTEGRATION,
  domain: domain(s),
  id: String(refund.id),
  customer_note: refund.customerNote,
  merchant_note: refund.merchantNote,
});

/** A refund ends: processed (the transaction is reversed once refunds cover all of it) or failed. */
export async function endRefund(s: SimState, refund: Refund, outcome: 'processed' | 'failed'): Promise<Refund> {
  refund.status = outcome;
  refund.updatedAt = now();
  refund.refundReference = `TRF_${randomBytes(8).toString('hex')}`;
  const tx = s.transactions.get(refund.transactionReference);
  if (outcome === 'processed') {
    refund.refundedAt = refund.updatedAt;
    const processed = [...s.refunds.values()]
      .filter((r) => r.transactionReference === refund.transactionReference && r.status === 'processed')
      .reduce((sum, r) => sum + r.amount, 0);
    if (tx && tx.status === 'success' && processed >= tx.amount) tx.status = 'reversed';
  }
  if (s.webhooks) await deliver(s, `refund.${outcome}`, refund.transactionReference, refundEvent(s, refund));
  return refund;
}

/** refund.pending, then (unless the outcome is manual) the end, each after the store's first answer. */
async function runRefund(s: SimState, refund: Refund, outcome: RefundOutcome) {
  if (s.webhooks) await deliver(s, 'refund.pending', refund.transactionReference, refundEvent(s, refund));
  if (refund.status !== 'pending') return;
  if (outcome === 'needs-attention') await needsAttention(refundApiState(s), refund);
  else if (outcome !== 'manual') await endRefund(s, refund, outcome);
}

/** Ends a refund left pending by the 'manual' outcome, sending refund.processed or refund.failed. */
export async function finishRefund(s: SimState, id: number, outcome: 'processed' | 'failed'): Promise<Refund> {
  const refund = s.refunds.get(id);
  if (!refund) throw new SimulatorError('Refund not found', 404);
  if (refund.status !== 'pending' && refund.status !== 'processing') {
    throw new SimulatorError(`Refund is ${refund.status}, not pending`, 409);
  }
  return endRefund(s, refund, outcome);
}

/** A pending refund needs the customer's bank account: needs-attention, and refund.needs-attention sent. */
export async function refundNeedsAttention(s: SimState, id: number): Promise<Refund> {
  const refund = s.refunds.get(id);
  if (!refund) throw new SimulatorError('Refund not found', 404);
  if (refund.status !== 'pending') throw new SimulatorError(`Refund is ${refund.status}, not pending`, 409);
  return needsAttention(refundApiState(s), refund);
}

/** What refunds.server.ts (List Refunds, Retry Refund, needs-attention) works on: this simulator's refunds. */
export const refundApiState = (s: SimState): RefundApiState => ({
  refunds: s.refunds,
  transactions: s.transactions,
  now,
  fetched: (refund) => fetchRefund(s, refund),
  notify: (refund, event) =>
    s.webhooks
      ? deliver(s, `refund.${event}`, refund.transactionReference, refundEvent(s, refund))
      : Promise.resolve(0),
});

/** The transaction object inside a Refund API answer (RefundCreateResponse in Paystack's OpenAPI). */
const refundTransaction = (s: SimState, tx: Transaction) => ({
  id: tx.id,
  domain: domain(s),
  reference: tx.reference,
  amount: tx.amount,
  paid_at: tx.paidAt,
  channel: tx.channel ?? 'card',
  currency: tx.currency,
  authorization: { exp_month: null, exp_year: null, account_name: null },
  customer: { international_format_phone: null },
  plan: {},
  subaccount: { currency: null },
  split: {},
  order_id: null,
  paidAt: tx.paidAt,
  pos_transaction_data: null,
  source: null,
  fees_breakdown: null,
});

// Paystack's sample says a refund is expected within about nine days.
const expectedAt = (refund: Refund) => new Date(Date.parse(refund.createdAt) + 9 * 86_400_000).toISOString();

/** What POST /refund may refund: the transaction and the amount, or Paystack's refusal. */
function refundable(s: SimState, body: Record<string, unknown>): { tx: Transaction; amount: number } | Answer {
  const refuse = (status: number, message: string): Answer => [status, { status: false, message }];
  const key = body.transaction === undefined || body.transaction === null ? '' : String(body.transaction);
  if (!key) return refuse(400, 'Transaction reference or id is required');
  // Paystack takes the transaction's reference or its numeric id.
  const byId = /^\d+$/.test(key) ? [...s.transactions.values()].find((t) => t.id === Number(key)) : undefined;
  const tx = s.transactions.get(key) ?? byId;
  if (!tx) return refuse(404, 'Transaction not found');
  const left = tx.amount - committed(s, tx);
  if (tx.status === 'reversed' || (tx.status === 'success' && left <= 0)) {
    return refuse(400, 'Transaction has been fully reversed');
  }
  if (tx.status !== 'success') return refuse(400, 'Cannot refund a transaction that has not been paid');
  if (body.currency !== undefined && String(body.currency) !== tx.currency) {
    return refuse(400, `Currency does not match the transaction's (${tx.currency})`);
  }
  const given = body.amount === undefined || body.amount === null || body.amount === '';
  const amount = given ? left : Number(body.amount);
  if (!Number.isInteger(amount) || amount <= 0) return refuse(400, 'Invalid amount');
  if (amount > left) return refuse(400, `Refund amount cannot be more than ${left}, what is left to refund`);
  return { tx, amount };
}

/** POST /refund: checks as Paystack does, answers 'queued', then runs the refund's webhooks. */
export function createRefund(s: SimState, body: Record<string, unknown>): Answer {
  const checked = refundable(s, body);
  if (Array.isArray(checked)) return checked;
  const { tx, amount } = checked;
  const at = now();
  const note = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  const refund: Refund = {
    id: s.nextRefundId++,
    transactionId: tx.id,
    transactionReference: tx.reference,
    amount,
    currency: tx.currency,
    status: 'pending',
    // Defaults worded as in Paystack's create-refund sample.
    customerNote: note(body.customer_note, `Refund for transaction ${tx.reference}`),
    merchantNote: note(body.merchant_note, `Refund for transaction ${tx.reference} by simulator`),
    refundReference: null,
    createdAt: at,
    updatedAt: at,
    refundedAt: null,
  };
  s.refunds.set(refund.id, refund);
  const outcome = s.refundOutcome;
  // After the answer is on its way, as Paystack queues the refund and tells about it later.
  setImmediate(() => void runRefund(s, refund, outcome));
  return [200, { status: true, message: 'Refund has been queued for processing', data: createdRefund(s, tx, refund) }];
}

/** The data of Create Refund's answer. */
const createdRefund = (s: SimState, tx: Transaction, refund: Refund) => ({
  transaction: refundTransaction(s, tx),
  integration: INTEGRATION,
  deducted_amount: 0,
  channel: null,
  merchant_note: refund.merchantNote,
  customer_note: refund.customerNote,
  status: refund.status,
  refunded_by: 'simulator@paystack.test',
  expected_at: expectedAt(refund),
  currency: refund.currency,
  domain: domain(s),
  amount: refund.amount,
  fully_deducted: false,
  id: refund.id,
  createdAt: refund.createdAt,
  updatedAt: refund.updatedAt,
});

/** GET /refund/:id, shaped as RefundFetchResponse in Paystack's OpenAPI. */
export function fetchRefund(s: SimState, refund: Refund) {
  const tx = s.transactions.get(refund.transactionReference);
  const processed = refund.status === 'processed';
  return {
    integration: INTEGRATION,
    transaction: refund.transactionId,
    dispute: null,
    settlement: null,
    id: refund.id,
    domain: domain(s),
    currency: refund.currency,
    amount: refund.amount,
    status: refund.status,
    refunded_at: refund.refundedAt,
    refunded_by: 'simulator@paystack.test',
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
    deducted_amount: processed ? refund.amount : 0,
    fully_deducted: processed,
    expected_at: expectedAt(refund),
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
    bank_reference: null,
    transaction_reference: refund.transactionReference,
    reason: refund.customerNote,
    customer: { email: tx?.email ?? null },
    refund_type: tx && refund.amount < tx.amount ? 'partial' : 'full',
    transaction_amount: tx?.amount ?? null,
    initiated_by: 'merchant',
    refund_channel: tx?.channel ?? 'card',
    session_id: null,
    collect_account_number: false,
  };
}
