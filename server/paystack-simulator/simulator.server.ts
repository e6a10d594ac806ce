/**
 * A small Paystack look-alike for development and tests (docs/architecture.md#2-stack): initialize, verify, a
 * hosted page and a pop-up with card, bank transfer and USSD, signed webhooks (charge.success, refund.*,
 * charge.dispute.*) retried the way Paystack retries them, the Refund API and an inline-script look-alike. It
 * can be told to fail, hang, answer garbage or report a wrong amount or currency, so the store's handling of
 * each is tested. Never used when Paystack keys are set. What was checked against Paystack's published API,
 * and where this deliberately differs: docs/paystack-simulator.md.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { browser } from './browser.server';
import { control, isControlPath } from './control-api.server';
import { createDisputeDesk, type DisputeDesk, type SimulatedDispute } from './disputes.server';
import { json } from './http-io.server';
import { isApiPath, paystackApi } from './paystack-api.server';
import { finishRefund, refundNeedsAttention } from './refund-lifecycle.server';
import {
  createState,
  domain,
  find,
  now,
  reportedStatus,
  setFault,
  setRefundFault,
  SimulatorError,
  stopAll,
  type Delivery,
  type DisputeEvent,
  type DisputeOptions,
  type PendingStatus,
  type Refund,
  type RefundFault,
  type RefundOutcome,
  type SimState,
  type SimulatorFault,
  type SimulatorOptions,
  type Transaction,
} from './state.server';
import {
  answerOtp,
  confirmPending,
  failPending,
  reverse,
  sendWebhook,
  settle,
  startOtp,
  startPending,
} from './transactions.server';
import { deliver } from './webhooks.server';

// The simulator's modules, one concern each (decision 0032): state.server.ts (what it holds and its settings),
// transactions.server.ts, refund-lifecycle.server.ts, refunds.server.ts and disputes.server.ts (the Paystack API's
// behaviour), paystack-api.server.ts (its routes), control-api.server.ts, webhooks.server.ts, browser.server.ts and
// pages.server.ts (what the customer sees). This file starts one and hands back the handle tests drive it with.
export type {
  Channel,
  Delivery,
  DisputeEvent,
  DisputeOptions,
  PendingStatus,
  Refund,
  RefundFault,
  RefundOutcome,
  SimulatorFault,
  SimulatorOptions,
  Transaction,
} from './state.server';

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

export async function startPaystackSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const s = createState(options, {
    secretKey: options.secretKey ?? `sk_test_sim_${randomBytes(12).toString('hex')}`,
    controlToken: randomBytes(32).toString('base64url'),
  });
  const desk = disputeDesk(s);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const handle = async () => {
      if (isControlPath(url.pathname)) return control(s, desk, req, res, url);
      if (isApiPath(url.pathname)) return paystackApi(s, desk, req, res, url);
      if (desk.isUpload(url.pathname)) {
        const [status, body] = await desk.upload(req, url);
        return void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      }
      return browser(s, req, res, url);
    };
    handle().catch(() => {
      if (!res.headersSent) json(res, 400, { status: false, message: 'Bad request' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  s.baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return simulatorHandle(s, desk, server);
}

// The Disputes API and the dispute webhooks live in disputes.server.ts.
const disputeDesk = (s: SimState) =>
  createDisputeDesk({
    transactions: s.transactions,
    secretKey: s.secretKey,
    baseUrl: () => s.baseUrl,
    now,
    domain: () => domain(s),
    reportedStatus: (tx) => reportedStatus(s, tx),
    webhooksOn: () => s.webhooks,
    deliver: (event, reference, data) => deliver(s, event, reference, data),
    fail: (message, httpStatus) => new SimulatorError(message, httpStatus),
  });

/** What a test holds: the simulator's address, keys and state, and what a customer, the bank or Paystack does. */
function simulatorHandle(s: SimState, desk: DisputeDesk, server: http.Server): Simulator {
  return {
    baseUrl: s.baseUrl,
    secretKey: s.secretKey,
    publicKey: 'pk_test_simulator',
    controlToken: s.controlToken,
    transactions: s.transactions,
    refunds: s.refunds,
    disputes: desk.disputes,
    deliveries: s.deliveries,
    setFault: (fault) => setFault(s, fault),
    setWebhooks: (on) => {
      s.webhooks = on;
    },
    setPendingStatus: (status) => {
      s.pendingStatus = status;
    },
    setRefundOutcome: (outcome) => {
      s.refundOutcome = outcome;
    },
    setRefundFault: (fault) => setRefundFault(s, fault),
    refundNeedsAttention: (id) => refundNeedsAttention(s, id),
    pay(reference) {
      const tx = s.transactions.get(reference);
      if (!tx) throw new Error(`No simulated transaction ${reference}`);
      settle(s, tx, 'success', false);
      return tx;
    },
    startPending: (reference, channel) => startPending(s, reference, channel),
    startOtp: (reference) => startOtp(s, reference),
    submitOtp: (reference, otp) => answerOtp(s, find(s, reference), otp),
    confirmPending: (reference) => confirmPending(s, reference),
    failPending: (reference) => failPending(s, reference),
    reverse: (reference) => reverse(s, reference),
    finishRefund: (id, outcome) => finishRefund(s, id, outcome),
    // charge.dispute.*: disputes.server.ts shapes them as Paystack's samples and decides a resolve (won or lost).
    sendDispute: (reference, event, opts) => {
      try {
        return desk.send(reference, event, opts);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    sendWebhook: (reference) => sendWebhook(s, reference),
    close: () =>
      new Promise<void>((resolve) => {
        stopAll(s);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
