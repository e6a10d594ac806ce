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
import { firstImageSql, storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { notOpenSql } from '../catalog/drops.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { sendJob, wakeWorkers, type SqlRunner } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { mailStore } from '../mail/store.server';
import { checkedRows } from '../sql-rows.server';
import { alertMail } from './alert-mails.server';

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
  image: storedImageSchema.nullable(),
});

/**
 * The `drop-mails` worker: mails every open, confirmed 'drop' request whose product has opened and is on sale.
 * Returns how many were mailed.
 */
export async function sendDropMails(): Promise<number> {
  const store = await mailStore();
  let sent = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      const rows = checkedRows(
        readyRow,
        await tx.execute(sql`
          select r.id, r.email, p.id as "productId", p.name, p.price, ${firstImageSql(sql`p.id`)} as image
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
        await queueMail(await alertMail({ ...row, size: '', color: '', reason: 'drop' }, store), { db: tx });
      }
      return rows.length;
    });
    sent += batch;
    if (batch) wakeWorkers(QUEUES.mail.name);
    if (batch < BATCH) return sent;
  }
}
