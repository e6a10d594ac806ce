/**
 * "Email me when it drops" (decision 0036): each confirmed 'drop' request gets one mail once its product has opened.
 * The `drop-mails` job does the sending; it is queued by every store process's drop clock at the minute a drop opens
 * (jobs/workers.server.ts), by a confirmation that arrives after the opening, and every minute by pg-boss's schedule
 * (a time set by hand in the database, a process that was down at the minute). The queue is `stately`, so these
 * ask for one run at a time across every process. As for the restock mails (./notify.server.ts), each request is
 * marked notified in the transaction that queues its mail, and taken FOR UPDATE SKIP LOCKED: once, even with two
 * processes at the same minute.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatNaira } from '~/lib/money';
import { escapeHtml, framedMail, htmlParagraph } from '../mail-frame.server';
import { db } from '../db.server';
import { notOpenSql } from '../catalog/drops.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { sendJob, wakeWorkers, type SqlRunner } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import type { Mail } from '../mail.server';
import { publicOrigin } from '../public-url.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';

/** Requests mailed per transaction. */
const BATCH = 200;

/** Asks for a run of the drop mails now (in `runner`'s transaction when given); one waits at most. */
export async function queueDropMails(runner?: SqlRunner): Promise<void> {
  await sendJob(QUEUES.dropMails.name, {}, runner ? { db: runner } : {});
  wakeWorkers(QUEUES.dropMails.name);
}

const readyRow = z.object({
  id: z.number(),
  email: z.string(),
  productId: z.string(),
  name: z.string(),
  price: z.number(),
});
type Ready = z.infer<typeof readyRow>;

/**
 * The `drop-mails` worker: mails every open, confirmed 'drop' request whose product has opened and is on sale.
 * Returns how many were mailed.
 */
export async function sendDropMails(): Promise<number> {
  const settings = await getSettings();
  const store = { storeName: settings.storeName, supportEmail: settings.supportEmail, origin: publicOrigin() };
  let sent = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      const rows = checkedRows(
        readyRow,
        await tx.execute(sql`
          select r.id, r.email, p.id as "productId", p.name, p.price
          from back_in_stock_requests r
          join products p on p.id = r.product_id
          where r.reason = 'drop' and r.notified_at is null and r.confirmed_at is not null
            and p.in_stock and not ${notOpenSql(sql.raw('p'))}
          order by r.id
          limit ${BATCH}
          for update of r skip locked`),
      );
      for (const row of rows) {
        await tx.execute(sql`update back_in_stock_requests set notified_at = now() where id = ${row.id}`);
        await queueMail(dropMail(row, store), { db: tx });
      }
      return rows.length;
    });
    sent += batch;
    if (batch) wakeWorkers(QUEUES.mail.name);
    if (batch < BATCH) return sent;
  }
}

type Store = { storeName: string; supportEmail: string; origin: string };

/** The one mail: the piece is on sale now, its price and its page. The name is the admin's text: escaped. */
export function dropMail(request: Omit<Ready, 'id'>, store: Store): Mail {
  const link = `${store.origin}/product/${encodeURIComponent(request.productId)}`;
  const news = `It has dropped: ${request.name} is on sale now at ${store.storeName}.`;
  const price = `Price: ${formatNaira(request.price)}`;
  const once = 'You asked us to tell you when it dropped; this is the only email we send about it.';
  const subject = `It has dropped: ${request.name}`.replace(/[\r\n]+/g, ' ');
  return framedMail({
    to: request.email,
    subject,
    greeting: 'Hello,',
    text: [
      news,
      price,
      '',
      `See it and order: ${link}`,
      'Drops sell out fast, so we cannot hold one for you.',
      '',
      once,
      `Questions? Reply to this email or write to ${store.supportEmail}.`,
    ],
    html: [
      htmlParagraph(news),
      htmlParagraph(price),
      `<p><a href="${escapeHtml(link)}">See it and order</a> · Drops sell out fast, so we cannot hold one for you.</p>`,
      `<p>${escapeHtml(once)} Questions? Reply to this email or write to ${escapeHtml(store.supportEmail)}.</p>`,
    ],
    signOff: store.storeName,
  });
}
