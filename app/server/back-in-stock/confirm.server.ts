/**
 * Confirming an anonymous "Email me when it's back" request (decision 0027): the ask mails a "confirm you want this
 * alert" link to the address, and only a request confirmed from it is ever mailed when the stock returns. The link
 * carries a random token of which only the SHA-256 hash is kept. Opening the link (GET) only shows the page: mail
 * scanners follow links, and must confirm nothing; its button POSTs and confirms. Unconfirmed requests are dropped
 * after BACK_IN_STOCK_CONFIRM_HOURS.
 *
 * The mail (./alert-mails.server.tsx) says only the store's own words and the catalog's: the product's name, size and
 * colour. Nothing the requester typed is in it but the address it goes to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALERT_REASONS, BACK_IN_STOCK_CONFIRM_HOURS, type AlertReason } from '~/lib/back-in-stock/back-in-stock-words';
import { db, type Database } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { mailStore } from '../mail/store.server';
import { checkedRows } from '../sql-rows.server';
import { notOpenSql } from '../catalog/drops.server';
import { queueDropMails } from './drop-mails.server';
import { alertConfirmationMail, describeAlert } from './alert-mails.server';
import { queueBackInStockCheck } from './notify.server';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** base64url of 32 random bytes: 43 characters. Anything longer is not one of ours. */
export const CONFIRM_TOKEN_MAX = 64;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newConfirmToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashToken(value) };
}

/** An unconfirmed request's hours are over (`created` is its created_at column, qualified where a join needs it). */
const expired = (created = sql.raw('created_at')) =>
  sql`${created} < now() - make_interval(hours => ${BACK_IN_STOCK_CONFIRM_HOURS})`;

/** Unconfirmed requests past their hours: gone, so they neither wait nor hold the mailbox's place. */
export async function dropExpiredRequests(): Promise<void> {
  await db().execute(sql`delete from back_in_stock_requests where confirmed_at is null and ${expired()}`);
}

/** `reason` 'drop': the product's opening (decision 0036); left out, a size and colour back in stock. */
type Alert = { productId: string; size: string; color: string; productName: string; reason?: AlertReason };

/** Queues the confirmation mail in the ask's transaction: the mail exists exactly when the request does. */
export async function queueConfirmationMail(tx: Transaction, alert: Alert & { email: string; token: string }) {
  const store = await mailStore();
  const link = `${store.origin}/back-in-stock/confirm?token=${encodeURIComponent(alert.token)}`;
  await queueMail(await alertConfirmationMail({ ...alert, link }, store, BACK_IN_STOCK_CONFIRM_HOURS), { db: tx });
}

/** What is asked, for the confirmation page: the catalog's words (./alert-mails.server.tsx writes them). */
export { describeAlert };

const alertRow = z.object({
  id: z.number(),
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  productName: z.string(),
  reason: z.enum(ALERT_REASONS),
  confirmed: z.boolean(),
});

/** The request a link names, still open and within its hours (or confirmed already), for the page to show. */
export async function alertOfToken(token: string): Promise<(Alert & { confirmed: boolean }) | null> {
  if (!token || token.length > CONFIRM_TOKEN_MAX) return null;
  const [row] = checkedRows(
    alertRow,
    await db().execute(sql`
      select r.id, r.product_id as "productId", r.size, r.color, p.name as "productName", r.reason,
        r.confirmed_at is not null as confirmed
      from back_in_stock_requests r join products p on p.id = r.product_id
      where r.confirm_token_hash = ${hashToken(token)} and r.notified_at is null
        and (r.confirmed_at is not null or not (${expired(sql.raw('r.created_at'))}))`),
  );
  return row ?? null;
}

/**
 * The page's button: confirms the request the token names (again is fine). When its size and colour can be bought
 * already (the piece came back while the mail waited to be opened), the back-in-stock check of its product is
 * queued in the same transaction, as a stock change does.
 */
export async function confirmAlert(token: string): Promise<boolean> {
  if (!token || token.length > CONFIRM_TOKEN_MAX) return false;
  return db().transaction(async (tx) => {
    const rows = await tx.execute<{ productId: string; reason: AlertReason; buyable: boolean; opened: boolean }>(sql`
      update back_in_stock_requests r set confirmed_at = coalesce(r.confirmed_at, now())
      where r.confirm_token_hash = ${hashToken(token)} and r.notified_at is null
        and (r.confirmed_at is not null or not (${expired(sql.raw('r.created_at'))}))
      returning r.product_id as "productId", r.reason, exists(
        select 1 from products p
        left join product_variants v on v.product_id = p.id and v.size = r.size and v.color = r.color
        where p.id = r.product_id and p.in_stock and (v.stock is null or v.stock > 0)) as buyable,
        (select not ${notOpenSql(sql.raw('p'))} from products p where p.id = r.product_id) as opened`);
    if (!rows.length) return false;
    const [{ productId, reason, buyable, opened }] = rows;
    // A drop that opened while the mail waited to be opened: its mails are sent now (decision 0036).
    if (reason === 'drop') {
      if (opened) await queueDropMails(tx);
    } else if (buyable) await queueBackInStockCheck(tx, [productId]);
    return true;
  });
}
