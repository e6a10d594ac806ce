/**
 * The simulator's state (docs/paystack-simulator.md, decision 0032): its transactions, refunds and webhook deliveries,
 * the settings the control API changes (faults, webhooks, how pending payments and refunds report and end), and
 * the shapes and errors every other module of the simulator shares. One SimState per started simulator.
 */
import type http from 'node:http';
import type { TestCard } from './card-rules.server';

/**
 * slow: every API answer comes 300 ms late (enough for races to overlap). live-domain: transactions are reported
 * as Paystack's live mode, as a store on test keys must never accept. not-found-400: verify of an unknown
 * reference answers 400 with Paystack's validation-error body instead of the default 404.
 */
export type SimulatorFault =
  | 'none'
  | 'slow'
  | 'down'
  | 'timeout'
  | 'garbage'
  | 'wrong-amount'
  | 'wrong-currency'
  | 'live-domain'
  | 'not-found-400';

export type Channel = 'card' | 'bank_transfer' | 'ussd';
/** What verify says of a transfer or USSD payment still waiting for the bank: Paystack's in-between statuses. */
export type PendingStatus = 'pending' | 'ongoing' | 'processing' | 'queued';
/**
 * How a refund ends on its own; 'manual' leaves it pending until finishRefund; 'needs-attention' stops it there
 * (Paystack needs the customer's bank account) until retry_with_customer_details, after which it is processed.
 */
export type RefundOutcome = 'processed' | 'failed' | 'manual' | 'needs-attention';
/**
 * POST /refund makes the refund, then answers 500 (error), nothing (timeout) or HTML (garbage) instead of the refund:
 * the store cannot tell from the answer whether a refund exists (refunds.server.ts, decision 0030).
 */
export type RefundFault = 'none' | 'error' | 'timeout' | 'garbage';
export type DisputeEvent = 'create' | 'remind' | 'resolve';

export type Transaction = {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  /** null until the customer picks one on the page (or pay() says card). */
  channel: Channel | null;
  /**
   * new: nothing done (verify: abandoned). pending: transfer or USSD waiting for the bank (verify: the pending
   * status, 'pending' unless set). success, failed, reversed: as verify reports them. Tests may put any other
   * Paystack status here (e.g. 'ongoing'): verify reports it unchanged.
   */
  status: 'new' | 'otp' | 'pending' | 'success' | 'failed' | 'reversed';
  /** The test card the customer paid with (card-rules.server.ts); null until a card is used. */
  card: TestCard | null;
  paidAt: string | null;
  createdAt: string;
};

export type Refund = {
  id: number;
  transactionId: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processing' | 'needs-attention' | 'processed' | 'failed';
  customerNote: string;
  merchantNote: string;
  /** Paystack's refund_reference: null while pending (as in its refund.pending sample), set when it ends. */
  refundReference: string | null;
  createdAt: string;
  updatedAt: string;
  refundedAt: string | null;
  /** The bank account retry_with_customer_details sent it to. */
  retriedWith?: { accountNumber: string; bankId: string };
};

/** One attempt to deliver one webhook; status is the store's HTTP status, null when it could not be reached. */
export type Delivery = {
  event: string;
  reference: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
};

/** outcome: how a resolve decides the dispute (won: declined stands; lost: accepted, the transaction reversed). */
export type DisputeOptions = { dueAt?: string; reason?: string; resolution?: string; outcome?: 'won' | 'lost' };

export type SimulatorOptions = {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookUrl?: string;
  /**
   * Waits before each retry of a webhook the store did not take (non-2xx or unreachable). Paystack's test mode
   * retries hourly for 10 hours and live mode every 3 minutes 4 times, then hourly for 72 hours; the default
   * keeps the shape (a few quick tries, then longer waits) on a scale a test can wait for.
   */
  webhookRetryDelaysMs?: number[];
  /** How long one delivery may take; Paystack's documented request timeout is 30 seconds. */
  webhookTimeoutMs?: number;
};

export const FAULTS: readonly SimulatorFault[] = [
  'none',
  'slow',
  'down',
  'timeout',
  'garbage',
  'wrong-amount',
  'wrong-currency',
  'live-domain',
  'not-found-400',
];
export const PENDING_STATUSES: readonly PendingStatus[] = ['pending', 'ongoing', 'processing', 'queued'];
export const REFUND_OUTCOMES: readonly RefundOutcome[] = ['processed', 'failed', 'manual', 'needs-attention'];
export const REFUND_FAULTS: readonly RefundFault[] = ['none', 'error', 'timeout', 'garbage'];
export const DISPUTE_EVENTS: readonly DisputeEvent[] = ['create', 'remind', 'resolve'];
export const ACTIONS = [
  'confirm-pending',
  'fail-pending',
  'reverse',
  'start-pending',
  'dispute',
  'finish-refund',
  'refund-needs-attention',
  'start-otp',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Paystack's integration id appears in refund and dispute payloads; any stable number will do here. */
export const INTEGRATION = 100_001;
export const NOT_FOUND_MESSAGE = 'Transaction reference not found';
/**
 * Paystack's newer error envelope (status, message, meta.nextStep, type, code); message and nextStep are the
 * published ones for this error. See docs/paystack-simulator.md for what is and is not confirmed.
 */
export const NOT_FOUND_400_BODY = {
  status: false,
  message: NOT_FOUND_MESSAGE,
  meta: { nextStep: "Ensure that you're passing the reference of a transaction that exists on this integration" },
  type: 'validation_error',
  code: 'transaction_not_found',
};

/** Thrown by the actions; `httpStatus` is what the control endpoint answers with. */
export class SimulatorError extends Error {
  constructor(
    message: string,
    readonly httpStatus: 400 | 404 | 409,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

/** One simulator's state: what it holds, the settings the control API changes, what close() must cut. */
export type SimState = {
  secretKey: string;
  controlToken: string;
  /** Set once the server listens. */
  baseUrl: string;
  webhookUrl: string | undefined;
  retryDelays: number[];
  webhookTimeoutMs: number;
  /** When this simulator started: List Banks' createdAt. */
  started: string;
  transactions: Map<string, Transaction>;
  byCode: Map<string, Transaction>;
  refunds: Map<number, Refund>;
  deliveries: Delivery[];
  fault: SimulatorFault;
  webhooks: boolean;
  pendingStatus: PendingStatus;
  refundOutcome: RefundOutcome;
  refundFault: RefundFault;
  nextId: number;
  nextRefundId: number;
  hanging: Set<http.ServerResponse>;
  // Retries wait on timers and deliveries may be in flight when the simulator closes: both are cut then.
  retryTimers: Set<NodeJS.Timeout>;
  stopping: AbortController;
};

export const now = () => new Date().toISOString();

export function createState(options: SimulatorOptions, keys: { secretKey: string; controlToken: string }): SimState {
  return {
    ...keys,
    baseUrl: '',
    webhookUrl: options.webhookUrl,
    retryDelays: options.webhookRetryDelaysMs ?? [250, 1000, 3000, 10_000],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 30_000,
    started: now(),
    transactions: new Map(),
    byCode: new Map(),
    refunds: new Map(),
    deliveries: [],
    fault: 'none',
    webhooks: true,
    pendingStatus: 'pending',
    refundOutcome: 'processed',
    refundFault: 'none',
    nextId: 1000,
    nextRefundId: 3_018_000,
    hanging: new Set(),
    retryTimers: new Set(),
    stopping: new AbortController(),
  };
}

export const domain = (s: SimState) => (s.fault === 'live-domain' ? 'live' : 'test');

// What verify says: Paystack reports a transaction nobody finished as abandoned.
export const reportedStatus = (s: SimState, tx: Transaction): string =>
  tx.status === 'new'
    ? 'abandoned'
    : tx.status === 'pending'
      ? s.pendingStatus
      : tx.status === 'otp'
        ? 'ongoing'
        : tx.status;

export function find(s: SimState, reference: string): Transaction {
  const tx = s.transactions.get(reference);
  if (!tx) throw new SimulatorError(NOT_FOUND_MESSAGE, 404);
  return tx;
}

export function setFault(s: SimState, next: SimulatorFault) {
  s.fault = next;
  if (next !== 'timeout') for (const res of s.hanging) res.destroy();
}

export function setRefundFault(s: SimState, next: RefundFault) {
  s.refundFault = next;
  if (next !== 'timeout' && s.fault !== 'timeout') for (const res of s.hanging) res.destroy();
}

/** Stops what is in flight: webhook retries and deliveries, answers held by the timeout faults. */
export function stopAll(s: SimState) {
  s.stopping.abort();
  for (const timer of s.retryTimers) clearTimeout(timer);
  s.retryTimers.clear();
  for (const res of s.hanging) res.destroy();
}
