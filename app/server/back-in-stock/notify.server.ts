/**
 * When stock returns (the admin's stock grid, an unpaid order's stock released by the sweep or the admin's cancel),
 * each open and confirmed (./confirm.server.ts, decision 0027) "Email me when it's back" request for a size and colour
 * that can be bought again gets one mail, then is done (decision 0027). The stock change queues a `back-in-stock` job
 * in its own transaction, so the job exists exactly when the change commits; the job waits the setting's minutes (an
 * admin correcting a count does not mail everyone at once) and looks at the stock as it is then. Each request is
 * marked notified in the same transaction that queues its mail: once marked it is never mailed again, and a
 * rolled-back mark queues nothing. The request's mailbox is unique among open ones per size and colour, so a restock
 * mails one inbox once however its address was spelt.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { firstImageSql, storedImageSchema } from '../catalog/image-sql.server';
import { db, type Database } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { runningJobQueue, sendJob, wakeWorkers, type Job } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { mailStore } from '../mail/store.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';
import { alertMail } from './alert-mails.server';

/** `due`: the store's delay has passed (the job queued by the stock change is sent again, delayed, once). */
export type BackInStockJob = { productIds: string[]; due?: boolean };

/** A transaction of the store's database (a stock change's). */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type StockChange = Pick<Transaction, 'execute' | 'transaction'>;

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Requests mailed per transaction: a restock of a popular piece is sent in several short transactions. */
const BATCH = 200;

/**
 * Inside a stock change's transaction: queues the job for these products when any of them has an open request and
 * the mail is on. A savepoint keeps a failure here from undoing the stock change (it is logged).
 */
export async function queueBackInStockCheck(tx: StockChange, productIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (!ids.length) return;
  try {
    await tx.transaction(async (inner) => {
      const waiting = await inner.execute<{ productId: string }>(sql`
        select distinct product_id as "productId" from back_in_stock_requests
        where notified_at is null and confirmed_at is not null and reason = 'restock'
          and product_id in (${idList(ids)})`);
      if (!waiting.length || !(await getSettings()).backInStockEnabled) return;
      const job: BackInStockJob = { productIds: waiting.map((row) => row.productId) };
      await sendJob(QUEUES.backInStock.name, job, { db: inner });
    });
  } catch (error) {
    logger.error({ err: error, productIds: ids }, 'the back-in-stock mails could not be queued; the stock is saved');
  }
}

const readyRow = z.object({
  id: z.number(),
  email: z.string(),
  size: z.string(),
  color: z.string(),
  productId: z.string(),
  name: z.string(),
  price: z.number(),
  image: storedImageSchema.nullable(),
});

/**
 * The `back-in-stock` worker: mails every open request of these products whose size and colour can be bought now
 * (product on sale, variant untracked or with stock). Nothing when the mail is switched off: the requests stay open.
 * Returns how many were mailed.
 */
export async function sendBackInStockMails({ productIds }: BackInStockJob): Promise<number> {
  const settings = await getSettings();
  if (!settings.backInStockEnabled || !productIds.length) return 0;
  const store = await mailStore();
  let sent = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      // SKIP LOCKED: two jobs for the same product (two restocks close together) share the work, never a request.
      const rows = checkedRows(
        readyRow,
        await tx.execute(sql`
          select r.id, r.email, r.size, r.color, p.id as "productId", p.name, p.price,
            ${firstImageSql(sql`p.id`)} as image
          from back_in_stock_requests r
          join products p on p.id = r.product_id
          left join product_variants v on v.product_id = r.product_id and v.size = r.size and v.color = r.color
          where r.notified_at is null and r.confirmed_at is not null and r.reason = 'restock'
            and r.product_id in (${idList(productIds)})
            and p.in_stock and (v.stock is null or v.stock > 0)
            and (r.size = any(p.sizes) or (r.size = '' and cardinality(p.sizes) = 0))
            and (r.color = any(p.colors) or (r.color = '' and cardinality(p.colors) = 0))
          order by r.id
          limit ${BATCH}
          for update of r skip locked`),
      );
      for (const row of rows) {
        await tx.execute(sql`update back_in_stock_requests set notified_at = now() where id = ${row.id}`);
        await queueMail(await alertMail({ ...row, reason: 'restock' }, store), { db: tx });
      }
      return rows.length;
    });
    sent += batch;
    if (batch) wakeWorkers(QUEUES.mail.name);
    if (batch < BATCH) return sent;
  }
}

/**
 * The worker. The store's delay (minutes after the stock returned) is waited by sending the job again with a start
 * time, through the queue's own connection: pg-boss's delayed send does not run through our transaction executor
 * (jobExecutor turns its repeated `$5` into separately typed parameters, and PostgreSQL then refuses the number).
 */
export async function runBackInStockJob(job: Job<BackInStockJob>): Promise<number> {
  const minutes = (await getSettings()).backInStockMinutes;
  const boss = runningJobQueue();
  if (!job.data.due && minutes > 0 && boss) {
    await boss.send(QUEUES.backInStock.name, { ...job.data, due: true }, { startAfter: minutes * 60 });
    return 0;
  }
  return sendBackInStockMails(job.data);
}
