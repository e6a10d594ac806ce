/**
 * The abandoned-cart mail (docs/requirements.md#9-order-and-payment-statuses): a signed-in customer whose account cart
 * has lines and has been left alone for the store's `abandonedCartHours` gets one mail with those lines at today's
 * prices and a link back to the cart. At most one per cart change: carts.abandoned_mail_at is set with the mail, and
 * every change of the cart moves carts.updated_at past it (cart-row.server.ts touchCartSql). Not to anyone who
 * unsubscribed (mail_opt_outs), and not when the customer placed an order after the cart's last change that is not
 * failed or abandoned: checkout always takes the whole cart, so such an order was placed from exactly these lines
 * (comparing the lines themselves would decide the same). It is the store's one marketing mail, so it carries the
 * one-click unsubscribe (the mail itself: ./abandoned-cart-mail.server.tsx).
 *
 * A job runs it every few minutes (jobs/workers.server.ts), one run at a time across processes; each cart is mailed in
 * its own transaction that locks its row (SKIP LOCKED: a cart being changed, or taken by another run, waits for the
 * next run), checks it is still due, queues the mail and marks the cart, so two runs never mail one cart twice.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { lineCap } from '~/lib/cart/cart-rules';
import { firstImageSql, storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { mailStore } from '../mail/store.server';
import type { MailStore } from '../mail/frame.server';
import { checkedRows } from '../sql-rows.server';
import { abandonedCartMail, type AbandonedLine } from './abandoned-cart-mail.server';
import { optionProblem } from './cart-store.server';

/** What the store does without a settings row: on, after a day (the columns' defaults). */
const DEFAULT_ENABLED = true;
const DEFAULT_HOURS = 24;

/** Carts looked at per run: the next run (minutes later) takes the rest. */
const BATCH = 100;

/**
 * Is cart `c` (joined with its owner `u`) due its mail at `now`? The setting is read in the statement itself, so a
 * change made in another process counts at once.
 */
const dueSql = (now: Date): SQL => sql`
  c.user_id is not null
  and coalesce((select abandoned_cart_enabled from store_settings where id = 1), ${DEFAULT_ENABLED})
  and c.updated_at <= ${now.toISOString()}::timestamptz
    - make_interval(hours => coalesce((select abandoned_cart_hours from store_settings where id = 1), ${DEFAULT_HOURS}))
  and (c.abandoned_mail_at is null or c.abandoned_mail_at < c.updated_at)
  and exists (select 1 from cart_lines l where l.cart_id = c.id)
  and not exists (select 1 from mail_opt_outs m where m.email = lower(u.email))
  -- Marketing goes only to an address its owner confirmed: anyone can register someone else's.
  and u.email_verified
  and not exists (select 1 from orders o where o.user_id = c.user_id and o.created_at >= c.updated_at
    and o.payment_status not in ('failed', 'abandoned'))`;

const dueCartRow = z.object({ id: z.string(), email: z.string(), firstName: z.string() });

/** A line as the mail shows it: today's product name and price, and whether it can still be bought. */
const lineRow = z.object({
  name: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  price: z.number(),
  inStock: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  stock: z.number().nullable(),
  image: storedImageSchema.nullable(),
});

type Runner = Pick<ReturnType<typeof db>, 'execute'>;

async function readLines(tx: Runner, cartId: string): Promise<AbandonedLine[]> {
  const rows = await tx.execute(sql`
    select p.name, l.size, l.color, l.quantity, p.price, p.in_stock as "inStock", p.sizes, p.colors,
      v.stock, ${firstImageSql(sql`p.id`)} as image
    from cart_lines l
    join products p on p.id = l.product_id
    left join product_variants v on v.product_id = l.product_id and v.size = l.size and v.color = l.color
    where l.cart_id = ${cartId}
    order by l.created_at, l.product_id, l.size, l.color`);
  return checkedRows(lineRow, rows).map((row) => {
    const buyable = row.inStock && optionProblem(row, row.size, row.color) === null;
    const { name, size, color, quantity, price, image } = row;
    return { name, size, color, quantity, price, image, available: buyable ? lineCap(row.stock) : 0 };
  });
}

/**
 * One cart, in its own transaction: locked (skipped when someone else holds it), checked due once more, mailed and
 * marked. A cart whose every line is sold out is marked without a mail (nothing to come back for), so it does not
 * come up again until it changes. True when a mail was queued.
 */
async function mailCart(cartId: string, now: Date, store: MailStore): Promise<boolean> {
  return db().transaction(async (tx) => {
    const rows = await tx.execute(sql`
      select c.id, u.email, u.first_name as "firstName"
      from carts c join users u on u.id = c.user_id
      where c.id = ${cartId} and ${dueSql(now)}
      for update of c skip locked`);
    const [cart] = checkedRows(dueCartRow, rows);
    if (!cart) return false;
    const lines = await readLines(tx, cart.id);
    const worth = lines.some((line) => line.available > 0);
    if (worth) await queueMail(await abandonedCartMail(cart, lines, store), { db: tx });
    await tx.execute(sql`update carts set abandoned_mail_at = ${now.toISOString()}::timestamptz where id = ${cart.id}`);
    return worth;
  });
}

/**
 * Mails every cart due at `now` (the job passes the real time; tests pass another to move the clock), up to a
 * batch. Returns how many mails were queued.
 */
export async function sendAbandonedCartMails({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const due = await db().execute(sql`
    select c.id from carts c join users u on u.id = c.user_id
    where ${dueSql(now)}
    order by c.updated_at
    limit ${BATCH}`);
  if (due.length === 0) return 0;
  const store = await mailStore();
  let sent = 0;
  for (const { id } of checkedRows(z.object({ id: z.string() }), due)) {
    try {
      if (await mailCart(id, now, store)) sent += 1;
    } catch (error) {
      // One cart's trouble (a product row that no longer reads) must not stop the others; it is tried next run.
      logger.error({ err: error, cartId: id }, 'abandoned-cart mail failed for one cart; it is tried again next run');
    }
  }
  if (sent > 0) {
    logger.info({ sent }, 'abandoned-cart mails queued');
    wakeWorkers(QUEUES.mail.name);
  }
  return sent;
}
