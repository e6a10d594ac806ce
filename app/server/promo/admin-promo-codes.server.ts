/**
 * The admin side of promo codes (decision 0023): the list with each code's uses and the revenue it brought,
 * one code, and the writes, each one transaction with its audit entry (promoCode.create / .update / .delete). Shoppers'
 * carts and checkouts read the codes live (app/server/promo), so a save applies to them at once: nothing is cached.
 *
 * A code's text is unique without case: the unique index promo_codes_code_idx on lower(code) decides, also between
 * two saves racing, and its refusal comes back as PromoCodeTakenError. A code with a use held or paid
 * (promo_redemptions `reserved`, `used` or `over-limit`) is not deleted (PromoCodeInUseError): the admin switches it
 * off instead.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collections, promoCodes, promoRedemptions } from '~/db/schema';
import { ADMIN_PAGE_SIZE, listPage, pageOffset, type ListPage } from '~/lib/admin/admin-crud';
import {
  promoStatus,
  PROMO_FORM_MESSAGES,
  type AdminPromoRow,
  type PromoInput,
  type PromoQuery,
} from '~/lib/promo/admin-promo';
import { isId } from '~/lib/ids';
import { PROMO_KINDS, type PromoRules } from '~/lib/promo/promo';
import type { AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { promoRulesColumns } from './promo-codes.server';
import { checkedRows } from '../sql-rows.server';
import { collectionOptions, type CollectionOption } from '../catalog/admin-collections.server';
import { auditedWrites, containsPattern, DeleteRefusedError, type Tx } from '../admin/crud.server';

/** listAdminPromoCodes' row: instants already text (to_json), figures ::int and ::float8 (kobo, exact below 2^53). */
const listRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  active: z.boolean(),
  uses: z.number(),
  revenue: z.number(),
  overLimit: z.number(),
});

const totalRow = z.object({ total: z.number() });

/**
 * One page of codes, newest first, searched by code, with the total for the page links (two queries side by side).
 * The uses and revenue of the page's codes are one grouped subquery over their paid redemptions, not one per row;
 * a paid order past the code's limits (`over-limit`, decision 0028) is flagged for review and counted in neither.
 */
export async function listAdminPromoCodes(query: PromoQuery, now = new Date()): Promise<ListPage<AdminPromoRow>> {
  const where = query.q ? sql`p.code ilike ${containsPattern(query.q)}` : sql`true`;
  const [rows, totals] = await Promise.all([
    db().execute(sql`
      with page as (
        select p.id, p.code, p.kind, p.percent_off, p.amount_off, p.starts_at, p.ends_at, p.max_uses, p.active,
          p.created_at
        from promo_codes p
        where ${where}
        order by p.created_at desc, p.id desc
        limit ${ADMIN_PAGE_SIZE} offset ${pageOffset(query.page)}
      )
      select page.id, page.code as name, page.kind, page.percent_off as "percentOff", page.amount_off as "amountOff",
        to_json(page.starts_at) #>> '{}' as "startsAt", to_json(page.ends_at) #>> '{}' as "endsAt",
        page.max_uses as "maxUses", page.active,
        coalesce(used.uses, 0)::int as uses, coalesce(used.revenue, 0)::float8 as revenue,
        coalesce(used.over_limit, 0)::int as "overLimit"
      from page
      left join (
        -- Revenue is what the orders kept: their totals less the refunds Paystack processed.
        select r.promo_id, count(*) filter (where r.state = 'used') as uses,
          sum(o.total - coalesce((select sum(f.amount) from refunds f
            where f.order_id = o.id and f.status = 'processed'), 0)) filter (where r.state = 'used') as revenue,
          count(*) filter (where r.state = 'over-limit') as over_limit
        from promo_redemptions r
        join orders o on o.id = r.order_id
        where r.state in ('used', 'over-limit') and r.promo_id in (select id from page)
        group by r.promo_id
      ) used on used.promo_id = page.id
      order by page.created_at desc, page.id desc`),
    db().execute(sql`select count(*)::int as total from promo_codes p where ${where}`),
  ]);
  const [{ total }] = checkedRows(totalRow, totals);
  const list = checkedRows(listRow, rows).map(({ active, ...row }) => ({
    ...row,
    status: promoStatus({ active, startsAt: row.startsAt, endsAt: row.endsAt }, now),
  }));
  return listPage(list, total, query.page);
}

/** One code as the form shows it. */
export async function getPromoCode(id: string): Promise<PromoRules | null> {
  if (!isId(id)) return null;
  const [row] = await db().select(promoRulesColumns).from(promoCodes).where(eq(promoCodes.id, id));
  return row ?? null;
}

/** The code's text, for the list's delete question; null when there is none. */
export async function getPromoCodeName(id: string): Promise<string | null> {
  if (!isId(id)) return null;
  const [row] = await db().select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, id));
  return row?.code ?? null;
}

/**
 * The collections the form offers: the store's, and any the code is limited to that has since been deleted, so the
 * admin sees that limit and may untick it (a code left with no limit at all would discount every item).
 */
export async function promoCollectionOptions(kept: readonly string[] = []): Promise<CollectionOption[]> {
  const options = await collectionOptions();
  const gone = kept.filter((id) => !options.some((option) => option.id === id));
  return [...options, ...gone.map((id) => ({ id, name: 'A deleted collection' }))];
}

/** Of `ids`, those naming no collection. */
export async function missingCollections(ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db()
    .select({ id: collections.id })
    .from(collections)
    .where(inArray(collections.id, [...ids]));
  return ids.filter((id) => !found.some((row) => row.id === id));
}

/** Another code has the same text, ignoring case: nothing is saved. */
export class PromoCodeTakenError extends Error {}

/** The code has uses held or paid: it is switched off, not deleted. */
export class PromoCodeInUseError extends DeleteRefusedError {}

/** Whether `error` (or what caused it: Drizzle wraps the driver's error) is the unique index on lower(code). */
function isCodeTaken(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, constraint_name } = cause as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && constraint_name === 'promo_codes_code_idx') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs in the delete's transaction after auditedWrites locked the code's row. An order taking a use locks the same row
 * first (checkPromoForOrder), and its redemption's foreign key holds it too, so a use placed meanwhile is either seen
 * here or, once the code is gone, finds no code. Released uses (orders given back unpaid) go with the code; the audit
 * entry counts them.
 */
async function refuseWhenUsed(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({
      // A use past the code's limits (decision 0028) is a paid order with the code all the same.
      held: sql<number>`(count(*) filter (where ${promoRedemptions.state}
        in ('reserved', 'used', 'over-limit')))::int`,
      released: sql<number>`(count(*) filter (where ${promoRedemptions.state} = 'released'))::int`,
    })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoId, id));
  if ((row?.held ?? 0) > 0) throw new PromoCodeInUseError(PROMO_FORM_MESSAGES.inUse);
  return { releasedUses: row?.released ?? 0 };
}

const writes = auditedWrites({
  table: promoCodes,
  entity: 'promoCode',
  columns: (input: PromoInput) => input,
  deleteDetails: refuseWhenUsed,
});

const codeChecked = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isCodeTaken(error)) throw new PromoCodeTakenError('promo code taken', { cause: error });
    throw error;
  }
};

/** Throws PromoCodeTakenError when another code has the same text, ignoring case. */
export const createPromoCode = (actor: AuditActor, input: PromoInput) => codeChecked(() => writes.create(actor, input));
/** False when there is no such code; throws PromoCodeTakenError when another code has the same text. */
export const updatePromoCode = (actor: AuditActor, id: string, input: PromoInput) =>
  codeChecked(() => writes.update(actor, id, input));
/** False when there is no such code; throws PromoCodeInUseError when it has uses held or paid. */
export const deletePromoCode = writes.remove;
