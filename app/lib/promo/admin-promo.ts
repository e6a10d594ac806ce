/**
 * The admin's promo codes (/admin/promo-codes, decision 0023): an admin CRUD screen (~/lib/admin-crud). One
 * Zod schema for the form (decision 0019), parsed by the action and by the page: naira typed, kobo stored; dates and
 * times typed in Lagos time (`<input type="datetime-local">`), instants stored; only the amount of the chosen kind
 * kept. Also what the list says of a code: when it is valid and whether it can be used now.
 */
import { z } from 'zod';
import { defineListQuery, textFilter, type CrudScreen, type ListQuery } from '../admin/admin-crud';
import { checkbox } from '../admin/admin-form';
import { CATEGORIES } from '../catalog/catalog-constants';
import { ID_PATTERN } from '../ids';
import { formatNaira, nairaToKobo } from '../money';
import { formatOrderDateTime } from '../orders/orders';
import { PROMO_CODE_MAX, PROMO_KINDS, type PromoKind, type PromoRules } from './promo';

export const PROMO_SCREEN: CrudScreen = {
  path: '/admin/promo-codes',
  entity: 'promoCode',
  one: 'promo code',
  many: 'promo codes',
  messages: {
    saveError: 'Error saving the promo code. Please try again.',
    deleteError: 'Error deleting the promo code. Please try again.',
    confirmDelete: 'Are you sure you want to delete this promo code?',
    saved: 'Promo code saved. Shoppers’ carts use it as saved from now on.',
    deleted: 'Promo code deleted. Shoppers can no longer apply it.',
  },
};

export const PROMO_LIMITS = {
  /** ₦10,000,000 for the amount off and the minimum subtotal (the columns are 32-bit integers of kobo). */
  amountKobo: 1_000_000_000,
  uses: 1_000_000,
} as const;

/** The list's search: by code. */
export const promoQuery = defineListQuery({ q: textFilter(PROMO_CODE_MAX) });
export type PromoQuery = ListQuery<typeof promoQuery>;

export const PROMO_FORM_MESSAGES = {
  code: 'Please enter a code.',
  codeLength: `Please keep the code to ${PROMO_CODE_MAX} characters or fewer.`,
  codeCharacters: 'A code may only use letters, digits, - and _ (no spaces).',
  /** Codes are compared without case (the unique index promo_codes_code_idx is on lower(code)). */
  codeTaken: (code: string) =>
    `There is already a promo code ${code.toUpperCase()} (upper and lower case count as the same). ` +
    'Please choose another code.',
  kind: 'Please choose what the code gives.',
  percent: 'Please enter a whole percentage from 1 to 100.',
  amount: 'Please enter the amount off in naira, e.g. 5000.',
  amountZero: 'Please enter an amount off above ₦0.',
  amountMax: `The amount off can be at most ${formatNaira(PROMO_LIMITS.amountKobo)}.`,
  minSubtotal: 'Please enter the minimum subtotal in naira, e.g. 20000, or leave it blank for none.',
  minSubtotalMax: `The minimum subtotal can be at most ${formatNaira(PROMO_LIMITS.amountKobo)}.`,
  dateTime: 'Please enter a date and time, e.g. 1 December 2026, 09:00.',
  endBeforeStart: 'The end must be after the start.',
  uses:
    `Please enter a whole number from 1 to ${PROMO_LIMITS.uses.toLocaleString('en-NG')}, ` +
    'or leave it blank for no limit.',
  collections: 'Please choose collections from the list.',
  categories: 'Please choose categories from the list.',
  /** A code used on orders stays, so its orders and figures stay explained (decision 0023). */
  inUse:
    'This promo code has been used on orders, so it cannot be deleted. Switch it off instead (untick Active ' +
    'and save): shoppers can no longer apply it, and its uses and revenue stay on the list.',
} as const;

// ----- Lagos time -----

/** Africa/Lagos is UTC+1 all year (no daylight saving), so a wall-clock time there is one fixed offset away. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-12-01T09:00` (what a datetime-local box posts), read as Lagos time; null when it is no such moment. */
export function lagosToInstant(text: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute &&
    wall.getUTCSeconds() === second;
  return same ? new Date(wall.getTime() - LAGOS_OFFSET_MS) : null;
}

/** The instant as a datetime-local box shows it in Lagos time: `2026-12-01T09:00` (seconds only when set). */
export function instantToLagos(instant: Date | string): string {
  const wall = new Date(new Date(instant).getTime() + LAGOS_OFFSET_MS).toISOString();
  return wall.slice(0, wall.slice(17, 19) === '00' ? 16 : 19);
}

// ----- The form -----

/** What the promo code form holds: text as typed, the kind and the ticked boxes. */
export type PromoFormValues = {
  code: string;
  kind: PromoKind;
  percentOff: string;
  amountOff: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  collectionIds: string[];
  categories: string[];
  excludeSale: boolean;
  active: boolean;
};

export const blankPromoValues = (): PromoFormValues => ({
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  collectionIds: [],
  categories: [],
  excludeSale: false,
  active: true,
});

/** `5000` for ₦5,000, `10.50` for 1050 kobo: what a naira box shows. */
const nairaInput = (kobo: number) => (kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2));

export const promoToForm = (promo: Omit<PromoRules, 'id'>): PromoFormValues => ({
  code: promo.code,
  kind: promo.kind,
  percentOff: promo.percentOff === null ? '' : String(promo.percentOff),
  amountOff: promo.amountOff === null ? '' : nairaInput(promo.amountOff),
  minSubtotal: promo.minSubtotal ? nairaInput(promo.minSubtotal) : '',
  startsAt: promo.startsAt ? instantToLagos(promo.startsAt) : '',
  endsAt: promo.endsAt ? instantToLagos(promo.endsAt) : '',
  maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
  maxUsesPerCustomer: promo.maxUsesPerCustomer === null ? '' : String(promo.maxUsesPerCustomer),
  collectionIds: [...promo.collectionIds],
  categories: [...promo.categories],
  excludeSale: promo.excludeSale ?? false,
  active: promo.active,
});

/** A whole number typed with or without thousands separators ("1,000"); null when it is not one. */
const wholeNumber = (text: string): number | null => {
  const digits = text.replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
};

/** A blank box (Conform posts it as nothing) is no limit; otherwise 1 to PROMO_LIMITS.uses. */
const usesLimit = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const uses = wholeNumber(text);
    if (uses === null || uses < 1 || uses > PROMO_LIMITS.uses) {
      ctx.addIssue({ code: 'custom', message: PROMO_FORM_MESSAGES.uses });
      return null;
    }
    return uses;
  });

/** A blank date box is no limit on that side. */
const lagosDateTime = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const instant = lagosToInstant(text);
    if (!instant) ctx.addIssue({ code: 'custom', message: PROMO_FORM_MESSAGES.dateTime });
    return instant;
  });

/** Ticked boxes, each once. */
const ticked = (valid: (value: string) => boolean, message: string) =>
  z
    .array(z.string())
    .default([])
    .refine((values) => values.every(valid), message)
    .transform((values) => [...new Set(values)]);

/** The percent or the amount, read only for the kind that uses it (the other box may hold anything). */
const percentOf = (text: string | undefined): number | null => {
  const percent = wholeNumber(text ?? '');
  return percent !== null && percent >= 1 && percent <= 100 ? percent : null;
};

function amountIssue(text: string | undefined): string | null {
  const kobo = nairaToKobo(text ?? '');
  if (kobo === null) return PROMO_FORM_MESSAGES.amount;
  if (kobo === 0) return PROMO_FORM_MESSAGES.amountZero;
  if (kobo > PROMO_LIMITS.amountKobo) return PROMO_FORM_MESSAGES.amountMax;
  return null;
}

export const promoSchema = z
  .object({
    code: z
      .string({ error: PROMO_FORM_MESSAGES.code })
      .trim()
      .min(1, PROMO_FORM_MESSAGES.code)
      .max(PROMO_CODE_MAX, PROMO_FORM_MESSAGES.codeLength)
      .regex(/^[A-Za-z0-9_-]+$/, PROMO_FORM_MESSAGES.codeCharacters),
    kind: z.enum(PROMO_KINDS, { error: PROMO_FORM_MESSAGES.kind }),
    percentOff: z.string().trim().optional(),
    amountOff: z.string().trim().optional(),
    minSubtotal: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return 0;
        const kobo = nairaToKobo(text);
        if (kobo === null) ctx.addIssue({ code: 'custom', message: PROMO_FORM_MESSAGES.minSubtotal });
        else if (kobo > PROMO_LIMITS.amountKobo)
          ctx.addIssue({ code: 'custom', message: PROMO_FORM_MESSAGES.minSubtotalMax });
        return kobo ?? 0;
      }),
    startsAt: lagosDateTime,
    endsAt: lagosDateTime,
    maxUses: usesLimit,
    maxUsesPerCustomer: usesLimit,
    collectionIds: ticked((id) => ID_PATTERN.test(id), PROMO_FORM_MESSAGES.collections),
    categories: ticked(
      (category) => (CATEGORIES as readonly string[]).includes(category),
      PROMO_FORM_MESSAGES.categories,
    ),
    excludeSale: checkbox(),
    active: checkbox(),
  })
  // Checked even when other fields are wrong, so every mistake shows at once; each check reads only what it needs.
  .superRefine(
    (value, ctx) => {
      if (value.kind === 'percent' && percentOf(value.percentOff) === null)
        ctx.addIssue({ code: 'custom', path: ['percentOff'], message: PROMO_FORM_MESSAGES.percent });
      const amount = value.kind === 'fixed' ? amountIssue(value.amountOff) : null;
      if (amount) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: amount });
      if (value.startsAt instanceof Date && value.endsAt instanceof Date && value.endsAt <= value.startsAt)
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: PROMO_FORM_MESSAGES.endBeforeStart });
    },
    { when: () => true },
  )
  .transform(({ percentOff, amountOff, ...value }) => ({
    ...value,
    // Only the chosen kind's amount is stored; the other is null, whatever its box held.
    percentOff: value.kind === 'percent' ? percentOf(percentOff) : null,
    amountOff: value.kind === 'fixed' ? nairaToKobo(amountOff ?? '') : null,
  }));

/** A valid form: the promo_codes columns the admin sets. */
export type PromoInput = z.output<typeof promoSchema>;

// ----- The list -----

export type PromoStatus = 'active' | 'off' | 'expired' | 'not-started';

export const PROMO_STATUS_LABELS: Record<PromoStatus, string> = {
  active: 'Active',
  off: 'Switched off',
  expired: 'Expired',
  'not-started': 'Not started',
};

/** Whether shoppers can use the code at `now`, as evaluatePromo decides it before counting uses. */
export function promoStatus(
  promo: { active: boolean; startsAt: Date | string | null; endsAt: Date | string | null },
  now: Date,
): PromoStatus {
  if (!promo.active) return 'off';
  if (promo.endsAt && now >= new Date(promo.endsAt)) return 'expired';
  if (promo.startsAt && now < new Date(promo.startsAt)) return 'not-started';
  return 'active';
}

/** 'Always', 'From …', 'Until …' or '… to …', in Lagos time. */
export function promoValidity(promo: { startsAt: Date | string | null; endsAt: Date | string | null }): string {
  const { startsAt, endsAt } = promo;
  if (startsAt && endsAt) return `${formatOrderDateTime(startsAt)} to ${formatOrderDateTime(endsAt)}`;
  if (startsAt) return `From ${formatOrderDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatOrderDateTime(endsAt)}`;
  return 'Always';
}

/** '3' or '3 / 100' when the code allows 100 uses: paid orders only (decision 0023). */
export const promoUses = (uses: number, maxUses: number | null, overLimit = 0) =>
  (maxUses === null
    ? uses.toLocaleString('en-NG')
    : `${uses.toLocaleString('en-NG')} / ${maxUses.toLocaleString('en-NG')}`) +
  (overLimit > 0 ? ` (+${overLimit.toLocaleString('en-NG')} past the limits, flagged)` : '');

/** A row of the list: the code (its `name` for the shared table), what it gives and what it brought. */
export type AdminPromoRow = {
  id: string;
  name: string;
  kind: PromoKind;
  percentOff: number | null;
  amountOff: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  status: PromoStatus;
  /** Orders paid with the code. */
  uses: number;
  /** Kobo: the totals of those orders. */
  revenue: number;
  /** Orders paid late past the code's limits (decision 0028): flagged for review, in neither uses nor revenue. */
  overLimit: number;
};
