/**
 * The promo codes and their uses as the database holds them (decision 0023): this folder owns promo_codes
 * and promo_redemptions. Whether a code applies is decided by app/lib/promo/promo.ts from what is read here; the
 * checkout reads inside the order's transaction with the code's row locked, so two shoppers racing for a code's last use take
 * turns and only the first gets it.
 */
import { and, eq, inArray, ne, sql, type Column, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { promoCodes, promoRedemptions } from '~/db/schema';
import {
  evaluatePromo,
  promoClosed,
  promoCodeKey,
  PROMO_MESSAGES,
  type PromoLine,
  type PromoOutcome,
  type PromoRules,
} from '~/lib/promo/promo';
import type { Database } from '../db.server';
import { columnRef } from '../sql-rows.server';

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** A code's rules as app/lib/promo/promo.ts takes them (PromoRules): the admin's form reads the same. */
export const promoRulesColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  kind: promoCodes.kind,
  percentOff: promoCodes.percentOff,
  amountOff: promoCodes.amountOff,
  minSubtotal: promoCodes.minSubtotal,
  startsAt: promoCodes.startsAt,
  endsAt: promoCodes.endsAt,
  maxUses: promoCodes.maxUses,
  maxUsesPerCustomer: promoCodes.maxUsesPerCustomer,
  collectionIds: promoCodes.collectionIds,
  categories: promoCodes.categories,
  excludeSale: promoCodes.excludeSale,
  active: promoCodes.active,
};

/**
 * The uses of the code row `p` that a page counts against `userId`. The shopper's own unpaid orders do not count: Pay
 * resumes such an order or settles it first (place-order.server.ts), so the page would otherwise say "used up" of the
 * use the shopper holds.
 */
const pageUses = (userId: string | null) => ({
  taken: sql`(select count(*) from ${promoRedemptions} r where r.promo_id = p.id and r.state in ('reserved', 'used')
    and not (r.state = 'reserved' and r.user_id = ${userId ?? ''}))::int`,
  byCustomer: sql`(select count(*) from ${promoRedemptions} r where r.promo_id = p.id and r.state = 'used'
    and r.user_id = ${userId ?? ''})::int`,
});

/**
 * The code `code` names (an SQL text: a column of the outer query, or what a shopper typed) with its uses as the pages
 * count them, as one JSON value (null: no such code). `promoFromJson` reads it back.
 */
function promoWithUsesSql(code: SQL, userId: string | null): SQL<unknown> {
  const uses = pageUses(userId);
  return sql`(select json_build_object('id', p.id, 'code', p.code, 'kind', p.kind, 'percentOff', p.percent_off,
    'amountOff', p.amount_off, 'minSubtotal', p.min_subtotal, 'startsAt', p.starts_at, 'endsAt', p.ends_at,
    'maxUses', p.max_uses, 'maxUsesPerCustomer', p.max_uses_per_customer, 'collectionIds', p.collection_ids,
    'categories', p.categories, 'excludeSale', p.exclude_sale, 'active', p.active, 'taken', ${uses.taken}, 'byCustomer', ${uses.byCustomer})
    from ${promoCodes} p where lower(p.code) = lower(trim(${code})) limit 1)`;
}

/**
 * The code a cart holds (`code`: carts.promo_code of the outer query) with its uses, read with the cart's lines: the
 * cart and checkout pages pay no statement of their own for it (the checkout's budget is 3 statements).
 */
export const cartPromoSql = (code: Column, userId: string | null) => promoWithUsesSql(columnRef(code), userId);

const instant = z
  .string()
  .nullable()
  .transform((value) => (value === null ? null : new Date(value)));
const promoJson = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed', 'free-delivery']),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  minSubtotal: z.number(),
  startsAt: instant,
  endsAt: instant,
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  collectionIds: z.array(z.string()),
  categories: z.array(z.string()),
  excludeSale: z.boolean(),
  active: z.boolean(),
  taken: z.number(),
  byCustomer: z.number(),
});

/** What `cartPromoSql` read, decided for these lines now (its value null: an unknown code). */
export function promoFromJson(
  typed: string,
  value: unknown,
  lines: readonly PromoLine[],
  userId: string | null,
  now = new Date(),
): PromoOutcome {
  if (value === null || value === undefined)
    return evaluatePromo(typed, null, lines, { taken: 0, byCustomer: null }, now);
  const { taken, byCustomer, ...promo } = promoJson.parse(value);
  return evaluatePromo(typed, promo, lines, { taken, byCustomer: userId ? byCustomer : null }, now);
}

/** The code a shopper typed, compared without case; `lock` takes its row until the transaction ends. */
export async function readPromo(reader: Reader, typed: string, { lock = false } = {}): Promise<PromoRules | null> {
  const key = promoCodeKey(typed);
  if (!key) return null;
  const query = reader
    .select(promoRulesColumns)
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = ${key}`)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Uses counting against the limits: paid and reserved by open orders. `exceptOrder` is an order being placed again
 * (the same pending order resumed), whose own reservation must not count against it.
 */
export async function promoUsage(
  reader: Reader,
  promoId: string,
  userId: string | null,
  exceptOrder: string | null = null,
): Promise<{ taken: number; byCustomer: number | null }> {
  const [row] = await reader
    .select({
      taken: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${promoRedemptions.userId} = ${userId ?? ''}))::int`,
    })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoId, promoId),
        inArray(promoRedemptions.state, ['reserved', 'used']),
        exceptOrder ? ne(promoRedemptions.orderId, exceptOrder) : undefined,
      ),
    );
  return { taken: row?.taken ?? 0, byCustomer: userId ? (row?.byCustomer ?? 0) : null };
}

/**
 * A code a shopper typed, as the cart and checkout pages would show it: the code and its uses in one statement (the
 * pages' own read, cartPromoSql). No lock: the order's own check (below) is the one charged.
 */
export async function checkPromo(
  reader: Pick<Database, 'execute'>,
  typed: string,
  lines: readonly PromoLine[],
  userId: string | null,
  now = new Date(),
): Promise<PromoOutcome> {
  const [row] = await reader.execute<{ promo: unknown }>(
    sql`select ${promoWithUsesSql(sql`${typed}`, userId)} as promo`,
  );
  return promoFromJson(typed, row?.promo ?? null, lines, userId, now);
}

/**
 * The code as an order is placed: its row locked (other checkouts using it wait for this transaction), its uses
 * counted after the lock, so the last use goes to exactly one order.
 */
export async function checkPromoForOrder(
  tx: Writer,
  typed: string,
  lines: readonly PromoLine[],
  userId: string,
  exceptOrder: string | null,
  now = new Date(),
): Promise<PromoOutcome> {
  const promo = await readPromo(tx, typed, { lock: true });
  const usage = promo ? await promoUsage(tx, promo.id, userId, exceptOrder) : { taken: 0, byCustomer: null };
  return evaluatePromo(typed, promo, lines, usage, now);
}

/** The order holds one use of the code from now until it is paid (used) or released. */
export async function reservePromo(
  tx: Writer,
  use: { orderId: string; promoId: string; userId: string; discount: number },
): Promise<void> {
  await tx
    .insert(promoRedemptions)
    .values({ ...use, state: 'reserved' })
    .onConflictDoUpdate({
      target: promoRedemptions.orderId,
      set: { promoId: use.promoId, discount: use.discount, state: 'reserved' },
    });
}

/** A resumed order placed again without a code (or with none that applies now) holds no use. */
export async function dropPromoReservation(tx: Writer, orderId: string): Promise<void> {
  await tx.execute(sql`delete from ${promoRedemptions} where ${promoRedemptions.orderId} = ${orderId}
    and ${promoRedemptions.state} = 'reserved'`);
}

/**
 * A paid order's use of its code, as counted when the payment succeeded (decision 0028): `used`, or `over-limit` when
 * the use had been given back with a release and taking it again would put the code past a limit (`limits` names
 * them). `none`: the order has no use of a code (none applied, or the code was deleted since).
 */
export type PaidPromoUse =
  | { kind: 'none' | 'used' }
  | { kind: 'over-limit'; code: string; discount: number; limits: ('total' | 'per-customer')[] };

/**
 * The order is paid: its use counts for good. A use it still held becomes `used`. One given back when the order was
 * released (the sweep, a newer checkout or a cancel) is taken again with the code's row locked and its uses counted
 * after the lock, as at checkout: within the code's total and per-customer limits it is `used`; past them it is
 * `over-limit`, counted in neither the code's uses nor its revenue, and the caller flags the order (decision 0028
 * amends 0023, which honoured such a payment past the limits: a shopper could release their own orders to spend a
 * one-use code many times).
 */
export async function countPaidPromoUse(tx: Writer, orderId: string): Promise<PaidPromoUse> {
  const [held] = await tx
    .select({
      state: promoRedemptions.state,
      promoId: promoRedemptions.promoId,
      userId: promoRedemptions.userId,
      discount: promoRedemptions.discount,
    })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.orderId, orderId));
  if (!held) return { kind: 'none' };
  if (held.state !== 'released') {
    await tx
      .update(promoRedemptions)
      .set({ state: 'used' })
      .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.state, 'reserved')));
    return { kind: held.state === 'over-limit' ? 'none' : 'used' };
  }
  const [promo] = await tx
    .select({ code: promoCodes.code, maxUses: promoCodes.maxUses, perCustomer: promoCodes.maxUsesPerCustomer })
    .from(promoCodes)
    .where(eq(promoCodes.id, held.promoId))
    .for('update');
  const usage = await promoUsage(tx, held.promoId, held.userId, orderId);
  const limits: ('total' | 'per-customer')[] = [];
  if (promo?.maxUses != null && usage.taken >= promo.maxUses) limits.push('total');
  if (promo?.perCustomer != null && (usage.byCustomer ?? 0) >= promo.perCustomer) limits.push('per-customer');
  const state = limits.length > 0 ? 'over-limit' : 'used';
  await tx.update(promoRedemptions).set({ state }).where(eq(promoRedemptions.orderId, orderId));
  if (state === 'used' || !promo) return { kind: 'used' };
  return { kind: 'over-limit', code: promo.code, discount: held.discount, limits };
}

/** The order gave its stock back unpaid: its use goes back to the code. */
export async function releasePromo(tx: Writer, orderId: string): Promise<void> {
  await tx
    .update(promoRedemptions)
    .set({ state: 'released' })
    .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.state, 'reserved')));
}

/**
 * An order paid again after its release (app/server/payments/pay-again.server.ts) takes back the use of its code it
 * held, with the code's row locked and its uses counted as at checkout, so the code's last use still goes to one
 * order. Its discount was fixed when it was placed, so only whether the code is still open matters. Null when the use
 * is held again (or the order had no code), otherwise why the order cannot be paid at its discounted total.
 */
export async function reclaimPromoUse(
  tx: Writer,
  order: { id: string; userId: string; promoCode: string | null },
  now = new Date(),
): Promise<string | null> {
  if (!order.promoCode) return null;
  const [held] = await tx
    .select({ promoId: promoRedemptions.promoId })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.orderId, order.id));
  const [promo] = held
    ? await tx.select(promoRulesColumns).from(promoCodes).where(eq(promoCodes.id, held.promoId)).for('update')
    : [];
  // The code was deleted since: its discount is not given again.
  if (!promo) return PROMO_MESSAGES.unknown(order.promoCode.toUpperCase());
  const closed = promoClosed(promo, await promoUsage(tx, promo.id, order.userId, order.id), now);
  if (closed) return closed.message;
  await tx.update(promoRedemptions).set({ state: 'reserved' }).where(eq(promoRedemptions.orderId, order.id));
  return null;
}
