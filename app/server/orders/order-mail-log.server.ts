/**
 * The mails a customer gets about their order's status, sent once and kept as sent (order_mails; decision 0024): the
 * order page shows them again. One per order and kind, however often the status is set or the payment confirmed.
 */
import { and, eq } from 'drizzle-orm';
import { orderMails } from '~/db/schema';
import type { Database } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import type { Mail } from '../mail.server';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The kinds of mail the customer gets about an order: the confirmation is the paid one. */
/** The status mails, and the one reminder to pay (unpaid-reminder.server.ts). */
export type OrderMailKind = 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'reminder';

/** Whether the order already had its mail of `kind` (read under the caller's lock on the order). */
export async function hadOrderMail(tx: Transaction, orderId: string, kind: OrderMailKind): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderMails.id })
    .from(orderMails)
    .where(and(eq(orderMails.orderId, orderId), eq(orderMails.kind, kind)));
  return Boolean(row);
}

/**
 * Keeps the mail and queues it in the caller's transaction (both commit or neither): null, with nothing queued, when
 * the order already had its mail of this kind. The row is written first, so its unique index decides even between
 * two transactions that both found none.
 */
export async function sendOrderMailOnce(
  tx: Transaction,
  orderId: string,
  kind: OrderMailKind,
  mail: Mail,
): Promise<string | null> {
  const [row] = await tx
    .insert(orderMails)
    .values({ orderId, kind, recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    .onConflictDoNothing()
    .returning({ id: orderMails.id });
  if (!row) return null;
  const jobId = await queueMail(mail, { db: tx, singletonKey: `order-mail:${orderId}:${kind}` });
  await tx.update(orderMails).set({ jobId }).where(eq(orderMails.id, row.id));
  return jobId;
}
