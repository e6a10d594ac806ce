/**
 * A small Paystack look-alike for development and tests (docs/architecture.md#2-stack): initialize, verify, a
 * hosted page and a pop-up with card, bank transfer and USSD, signed webhooks (charge.success, refund.*,
 * charge.dispute.*) retried the way Paystack retries them, the Refund API and an inline-script look-alike. It
 * can be told to fail, hang, answer garbage or report a wrong amount or currency, so the store's handling of
 * each is tested. Never used when Paystack keys are set. What was checked against Paystack's published API,
 * and where this deliberately differs: docs/paystack-simulator.md.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '~/server/logger.server';
import {
  INVALID_REFERENCE_BODY,
  PAYSTACK_REFERENCE,
  paystackFees,
  TEST_CARDS,
  TEST_OTP,
  type TestCard,
} from './card-rules.server';
import { createDisputeDesk, type DisputeOutcome, type SimulatedDispute } from './disputes.server';
import { hostedPage, inlineScript, popupPage } from './pages.server';
import { listBanks, listRefunds, needsAttention, retryRefund, type RefundApiState } from './refunds.server';
import { SIGNATURE_HEADER, signPayload } from '~/server/payments/signature.server';

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
export type DisputeOptions = { dueAt?: string; reason?: string; resolution?: string; outcome?: DisputeOutcome };

export type Simulator = {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  /**
   * Made up per run: `/__control` (faults, webhooks and actions from another process) needs it as
   * `Authorization: Bearer <token>`. scripts/serve.ts writes it to $DATA_DIR (simulator-control.server.ts).
   */
  controlToken: string;
  setFault(fault: SimulatorFault): void;
  /**
   * false = send no webhook on its own (payment, bank confirmation, refund lifecycle): the callback alone must
   * then complete the order. sendWebhook and sendDispute still send, since calling them asks for one.
   */
  setWebhooks(on: boolean): void;
  /** What verify reports for a pending transfer/USSD transaction ('pending' by default). */
  setPendingStatus(status: PendingStatus): void;
  /** How refunds made from now on end ('processed' by default). */
  setRefundOutcome(outcome: RefundOutcome): void;
  /** What POST /refund answers once it made the refund ('none': the refund, as Paystack does). */
  setRefundFault(fault: RefundFault): void;
  /** A pending refund needs the customer's bank account: needs-attention, and refund.needs-attention sent. */
  refundNeedsAttention(id: number): Promise<Refund>;
  transactions: Map<string, Transaction>;
  refunds: Map<number, Refund>;
  /** Disputes by Paystack's id (disputes.server.ts): state, evidence, uploads, the merchant's answer. */
  disputes: Map<number, SimulatedDispute>;
  /** Every webhook delivery attempt, oldest first (retries included). */
  deliveries: Delivery[];
  /** Marks a transaction paid as if the customer paid (no webhook); returns it. */
  pay(reference: string): Transaction;
  /** As if the customer chose bank transfer (or USSD) and said they paid: pending, no webhook. */
  startPending(reference: string, channel?: 'bank_transfer' | 'ussd'): Transaction;
  /** As if the customer paid with the OTP card and stopped at its OTP step: verify says `ongoing`, channel card. */
  startOtp(reference: string): Transaction;
  /** The customer enters `otp` at the OTP step: the right one pays (charge.success sent); true when it did. */
  submitOtp(reference: string, otp: string): boolean;
  /** The bank confirms a pending transfer/USSD: success, paid now, charge.success sent (when webhooks are on). */
  confirmPending(reference: string): Promise<Transaction>;
  /** The bank never saw the money: a pending transaction fails (Paystack sends no webhook for that). */
  failPending(reference: string): Transaction;
  /** A paid transaction is reversed (verify then reports 'reversed'); no webhook. */
  reverse(reference: string): Transaction;
  /** Ends a refund left pending by the 'manual' outcome, sending refund.processed or refund.failed. */
  finishRefund(id: number, outcome: 'processed' | 'failed'): Promise<Refund>;
  /** Sends a signed charge.dispute.create|remind|resolve; resolves with the store's first answer (0: not sent). */
  sendDispute(reference: string, event: DisputeEvent, options?: DisputeOptions): Promise<number>;
  /** Sends (or re-sends) the signed charge.success webhook; resolves with the first attempt's status (0: not sent). */
  sendWebhook(reference: string): Promise<number>;
  close(): Promise<void>;
};

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

const FAULTS: readonly SimulatorFault[] = [
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
const PENDING_STATUSES: readonly PendingStatus[] = ['pending', 'ongoing', 'processing', 'queued'];
const REFUND_OUTCOMES: readonly RefundOutcome[] = ['processed', 'failed', 'manual', 'needs-attention'];
const REFUND_FAULTS: readonly RefundFault[] = ['none', 'error', 'timeout', 'garbage'];
const DISPUTE_EVENTS: readonly DisputeEvent[] = ['create', 'remind', 'resolve'];
const ACTIONS = [
  'confirm-pending',
  'fail-pending',
  'reverse',
  'start-pending',
  'dispute',
  'finish-refund',
  'refund-needs-attention',
  'start-otp',
] as const;
type Action = (typeof ACTIONS)[number];

/** Paystack's integration id appears in refund and dispute payloads; any stable number will do here. */
const INTEGRATION = 100_001;
const NOT_FOUND_MESSAGE = 'Transaction reference not found';
/**
 * Paystack's newer error envelope (status, message, meta.nextStep, type, code); message and nextStep are the
 * published ones for this error. See docs/paystack-simulator.md for what is and is not confirmed.
 */
const NOT_FOUND_400_BODY = {
  status: false,
  message: NOT_FOUND_MESSAGE,
  meta: { nextStep: "Ensure that you're passing the reference of a transaction that exists on this integration" },
  type: 'validation_error',
  code: 'transaction_not_found',
};

/** Thrown by the actions; `httpStatus` is what the control endpoint answers with. */
class SimulatorError extends Error {
  constructor(
    message: string,
    readonly httpStatus: 400 | 404 | 409,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export async function startPaystackSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const secretKey = options.secretKey ?? `sk_test_sim_${randomBytes(12).toString('hex')}`;
  const publicKey = 'pk_test_simulator';
  const controlToken = randomBytes(32).toString('base64url');
  const retryDelays = options.webhookRetryDelaysMs ?? [250, 1000, 3000, 10_000];
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 30_000;
  const transactions = new Map<string, Transaction>();
  const byCode = new Map<string, Transaction>();
  const refunds = new Map<number, Refund>();
  const deliveries: Delivery[] = [];
  let fault: SimulatorFault = 'none';
  let webhooks = true;
  let pendingStatus: PendingStatus = 'pending';
  let refundOutcome: RefundOutcome = 'processed';
  let refundFault: RefundFault = 'none';
  let nextId = 1000;
  let nextRefundId = 3_018_000;
  const hanging = new Set<http.ServerResponse>();
  // Retries wait on timers and deliveries may be in flight when the simulator closes: both are cut then.
  const retryTimers = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();

  const now = () => new Date().toISOString();
  /** When this simulator started: List Banks' createdAt. */
  const started = now();
  const domain = () => (fault === 'live-domain' ? 'live' : 'test');
  // What verify says: Paystack reports a transaction nobody finished as abandoned.
  const reportedStatus = (tx: Transaction): string =>
    tx.status === 'new'
      ? 'abandoned'
      : tx.status === 'pending'
        ? pendingStatus
        : tx.status === 'otp'
          ? 'ongoing'
          : tx.status;

  const gatewayResponses: Record<string, string> = {
    success: 'Successful',
    reversed: 'Successful',
    failed: 'Declined',
    pending: 'Transaction is pending',
    otp: 'Authentication Required: otp',
  };
  const gatewayResponse = (tx: Transaction) => gatewayResponses[tx.status] ?? 'The transaction was not completed';

  // Shaped as Paystack's samples for each channel (card: test card 4081; transfer and USSD: doc-code-snippets).
  const authorization = (tx: Transaction) => {
    if (tx.channel === 'bank_transfer') {
      return {
        channel: 'bank_transfer',
        card_type: 'transfer',
        brand: 'Managed Account',
        bank: null,
        last4: null,
        reusable: false,
        country_code: 'NG',
        sender_bank_account_number: 'XXXXXXX553',
        sender_name: 'Simulator Customer',
      };
    }
    if (tx.channel === 'ussd') {
      return {
        channel: 'ussd',
        card_type: 'offline',
        brand: 'offline',
        bank: 'TEST BANK',
        last4: 'XXXX',
        reusable: false,
      };
    }
    const card = TEST_CARDS[tx.card ?? 'plain'];
    return {
      channel: 'card',
      last4: card.last4,
      bin: card.bin,
      brand: card.brand,
      card_type: card.brand,
      bank: 'TEST BANK',
    };
  };

  /** The verify data object, also the data of charge.success. */
  const reportedAmount = (tx: Transaction) => (fault === 'wrong-amount' ? tx.amount - 100 : tx.amount);

  const reported = (tx: Transaction) => ({
    id: tx.id,
    // The simulator is Paystack's test mode, and says so as Paystack does.
    domain: domain(),
    reference: tx.reference,
    status: reportedStatus(tx),
    amount: reportedAmount(tx),
    requested_amount: tx.amount,
    currency: fault === 'wrong-currency' ? 'USD' : tx.currency,
    // A status a test wrote in (e.g. 'ongoing') with no channel chosen is reported with none, as an answer that does
    // not say whether the customer is at an OTP or a transfer (decision 0029).
    channel: tx.channel ?? (tx.status === 'new' ? 'card' : null),
    paid_at: tx.paidAt,
    paidAt: tx.paidAt,
    created_at: tx.createdAt,
    createdAt: tx.createdAt,
    message: null,
    gateway_response: gatewayResponse(tx),
    // Paystack's fees on what was charged (OpenAPI VerifyResponse `fees`, kobo); none before a charge.
    fees: tx.status === 'success' || tx.status === 'reversed' ? paystackFees(reportedAmount(tx)) : null,
    metadata: tx.metadata ?? '',
    customer: { email: tx.email },
    authorization: authorization(tx),
  });

  /**
   * Posts one signed event to the store and retries it on the schedule until it answers 2xx or the schedule
   * runs out; every retry sends the same bytes and signature, as a re-delivery of the same event. Resolves
   * with the first attempt's status (0 when it was not sent or the store could not be reached).
   */
  function deliver(event: string, reference: string, data: unknown): Promise<number> {
    const url = options.webhookUrl;
    if (!url || stopping.signal.aborted) return Promise.resolve(0);
    const body = JSON.stringify({ event, data });
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(body, secretKey) };
    return new Promise((resolve) => {
      const attempt = async (n: number) => {
        let status: number | null = null;
        let error: string | null = null;
        try {
          const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(webhookTimeoutMs)]);
          const response = await fetch(url, { method: 'POST', headers, body, signal });
          status = response.status;
          await response.body?.cancel();
        } catch (caught) {
          error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
        }
        deliveries.push({ event, reference, attempt: n + 1, status, error, at: now() });
        if (n === 0) resolve(status ?? 0);
        const taken = status !== null && status >= 200 && status < 300;
        if (taken || n >= retryDelays.length || stopping.signal.aborted) return;
        const timer = setTimeout(() => {
          retryTimers.delete(timer);
          void attempt(n + 1);
        }, retryDelays[n]);
        // A retry still waiting must not keep a test run or a stopping store alive.
        timer.unref();
        retryTimers.add(timer);
      };
      void attempt(0);
    });
  }

  function sendWebhook(reference: string): Promise<number> {
    const tx = transactions.get(reference);
    if (!tx) return Promise.resolve(0);
    return deliver('charge.success', reference, reported(tx));
  }

  function find(reference: string): Transaction {
    const tx = transactions.get(reference);
    if (!tx) throw new SimulatorError(NOT_FOUND_MESSAGE, 404);
    return tx;
  }

  /** Card Pay or Decline (page or pay()). A paid or reversed transaction stays as it is. */
  function settle(tx: Transaction, outcome: 'success' | 'failed', notify: boolean) {
    if (tx.status === 'success' || tx.status === 'reversed') return;
    tx.status = outcome;
    tx.channel ??= 'card';
    if (tx.channel === 'card') tx.card ??= 'plain';
    if (outcome === 'success') {
      tx.paidAt = now();
      if (notify && webhooks) void sendWebhook(tx.reference);
    }
  }

  /** Pay with the OTP card: the transaction waits at its OTP step (verify: `ongoing`, channel card). */
  function askOtp(tx: Transaction) {
    if (tx.status === 'success' || tx.status === 'reversed') return;
    tx.status = 'otp';
    tx.channel = 'card';
    tx.card = 'otp';
  }

  /** The OTP step answered: the right OTP pays, like Pay with the plain card; a wrong one leaves it waiting. */
  function answerOtp(tx: Transaction, otp: string): boolean {
    if (tx.status !== 'otp' || otp.trim() !== TEST_OTP) return false;
    settle(tx, 'success', true);
    return true;
  }

  /** The customer chose transfer or USSD and says they paid: the bank has yet to confirm. */
  function choosePending(tx: Transaction, channel: 'bank_transfer' | 'ussd') {
    if (tx.status === 'success' || tx.status === 'reversed') return;
    tx.status = 'pending';
    tx.channel = channel;
  }

  async function confirmPending(reference: string): Promise<Transaction> {
    const tx = find(reference);
    if (tx.status !== 'pending') throw new SimulatorError(`Transaction is ${tx.status}, not pending`, 409);
    tx.status = 'success';
    tx.paidAt = now();
    if (webhooks) await sendWebhook(reference);
    return tx;
  }

  function failPending(reference: string): Transaction {
    const tx = find(reference);
    if (tx.status !== 'pending') throw new SimulatorError(`Transaction is ${tx.status}, not pending`, 409);
    tx.status = 'failed';
    return tx;
  }

  function reverse(reference: string): Transaction {
    const tx = find(reference);
    if (tx.status !== 'success') throw new SimulatorError(`Transaction is ${tx.status}, not paid`, 409);
    tx.status = 'reversed';
    return tx;
  }

  // Refunds that still hold money back: pending and processed ones count against what is left to refund.
  const committed = (tx: Transaction) =>
    [...refunds.values()]
      .filter((r) => r.transactionReference === tx.reference && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);

  /**
   * The data of a refund.* webhook, shaped as Paystack's published samples (doc-code-snippets refunds/events):
   * amount is a string in its refund.pending and refund.processed samples and a number in refund.failed, and
   * is sent the same way here, so the store must read both.
   */
  const refundEvent = (refund: Refund) => ({
    status: refund.status,
    transaction_reference: refund.transactionReference,
    refund_reference: refund.refundReference,
    amount: refund.status === 'failed' ? refund.amount : String(refund.amount),
    currency: refund.currency,
    processor: 'simulator',
    customer: { first_name: null, last_name: null, email: transactions.get(refund.transactionReference)?.email },
    integration: INTEGRATION,
    domain: domain(),
    id: String(refund.id),
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
  });

  /** A refund ends: processed (the transaction is reversed once refunds cover all of it) or failed. */
  async function endRefund(refund: Refund, outcome: 'processed' | 'failed'): Promise<Refund> {
    refund.status = outcome;
    refund.updatedAt = now();
    refund.refundReference = `TRF_${randomBytes(8).toString('hex')}`;
    const tx = transactions.get(refund.transactionReference);
    if (outcome === 'processed') {
      refund.refundedAt = refund.updatedAt;
      const processed = [...refunds.values()]
        .filter((r) => r.transactionReference === refund.transactionReference && r.status === 'processed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (tx && tx.status === 'success' && processed >= tx.amount) tx.status = 'reversed';
    }
    if (webhooks) await deliver(`refund.${outcome}`, refund.transactionReference, refundEvent(refund));
    return refund;
  }

  /** refund.pending, then (unless the outcome is manual) the end, each after the store's first answer. */
  async function runRefund(refund: Refund, outcome: RefundOutcome) {
    if (webhooks) await deliver('refund.pending', refund.transactionReference, refundEvent(refund));
    if (refund.status !== 'pending') return;
    if (outcome === 'needs-attention') await needsAttention(refundApiState, refund);
    else if (outcome !== 'manual') await endRefund(refund, outcome);
  }

  async function finishRefund(id: number, outcome: 'processed' | 'failed'): Promise<Refund> {
    const refund = refunds.get(id);
    if (!refund) throw new SimulatorError('Refund not found', 404);
    if (refund.status !== 'pending' && refund.status !== 'processing') {
      throw new SimulatorError(`Refund is ${refund.status}, not pending`, 409);
    }
    return endRefund(refund, outcome);
  }

  async function refundNeedsAttention(id: number): Promise<Refund> {
    const refund = refunds.get(id);
    if (!refund) throw new SimulatorError('Refund not found', 404);
    if (refund.status !== 'pending') throw new SimulatorError(`Refund is ${refund.status}, not pending`, 409);
    return needsAttention(refundApiState, refund);
  }

  /** What refunds.server.ts (List Refunds, Retry Refund, needs-attention) works on. */
  const refundApiState: RefundApiState = {
    refunds,
    transactions,
    now,
    fetched: (refund) => fetchRefund(refund),
    notify: (refund, event) =>
      webhooks ? deliver(`refund.${event}`, refund.transactionReference, refundEvent(refund)) : Promise.resolve(0),
  };

  /** The transaction object inside a Refund API answer (RefundCreateResponse in Paystack's OpenAPI). */
  const refundTransaction = (tx: Transaction) => ({
    id: tx.id,
    domain: domain(),
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

  /** POST /refund: checks as Paystack does, answers 'queued', then runs the refund's webhooks. */
  function createRefund(body: Record<string, unknown>): [number, unknown] {
    const refuse = (status: number, message: string): [number, unknown] => [status, { status: false, message }];
    const key = body.transaction === undefined || body.transaction === null ? '' : String(body.transaction);
    if (!key) return refuse(400, 'Transaction reference or id is required');
    // Paystack takes the transaction's reference or its numeric id.
    const byId = /^\d+$/.test(key) ? [...transactions.values()].find((t) => t.id === Number(key)) : undefined;
    const tx = transactions.get(key) ?? byId;
    if (!tx) return refuse(404, 'Transaction not found');
    const left = tx.amount - committed(tx);
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
    const at = now();
    const note = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
    const refund: Refund = {
      id: nextRefundId++,
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
    refunds.set(refund.id, refund);
    const outcome = refundOutcome;
    // After the answer is on its way, as Paystack queues the refund and tells about it later.
    setImmediate(() => void runRefund(refund, outcome));
    const data = {
      transaction: refundTransaction(tx),
      integration: INTEGRATION,
      deducted_amount: 0,
      channel: null,
      merchant_note: refund.merchantNote,
      customer_note: refund.customerNote,
      status: refund.status,
      refunded_by: 'simulator@paystack.test',
      expected_at: expectedAt(refund),
      currency: refund.currency,
      domain: domain(),
      amount: refund.amount,
      fully_deducted: false,
      id: refund.id,
      createdAt: refund.createdAt,
      updatedAt: refund.updatedAt,
    };
    return [200, { status: true, message: 'Refund has been queued for processing', data }];
  }

  /** GET /refund/:id, shaped as RefundFetchResponse in Paystack's OpenAPI. */
  function fetchRefund(refund: Refund) {
    const tx = transactions.get(refund.transactionReference);
    const processed = refund.status === 'processed';
    return {
      integration: INTEGRATION,
      transaction: refund.transactionId,
      dispute: null,
      settlement: null,
      id: refund.id,
      domain: domain(),
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

  /** charge.dispute.*: disputes.server.ts shapes them as Paystack's samples and decides a resolve (won or lost). */
  function sendDispute(reference: string, event: DisputeEvent, opts: DisputeOptions = {}): Promise<number> {
    return disputeDesk.send(reference, event, opts);
  }

  // The Disputes API and the dispute webhooks live in disputes.server.ts.
  const disputeDesk = createDisputeDesk({
    transactions,
    secretKey,
    baseUrl: () => baseUrl,
    now,
    domain,
    reportedStatus,
    webhooksOn: () => webhooks,
    deliver,
    fail: (message, httpStatus) => new SimulatorError(message, httpStatus),
  });

  /** The transaction as the control endpoint shows it: ours and what verify would say. */
  const view = (tx: Transaction) => ({
    id: tx.id,
    reference: tx.reference,
    accessCode: tx.accessCode,
    email: tx.email,
    amount: tx.amount,
    currency: tx.currency,
    channel: tx.channel,
    status: tx.status,
    verifyStatus: reportedStatus(tx),
    metadata: tx.metadata,
    paidAt: tx.paidAt,
    createdAt: tx.createdAt,
    refunds: [...refunds.values()].filter((r) => r.transactionReference === tx.reference),
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return json(res, 401, { status: false, message: 'Invalid key' });
    if (fault === 'timeout') return void hanging.add(res);
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
    if (fault === 'down') return json(res, 503, { status: false, message: 'Service unavailable' });
    if (fault === 'garbage')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream error</html>');
    if (url.pathname.startsWith('/dispute/')) return json(res, ...(await disputeDesk.api(req, url)));
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      const amount = Number(body.amount);
      const reference = String(body.reference ?? '');
      if (!Number.isInteger(amount) || amount <= 0 || !reference || typeof body.email !== 'string')
        return json(res, 400, { status: false, message: 'Invalid amount, email or reference' });
      // Paystack's reference takes only -, ., = and letters and digits (OpenAPI TransactionInitialize).
      if (!PAYSTACK_REFERENCE.test(reference)) return json(res, 400, INVALID_REFERENCE_BODY);
      if (transactions.has(reference))
        return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const tx: Transaction = {
        id: nextId++,
        reference,
        accessCode: randomBytes(8).toString('hex'),
        email: body.email,
        amount,
        currency: String(body.currency ?? 'NGN'),
        callbackUrl: String(body.callback_url ?? ''),
        metadata: body.metadata ?? null,
        channel: null,
        status: 'new',
        card: null,
        paidAt: null,
        createdAt: now(),
      };
      transactions.set(reference, tx);
      byCode.set(tx.accessCode, tx);
      return json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${baseUrl}/checkout/${tx.accessCode}`, access_code: tx.accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx && fault === 'not-found-400') return json(res, 400, NOT_FOUND_400_BODY);
      if (!tx) return json(res, 404, { status: false, message: NOT_FOUND_MESSAGE });
      return json(res, 200, { status: true, message: 'Verification successful', data: reported(tx) });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const [status, body] = createRefund(await readFields(req));
      // The refund is made; only the answer goes wrong.
      if (status === 200 && refundFault === 'timeout') return void hanging.add(res);
      if (status === 200 && refundFault === 'error') return json(res, 500, { status: false, message: 'Server error' });
      if (status === 200 && refundFault === 'garbage')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream error</html>');
      return json(res, status, body);
    }
    if (req.method === 'GET' && url.pathname === '/refund') return json(res, ...listRefunds(refundApiState, url));
    const retry = /^\/refund\/retry_with_customer_details\/(\d+)$/.exec(url.pathname);
    if (req.method === 'POST' && retry) {
      const fields = await readFields(req);
      const end = (refund: Refund) => {
        if (refundOutcome !== 'manual') void endRefund(refund, refundOutcome === 'failed' ? 'failed' : 'processed');
      };
      return json(res, ...retryRefund(refundApiState, Number(retry[1]), fields, end));
    }
    if (req.method === 'GET' && url.pathname === '/bank') return json(res, ...listBanks(url, started));
    const refundId = /^\/refund\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundId) {
      const refund = refunds.get(Number(refundId[1]));
      if (!refund) return json(res, 404, { status: false, message: 'Refund not found' });
      return json(res, 200, { status: true, message: 'Refund retrieved', data: fetchRefund(refund) });
    }
    return json(res, 404, { status: false, message: 'Not found' });
  }

  /** The store's callback URL with the reference, as Paystack's page sends the browser back. */
  const callbackFor = (tx: Transaction) => {
    if (!URL.canParse(tx.callbackUrl)) return '/';
    const back = new URL(tx.callbackUrl);
    back.searchParams.set('trxref', tx.reference);
    back.searchParams.set('reference', tx.reference);
    return back.toString();
  };

  async function browser(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (url.pathname === '/inline.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(inlineScript(baseUrl));
    const match = /^\/(checkout|popup)\/([0-9a-f]+)(?:\/(pay|decline|transfer|ussd|otp))?$/.exec(url.pathname);
    const tx = match ? byCode.get(match[2]) : undefined;
    if (!match || !tx) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown transaction');
    const [, kind, , act] = match;
    if (req.method === 'GET' && !act) {
      const shown = {
        accessCode: tx.accessCode,
        email: tx.email,
        amount: tx.amount,
        status: tx.status,
        // Made up from the id, so the same transaction always shows the same account and code.
        transferAccount: `99${String(tx.id).padStart(8, '0')}`,
        ussdCode: `*737*000*${String(tx.id).slice(-4).padStart(4, '0')}#`,
        customFields: customFields(tx.metadata),
        otp: TEST_OTP,
        wrongOtp: url.searchParams.has('wrong-otp'),
        cancelUrl: callbackFor(tx),
      };
      const html = kind === 'checkout' ? hostedPage(shown) : popupPage(shown);
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    if (req.method !== 'POST' || !act) return void res.writeHead(405).end();
    const fields = await readFields(req);
    let wrongOtp = false;
    if (act === 'pay' && fields.card === 'otp') askOtp(tx);
    else if (act === 'pay' || act === 'decline') settle(tx, act === 'pay' ? 'success' : 'failed', true);
    else if (act === 'otp') wrongOtp = !answerOtp(tx, String(fields.otp ?? ''));
    else choosePending(tx, act === 'transfer' ? 'bank_transfer' : 'ussd');
    if (kind === 'popup') {
      return json(res, 200, { reference: tx.reference, id: tx.id, status: reportedStatus(tx), wrongOtp });
    }
    // The OTP step is a page of its own on the hosted checkout (a wrong OTP shows it again, saying so).
    if (tx.status === 'otp') {
      const here = `/checkout/${tx.accessCode}${wrongOtp ? '?wrong-otp' : ''}`;
      return void res.writeHead(303, { location: here }).end();
    }
    res.writeHead(303, { location: callbackFor(tx) }).end();
  }

  /** Settings first (all checked before any is applied), then at most one action. */
  async function runControl(body: Record<string, unknown>): Promise<[number, unknown]> {
    const bad = (message: string): [number, unknown] => [400, { status: false, message }];
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
    if (body.fault !== undefined) setFault(body.fault as SimulatorFault);
    if (body.webhooks !== undefined) webhooks = body.webhooks as boolean;
    if (body.pendingStatus !== undefined) pendingStatus = body.pendingStatus as PendingStatus;
    if (body.refundOutcome !== undefined) refundOutcome = body.refundOutcome as RefundOutcome;
    if (body.refundFault !== undefined) setRefundFault(body.refundFault as RefundFault);
    const settings = { fault, webhooks, pendingStatus, refundOutcome, refundFault };
    if (body.action === undefined) return [200, settings];
    try {
      return [200, { ...settings, ...(await runAction(body.action as Action, body)) }];
    } catch (error) {
      if (error instanceof SimulatorError) return [error.httpStatus, { status: false, message: error.message }];
      throw error;
    }
  }

  async function runAction(action: Action, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (action === 'finish-refund') {
      const id = Number(body.id);
      if (!Number.isInteger(id)) throw new SimulatorError('finish-refund needs the refund id', 400);
      const outcome = body.outcome ?? 'processed';
      if (outcome !== 'processed' && outcome !== 'failed') {
        throw new SimulatorError('outcome must be processed or failed', 400);
      }
      const refund = await finishRefund(id, outcome);
      return { refund, transaction: view(find(refund.transactionReference)) };
    }
    if (action === 'refund-needs-attention') {
      const id = Number(body.id);
      if (!Number.isInteger(id)) throw new SimulatorError('refund-needs-attention needs the refund id', 400);
      const refund = await refundNeedsAttention(id);
      return { refund, transaction: view(find(refund.transactionReference)) };
    }
    if (typeof body.reference !== 'string' || !body.reference) {
      throw new SimulatorError(`${action} needs a reference`, 400);
    }
    const reference = body.reference;
    if (action === 'confirm-pending') return { transaction: view(await confirmPending(reference)) };
    if (action === 'fail-pending') return { transaction: view(failPending(reference)) };
    if (action === 'reverse') return { transaction: view(reverse(reference)) };
    if (action === 'start-otp') return { transaction: view(startOtp(reference)) };
    if (action === 'start-pending') {
      const channel = body.channel ?? 'bank_transfer';
      if (channel !== 'bank_transfer' && channel !== 'ussd') {
        throw new SimulatorError('channel must be bank_transfer or ussd', 400);
      }
      return { transaction: view(startPending(reference, channel)) };
    }
    const event = body.event ?? 'create';
    if (!DISPUTE_EVENTS.includes(event as DisputeEvent)) {
      throw new SimulatorError('event must be create, remind or resolve', 400);
    }
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    if (body.outcome !== undefined && body.outcome !== 'won' && body.outcome !== 'lost') {
      throw new SimulatorError('outcome must be won or lost', 400);
    }
    const webhookStatus = await sendDispute(reference, event as DisputeEvent, {
      dueAt: text(body.dueAt),
      reason: text(body.reason),
      resolution: text(body.resolution),
      outcome: body.outcome,
    });
    return { transaction: view(find(reference)), webhookStatus };
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (!hasToken(req.headers.authorization, controlToken)) {
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
      const tx = transactions.get(decodeURIComponent(one[1]));
      return tx ? json(res, 200, view(tx)) : json(res, 404, { status: false, message: NOT_FOUND_MESSAGE });
    }
    if (url.pathname !== '/__control') return json(res, 404, { status: false, message: 'Not found' });
    if (req.method !== 'POST') return json(res, 405, { status: false, message: 'Use POST' });
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const [status, answer] = await runControl(body);
    return json(res, status, answer);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const handle = async () => {
      if (url.pathname === '/__control' || url.pathname.startsWith('/__control/')) return control(req, res, url);
      if (url.pathname.startsWith('/transaction/') || /^\/(refund|bank|dispute)(\/|$)/.test(url.pathname))
        return api(req, res, url);
      if (disputeDesk.isUpload(url.pathname)) {
        const [status, body] = await disputeDesk.upload(req, url);
        return void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      }
      return browser(req, res, url);
    };
    handle().catch(() => {
      if (!res.headersSent) json(res, 400, { status: false, message: 'Bad request' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

  function setFault(next: SimulatorFault) {
    fault = next;
    if (next !== 'timeout') for (const res of hanging) res.destroy();
  }

  function setRefundFault(next: RefundFault) {
    refundFault = next;
    if (next !== 'timeout' && fault !== 'timeout') for (const res of hanging) res.destroy();
  }

  function startOtp(reference: string): Transaction {
    const tx = find(reference);
    if (tx.status !== 'new' && tx.status !== 'otp') {
      throw new SimulatorError(`Transaction is ${tx.status}, not new`, 409);
    }
    askOtp(tx);
    return tx;
  }

  function startPending(reference: string, channel: 'bank_transfer' | 'ussd' = 'bank_transfer'): Transaction {
    const tx = find(reference);
    choosePending(tx, channel);
    return tx;
  }

  return {
    baseUrl,
    secretKey,
    publicKey,
    controlToken,
    transactions,
    refunds,
    disputes: disputeDesk.disputes,
    deliveries,
    setFault,
    setWebhooks: (on) => {
      webhooks = on;
    },
    setPendingStatus: (status) => {
      pendingStatus = status;
    },
    setRefundOutcome: (outcome) => {
      refundOutcome = outcome;
    },
    setRefundFault,
    refundNeedsAttention,
    pay(reference) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No simulated transaction ${reference}`);
      settle(tx, 'success', false);
      return tx;
    },
    startPending,
    startOtp,
    submitOtp: (reference, otp) => answerOtp(find(reference), otp),
    confirmPending,
    failPending,
    reverse,
    finishRefund,
    sendDispute: (reference, event, opts) => {
      try {
        return sendDispute(reference, event, opts);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        stopping.abort();
        for (const timer of retryTimers) clearTimeout(timer);
        retryTimers.clear();
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The metadata's custom_fields (display_name and value) as the pages show them; anything malformed is left out. */
function customFields(metadata: unknown): { name: string; value: string }[] {
  const fields = (metadata as { custom_fields?: unknown } | null)?.custom_fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: { display_name?: unknown; value?: unknown } | null) =>
    typeof field?.display_name === 'string' && typeof field.value === 'string'
      ? [{ name: field.display_name, value: field.value }]
      : [],
  );
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

/** Paystack's OpenAPI accepts JSON or form fields for POST bodies such as the refund's. */
async function readFields(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (/application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return JSON.parse(raw || '{}') as Record<string, unknown>;
}
