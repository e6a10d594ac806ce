/**
 * The simulator's transactions (docs/paystack-simulator.md): Initialize and Verify as Paystack publishes them, the
 * verify data (also charge.success's), and what the customer and the bank do to a transaction: pay or decline by
 * card, the OTP step, a transfer or USSD payment the bank confirms or fails, a reversal.
 */
import { randomBytes } from 'node:crypto';
import { INVALID_REFERENCE_BODY, PAYSTACK_REFERENCE, paystackFees, TEST_CARDS, TEST_OTP } from './card-rules.server';
import {
  domain,
  find,
  NOT_FOUND_400_BODY,
  NOT_FOUND_MESSAGE,
  now,
  reportedStatus,
  SimulatorError,
  type SimState,
  type Transaction,
} from './state.server';
import { deliver } from './webhooks.server';

type Answer = [number, unknown];

const gatewayResponses: Record<string, string> = {
  success: 'Successful',
  reversed: 'Successful',
  failed: 'Declined',
  pending: 'Transaction is pending',
  otp: 'Authentication Required: otp',
};
const gatewayResponse = (tx: Transaction) => gatewayResponses[tx.status] ?? 'The transaction was not completed';

// Shaped as Paystack's samples for each channel (card: test card 4081; transfer and USSD: doc-code-snippets).
function authorization(tx: Transaction) {
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
}

const reportedAmount = (s: SimState, tx: Transaction) => (s.fault === 'wrong-amount' ? tx.amount - 100 : tx.amount);

/** The verify data object, also the data of charge.success. */
export const reported = (s: SimState, tx: Transaction) => ({
  id: tx.id,
  // The simulator is Paystack's test mode, and says so as Paystack does.
  domain: domain(s),
  reference: tx.reference,
  status: reportedStatus(s, tx),
  amount: reportedAmount(s, tx),
  requested_amount: tx.amount,
  currency: s.fault === 'wrong-currency' ? 'USD' : tx.currency,
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
  fees: tx.status === 'success' || tx.status === 'reversed' ? paystackFees(reportedAmount(s, tx)) : null,
  metadata: tx.metadata ?? '',
  customer: { email: tx.email },
  authorization: authorization(tx),
});

/** Sends (or re-sends) the signed charge.success webhook; resolves with the first attempt's status (0: not sent). */
export function sendWebhook(s: SimState, reference: string): Promise<number> {
  const tx = s.transactions.get(reference);
  if (!tx) return Promise.resolve(0);
  return deliver(s, 'charge.success', reference, reported(s, tx));
}

/** POST /transaction/initialize: checks the amount, email and reference as Paystack does. */
export function initialize(s: SimState, body: Record<string, unknown>): Answer {
  const amount = Number(body.amount);
  const reference = String(body.reference ?? '');
  if (!Number.isInteger(amount) || amount <= 0 || !reference || typeof body.email !== 'string')
    return [400, { status: false, message: 'Invalid amount, email or reference' }];
  // Paystack's reference takes only -, ., = and letters and digits (OpenAPI TransactionInitialize).
  if (!PAYSTACK_REFERENCE.test(reference)) return [400, INVALID_REFERENCE_BODY];
  if (s.transactions.has(reference)) return [400, { status: false, message: 'Duplicate Transaction Reference' }];
  const tx: Transaction = {
    id: s.nextId++,
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
  s.transactions.set(reference, tx);
  s.byCode.set(tx.accessCode, tx);
  const data = { authorization_url: `${s.baseUrl}/checkout/${tx.accessCode}`, access_code: tx.accessCode, reference };
  return [200, { status: true, message: 'Authorization URL created', data }];
}

/** GET /transaction/verify/:reference. */
export function verify(s: SimState, reference: string): Answer {
  const tx = s.transactions.get(reference);
  if (!tx && s.fault === 'not-found-400') return [400, NOT_FOUND_400_BODY];
  if (!tx) return [404, { status: false, message: NOT_FOUND_MESSAGE }];
  return [200, { status: true, message: 'Verification successful', data: reported(s, tx) }];
}

/** Card Pay or Decline (page or pay()). A paid or reversed transaction stays as it is. */
export function settle(s: SimState, tx: Transaction, outcome: 'success' | 'failed', notify: boolean) {
  if (tx.status === 'success' || tx.status === 'reversed') return;
  tx.status = outcome;
  tx.channel ??= 'card';
  if (tx.channel === 'card') tx.card ??= 'plain';
  if (outcome === 'success') {
    tx.paidAt = now();
    if (notify && s.webhooks) void sendWebhook(s, tx.reference);
  }
}

/** Pay with the OTP card: the transaction waits at its OTP step (verify: `ongoing`, channel card). */
export function askOtp(tx: Transaction) {
  if (tx.status === 'success' || tx.status === 'reversed') return;
  tx.status = 'otp';
  tx.channel = 'card';
  tx.card = 'otp';
}

/** The OTP step answered: the right OTP pays, like Pay with the plain card; a wrong one leaves it waiting. */
export function answerOtp(s: SimState, tx: Transaction, otp: string): boolean {
  if (tx.status !== 'otp' || otp.trim() !== TEST_OTP) return false;
  settle(s, tx, 'success', true);
  return true;
}

/** The customer chose transfer or USSD and says they paid: the bank has yet to confirm. */
export function choosePending(tx: Transaction, channel: 'bank_transfer' | 'ussd') {
  if (tx.status === 'success' || tx.status === 'reversed') return;
  tx.status = 'pending';
  tx.channel = channel;
}

export async function confirmPending(s: SimState, reference: string): Promise<Transaction> {
  const tx = find(s, reference);
  if (tx.status !== 'pending') throw new SimulatorError(`Transaction is ${tx.status}, not pending`, 409);
  tx.status = 'success';
  tx.paidAt = now();
  if (s.webhooks) await sendWebhook(s, reference);
  return tx;
}

export function failPending(s: SimState, reference: string): Transaction {
  const tx = find(s, reference);
  if (tx.status !== 'pending') throw new SimulatorError(`Transaction is ${tx.status}, not pending`, 409);
  tx.status = 'failed';
  return tx;
}

export function reverse(s: SimState, reference: string): Transaction {
  const tx = find(s, reference);
  if (tx.status !== 'success') throw new SimulatorError(`Transaction is ${tx.status}, not paid`, 409);
  tx.status = 'reversed';
  return tx;
}

export function startOtp(s: SimState, reference: string): Transaction {
  const tx = find(s, reference);
  if (tx.status !== 'new' && tx.status !== 'otp') {
    throw new SimulatorError(`Transaction is ${tx.status}, not new`, 409);
  }
  askOtp(tx);
  return tx;
}

export function startPending(
  s: SimState,
  reference: string,
  channel: 'bank_transfer' | 'ussd' = 'bank_transfer',
): Transaction {
  const tx = find(s, reference);
  choosePending(tx, channel);
  return tx;
}
