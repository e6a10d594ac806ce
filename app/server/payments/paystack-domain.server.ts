/**
 * Every Paystack transaction says which mode it belongs to (`domain`: 'live' or 'test'). A store on live keys
 * that is told about a test transaction (a PAYSTACK_BASE_URL pointing somewhere else, a simulator, a forged
 * answer) must not ship goods for a test card, and a store on test keys must not take a live answer as its own
 * (decision 0008). Such an answer is not trusted either way, not even to release the stock: the order is flagged
 * for a person, as a charge of the wrong amount is, and the sweep leaves it alone.
 */
import type { Database } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import type { Verification } from './paystack/paystack.server';
import type { ConfirmedBy } from './confirm-payment.server';
import { flagForReview } from './payment-events.server';

/** The domain this store's keys belong to; null when payments are not set up (then nothing matches). */
export function expectedDomain(): 'live' | 'test' | null {
  const setup = paymentSetup();
  return setup.mode === 'unavailable' ? null : setup.keyMode;
}

/** Flags the (locked) order and says why, in the order's history, its admin page and the log. */
export async function flagWrongDomain(
  tx: Pick<Database, 'insert' | 'execute'>,
  order: { id: string; reference: string },
  verification: Verification,
  expected: 'live' | 'test' | null,
  confirmedBy: ConfirmedBy,
) {
  const reported = verification.domain ?? 'no domain';
  const reason =
    `Paystack reported this payment from its ${reported} mode while the store's keys are ${expected ?? 'not set'}: ` +
    'not marked paid. Check PAYSTACK_BASE_URL and the keys, then look up reference ' +
    `${order.reference} in the Paystack dashboard and refund or settle it.`;
  await flagForReview(tx, order.id, reason, 'wrong-domain', {
    confirmedBy,
    reportedDomain: verification.domain,
    expectedDomain: expected,
    reportedStatus: verification.status,
  });
  logger.error(
    {
      orderId: order.id,
      reference: order.reference,
      confirmedBy,
      reportedDomain: verification.domain,
      expectedDomain: expected,
      reportedStatus: verification.status,
    },
    "Paystack answer refused: its domain does not match the keys' mode; the order is flagged, never marked paid",
  );
}
