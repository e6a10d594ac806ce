/**
 * "Email me when it's back" requests (decision 0027): a shopper asks for a sold-out size and colour, the
 * admin sees how many wait per variant. The one mail each confirmed request gets is sent by ./notify.server.ts when
 * the stock returns; an anonymous request is first confirmed from its address (./confirm.server.ts).
 *
 * Against a mail flood: requests are keyed by mailbox (app/lib/mailbox.ts: case and plus-tags folded), so one inbox
 * waits at most once per size and colour; each ask claims an hourly attempt per client and per mailbox
 * (form-attempts.server.ts); and the page answers the same words whether the address is new or known.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { backInStockRequests } from '~/db/schema';
import { stockCellKey } from '~/lib/catalog/admin-catalog-product';
import {
  BACK_IN_STOCK_MAX_OPEN,
  BACK_IN_STOCK_MESSAGES,
  type AlertReason,
  type BackInStockInput,
} from '~/lib/back-in-stock/back-in-stock';
import { upcomingDrop } from '~/lib/catalog/drops';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { PRODUCT_MAX_SWATCHES } from '~/lib/catalog/catalog-constants';
import { normaliseMailbox } from '~/lib/mailbox';
import { getProduct } from '../catalog/product.server';
import { db } from '../db.server';
import { claimFormAttempt } from '../http/form-attempts.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { dropExpiredRequests, newConfirmToken, queueConfirmationMail } from './confirm.server';

export type BackInStockAsker = {
  /** The address to mail: the one typed, or the signed-in customer's. */
  email: string;
  userId: string | null;
  /** The signed-in customer's own address when the store has seen them prove it (emailVerified), else null. */
  verifiedEmail: string | null;
  /** The client as the hourly caps count it (form-attempts.server.ts clientKeyOf). */
  clientKey: string;
};

/** What is asked for: a size and colour back in stock, or (reason 'drop') the product's opening (decision 0036). */
type Variant = Omit<BackInStockInput, 'email' | 'reason'> & { reason?: AlertReason };

/** The advisory lock class of one mailbox's requests (form-attempts.server.ts uses two others). */
const MAILBOX_REQUESTS_LOCK = 270_003;

/**
 * Records the request when the chosen size and colour is sold out (tracked stock 0 of a product on sale). Answers
 * the words the product page shows: the refusals are the cart's own for an unknown product, size or colour. A
 * signed-in customer's own verified address is confirmed at once (`added`); any other gets a "confirm you want this
 * alert" mail and `confirmByMail`, also when it already waits or is at its cap, so the answer says nothing about it.
 */
export async function askBackInStock(asked: Variant, asker: BackInStockAsker): Promise<string> {
  const variant = { ...asked, reason: asked.reason ?? 'restock' };
  const { productId, size, color, reason } = variant;
  const product = await getProduct(productId);
  if (!product) return CART_MESSAGES.unknownProduct;
  if (reason === 'drop') {
    // The product as a whole, while its opening is still to come (decision 0036).
    if (size !== '' || color !== '') return CART_MESSAGES.unknownProduct;
    if (!upcomingDrop(product.dropsAt)) return BACK_IN_STOCK_MESSAGES.dropOpen;
  } else {
    if (product.sizes.length ? !product.sizes.includes(size) : size !== '') return CART_MESSAGES.badSize;
    const colors = product.colors.slice(0, PRODUCT_MAX_SWATCHES);
    if (colors.length ? !colors.includes(color) : color !== '') return CART_MESSAGES.badColor;
    if (!product.inStock) return CART_MESSAGES.outOfStock;
    const stock = product.variants.find((v) => v.size === size && v.color === color)?.stock ?? null;
    if (stock === null || stock > 0) return BACK_IN_STOCK_MESSAGES.inStock;
  }

  const email = asker.email.trim().toLowerCase();
  const mailbox = normaliseMailbox(email);
  const own = asker.verifiedEmail !== null && normaliseMailbox(asker.verifiedEmail) === mailbox;
  if (!(await claimFormAttempt({ form: 'back-in-stock', clientKey: asker.clientKey, mailbox }))) {
    return BACK_IN_STOCK_MESSAGES.tooOften;
  }
  const words =
    reason === 'drop'
      ? { added: BACK_IN_STOCK_MESSAGES.dropAdded, confirmByMail: BACK_IN_STOCK_MESSAGES.dropConfirmByMail }
      : BACK_IN_STOCK_MESSAGES;
  const answer = own ? words.added : words.confirmByMail;
  await dropExpiredRequests();

  const mailed = await db().transaction(async (tx) => {
    // One mailbox's asks one after another: the open count and the insert below agree.
    await tx.execute(sql`select pg_advisory_xact_lock(${MAILBOX_REQUESTS_LOCK}, hashtext(${mailbox}))`);
    const same = sql`product_id = ${productId} and reason = ${reason} and size = ${size} and color = ${color}`;
    const [open] = await tx.execute<{ open: number; sameId: number | null; sameConfirmed: boolean | null }>(sql`
      select count(*)::int as open,
        max(id) filter (where ${same}) as "sameId",
        bool_or(confirmed_at is not null) filter (where ${same}) as "sameConfirmed"
      from back_in_stock_requests where notified_at is null and mailbox = ${mailbox}`);
    if (open.sameId !== null) {
      if (open.sameConfirmed) return false;
      if (own) {
        await tx
          .update(backInStockRequests)
          .set({ confirmedAt: new Date() })
          .where(eq(backInStockRequests.id, open.sameId));
        return false;
      }
      // Asked again before confirming: a fresh link (the old one stops working) and a fresh 48 hours.
      const token = newConfirmToken();
      const [row] = await tx
        .update(backInStockRequests)
        .set({ confirmTokenHash: token.hash, createdAt: new Date() })
        .where(eq(backInStockRequests.id, open.sameId))
        .returning({ email: backInStockRequests.email });
      await queueConfirmationMail(tx, { ...variant, email: row.email, productName: product.name, token: token.value });
      return true;
    }
    if (open.open >= BACK_IN_STOCK_MAX_OPEN) return 'full' as const;
    const token = own ? null : newConfirmToken();
    await tx.insert(backInStockRequests).values({
      ...variant,
      email,
      mailbox,
      userId: asker.userId,
      confirmedAt: own ? new Date() : null,
      confirmTokenHash: token?.hash ?? null,
    });
    if (!token) return false;
    await queueConfirmationMail(tx, { ...variant, email, productName: product.name, token: token.value });
    return true;
  });
  if (mailed === true) wakeWorkers(QUEUES.mail.name);
  // At the cap: only the owner of the account hears it; a stranger gets the same words as anyone.
  return mailed === 'full' && own ? BACK_IN_STOCK_MESSAGES.tooMany : answer;
}

/** How many confirmed requests wait per cell of the product's stock grid (keyed as the grid's cells: stockCellKey). */
export async function waitingPerVariant(productId: string): Promise<Record<string, number>> {
  const rows = await db()
    .select({ size: backInStockRequests.size, color: backInStockRequests.color, n: sql<number>`count(*)::int` })
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.productId, productId),
        isNull(backInStockRequests.notifiedAt),
        isNotNull(backInStockRequests.confirmedAt),
        eq(backInStockRequests.reason, 'restock'),
      ),
    )
    .groupBy(backInStockRequests.size, backInStockRequests.color);
  return Object.fromEntries(rows.map((row) => [stockCellKey(row.size, row.color), row.n]));
}
