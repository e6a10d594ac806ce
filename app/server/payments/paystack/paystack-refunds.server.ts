/**
 * Paystack's Refund API beyond POST /refund (paystack.server.ts), and its List Banks, as the PaystackOSS OpenAPI
 * description publishes them (docs/paystack-simulator.md): fetch one refund, list a transaction's refunds, retry a
 * refund that needs the customer's bank account, and the banks that account may be in. Failures are PaystackErrors,
 * as for every other call.
 */
import { z } from 'zod';
import type { PaystackConfig } from './config.server';
import { call, PaystackError } from './paystack.server';

const id = z.union([z.number(), z.string()]).transform(String);

/** A refund as Fetch Refund, List Refunds and Retry Refund describe it (amount in kobo). */
const refundData = z.looseObject({
  id,
  status: z.string(),
  amount: z.coerce.number().int().nonnegative(),
  currency: z.string().nullish(),
  /** The transaction's numeric id (List and Fetch); its reference, when given, in transaction_reference. */
  transaction: z.union([id, z.looseObject({ id: id.nullish(), reference: z.string().nullish() })]).nullish(),
  transaction_reference: z.string().nullish(),
});

export type PaystackRefund = {
  id: string;
  status: string;
  amount: number;
  /** The transaction's numeric id and reference, as far as the answer says them. */
  transactionId: string | null;
  transactionReference: string | null;
};

function toRefund(data: z.output<typeof refundData>): PaystackRefund {
  const tx = data.transaction;
  const nested = typeof tx === 'object' && tx !== null ? tx : null;
  return {
    id: data.id,
    status: data.status,
    amount: data.amount,
    transactionId: (nested ? nested.id : (tx as string | null | undefined)) ?? null,
    transactionReference: data.transaction_reference ?? nested?.reference ?? null,
  };
}

/** GET /refund/{id}. */
export async function fetchRefund(config: PaystackConfig, refundId: string): Promise<PaystackRefund> {
  const data = await call(config, 'GET', `/refund/${encodeURIComponent(refundId)}`);
  const parsed = refundData.safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack fetch refund answered in an unexpected shape', 'bad-response');
  return toRefund(parsed.data);
}

/**
 * GET /refund?transaction=…: the refunds of one transaction (its numeric id; Paystack's docs name the filter, the
 * OpenAPI lists only paging and dates, so the caller keeps only the refunds that name the transaction). `complete`
 * says the answer holds every refund that matched, so a refund missing from it does not exist.
 */
export async function listRefunds(
  config: PaystackConfig,
  transaction: string,
): Promise<{ refunds: PaystackRefund[]; complete: boolean }> {
  const query = new URLSearchParams({ transaction, perPage: '100' });
  // A full page may have more behind it: then an absent refund proves nothing.
  const data = await call(config, 'GET', `/refund?${query}`);
  const parsed = z.array(refundData).safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack list refunds answered in an unexpected shape', 'bad-response');
  // Fewer than Paystack's default page (50), in case it caps perPage lower than asked: surely the whole list.
  return { refunds: parsed.data.map(toRefund), complete: parsed.data.length < 50 };
}

/**
 * POST /refund/retry_with_customer_details/{id}: a refund in needs-attention is sent to this bank account
 * (refund_account_details: currency, account_number, bank_id from List Banks). Paystack answers with the refund
 * processing again.
 */
export async function retryRefundWithCustomerDetails(
  config: PaystackConfig,
  refundId: string,
  account: { accountNumber: string; bankId: string },
): Promise<PaystackRefund> {
  const data = await call(config, 'POST', `/refund/retry_with_customer_details/${encodeURIComponent(refundId)}`, {
    refund_account_details: { currency: 'NGN', account_number: account.accountNumber, bank_id: account.bankId },
  });
  const parsed = refundData.safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack retry refund answered in an unexpected shape', 'bad-response');
  return toRefund(parsed.data);
}

/** One bank of List Banks: the id Retry Refund takes, the name shown, the code the NUBAN check digit uses. */
export type PaystackBank = { id: string; name: string; code: string };

const bankData = z.looseObject({
  id,
  name: z.string().min(1),
  code: z.string(),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
});

/** GET /bank?country=nigeria: Nigeria's banks (one page of up to 500), active ones only, by name. */
export async function listBanks(config: PaystackConfig): Promise<PaystackBank[]> {
  const data = await call(config, 'GET', '/bank?country=nigeria&perPage=500');
  const parsed = z.array(bankData).safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack list banks answered in an unexpected shape', 'bad-response');
  return parsed.data
    .filter((bank) => bank.active !== false && bank.is_deleted !== true)
    .map((bank) => ({ id: bank.id, name: bank.name, code: bank.code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
