/**
 * Nigeria's banks from Paystack's List Banks, for the form that sends a refund to the customer's account (decision
 * 0030). Kept in this process's memory for six hours: the list changes a few times a year, and the order page must
 * not call Paystack on every view. A failed fetch keeps the last good list; with none yet, the page says so.
 */
import { logger } from '../../logger.server';
import { paymentSetup } from './config.server';
import { listBanks, type PaystackBank } from './paystack-refunds.server';

export const BANKS_TTL_MS = 6 * 60 * 60 * 1000;

let cached: { banks: PaystackBank[]; at: number; baseUrl: string } | undefined;
let loading: Promise<PaystackBank[] | null> | undefined;

/** The banks, from memory while fresh; null when Paystack cannot be asked and nothing was kept. */
export async function nigerianBanks(now = Date.now()): Promise<PaystackBank[] | null> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return null;
  // Keys or the simulator changed (tests start a new one): the old list belongs to another Paystack.
  const kept = cached?.baseUrl === setup.baseUrl ? cached : undefined;
  if (kept && now - kept.at < BANKS_TTL_MS) return kept.banks;
  // One fetch at a time per process: pages opened together wait for the same answer.
  loading ??= listBanks(setup)
    .then((banks) => {
      cached = { banks, at: Date.now(), baseUrl: setup.baseUrl };
      return banks;
    })
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'Paystack list banks failed; the last list is kept');
      return kept?.banks ?? null;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** One bank of the list by its Paystack id (what the form posts). */
export async function findBank(bankId: string): Promise<PaystackBank | undefined> {
  return (await nigerianBanks())?.find((bank) => bank.id === bankId);
}

/** Tests: forget the list, as a new process would. */
export function forgetBanks(): void {
  cached = undefined;
}
