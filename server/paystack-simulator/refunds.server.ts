/**
 * The simulator's Refund API beyond POST /refund and GET /refund/{id} (simulator.server.ts), and List Banks, shaped as
 * the PaystackOSS OpenAPI description publishes them (docs/paystack-simulator.md): GET /refund (List Refunds, with the
 * `transaction` filter of Paystack's docs), POST /refund/retry_with_customer_details/{id} (Retry Refund, only for a
 * refund in needs-attention) and GET /bank. The main file hands in its state and its webhook sender.
 */
import type { Refund, Transaction } from './state.server';

/** A few Nigerian banks as List Banks gives them: their real codes; ids of our own (Retry Refund's sample uses 9). */
export const SIMULATOR_BANKS = [
  { id: 1, name: 'Access Bank', slug: 'access-bank', code: '044' },
  { id: 9, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058' },
  { id: 7, name: 'First Bank of Nigeria', slug: 'first-bank-of-nigeria', code: '011' },
  { id: 21, name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
  { id: 171, name: 'OPay Digital Services Limited (OPay)', slug: 'paycom', code: '999992' },
] as const;

export type RefundApiState = {
  refunds: Map<number, Refund>;
  transactions: Map<string, Transaction>;
  now: () => string;
  /** The data of GET /refund/{id} (RefundFetchResponse), also each item of the list. */
  fetched: (refund: Refund) => Record<string, unknown>;
  /** Sends refund.<event> for the refund, when webhooks are on. */
  notify: (refund: Refund, event: string) => Promise<unknown>;
};

type Answer = [number, unknown];

const refuse = (status: number, message: string): Answer => [status, { status: false, message }];

/** GET /refund: newest first, paged (perPage, page), kept to one transaction by its id or reference when asked. */
export function listRefunds(state: RefundApiState, url: URL): Answer {
  const transaction = url.searchParams.get('transaction');
  const perPage = Math.min(Math.max(Number(url.searchParams.get('perPage')) || 50, 1), 100);
  const page = Math.max(Number(url.searchParams.get('page')) || 1, 1);
  const all = [...state.refunds.values()]
    .filter((r) => !transaction || String(r.transactionId) === transaction || r.transactionReference === transaction)
    .sort((a, b) => b.id - a.id);
  const shown = all.slice((page - 1) * perPage, page * perPage);
  return [
    200,
    {
      status: true,
      message: 'Refunds retrieved',
      data: shown.map(state.fetched),
      meta: {
        total: all.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        failedRefundCount: all.filter((r) => r.status === 'failed').length,
      },
    },
  ];
}

/**
 * POST /refund/retry_with_customer_details/{id}: refund_account_details (currency, account_number, bank_id) for a
 * refund in needs-attention. Answers it 'processing' (Paystack's sample) and sends refund.processing; how it ends is
 * then up to `end` (the simulator's refund outcome).
 */
export function retryRefund(
  state: RefundApiState,
  id: number,
  body: Record<string, unknown>,
  end: (refund: Refund) => void,
): Answer {
  const refund = state.refunds.get(id);
  if (!refund) return refuse(404, 'Refund not found');
  if (refund.status !== 'needs-attention') return refuse(400, 'Refund is not awaiting customer account details');
  const raw = body.refund_account_details;
  const details = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const accountNumber = typeof details.account_number === 'string' ? details.account_number : '';
  const bankId = details.bank_id === undefined || details.bank_id === null ? '' : String(details.bank_id);
  if (details.currency !== refund.currency) return refuse(400, 'Currency does not match the refund currency');
  if (!/^\d{10}$/.test(accountNumber)) return refuse(400, 'Account number is invalid');
  if (!SIMULATOR_BANKS.some((bank) => String(bank.id) === bankId)) return refuse(400, 'Bank is invalid');
  refund.status = 'processing';
  refund.updatedAt = state.now();
  refund.retriedWith = { accountNumber, bankId };
  setImmediate(() => {
    void state.notify(refund, 'processing').then(() => end(refund));
  });
  return [
    200,
    {
      status: true,
      message: 'Refund retried and has been queued for processing',
      data: { ...state.fetched(refund), channel: 'bank_transfer', reason: 'PROCESSING', initiated_by: 'merchant' },
    },
  ];
}

/** The refund cannot go back the way the customer paid: needs-attention, and its webhook. */
export async function needsAttention(state: RefundApiState, refund: Refund): Promise<Refund> {
  refund.status = 'needs-attention';
  refund.updatedAt = state.now();
  await state.notify(refund, 'needs-attention');
  return refund;
}

/** GET /bank: the banks of List Banks, for country=nigeria (or currency=NGN, or no filter). */
export function listBanks(url: URL, createdAt: string): Answer {
  const country = url.searchParams.get('country');
  const currency = url.searchParams.get('currency');
  const nigeria = (!country || country === 'nigeria') && (!currency || currency === 'NGN');
  const data = nigeria
    ? SIMULATOR_BANKS.map((bank) => ({
        name: bank.name,
        slug: bank.slug,
        code: bank.code,
        longcode: bank.code.length === 3 ? `${bank.code}150000` : '',
        gateway: null,
        pay_with_bank: false,
        supports_transfer: true,
        available_for_direct_debit: false,
        active: true,
        is_deleted: false,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        id: bank.id,
        createdAt,
        updatedAt: createdAt,
      }))
    : [];
  return [200, { status: true, message: 'Banks retrieved', data }];
}
