/**
 * The admin's side of sale prices (decision 0034, docs/requirements.md#12-admin-area): the product form's optional
 * compare-at price and its check against the price, and the collection page's form that puts every product of a
 * collection on sale at a percentage off or ends the sale (one Zod schema, decision 0019).
 */
import { z } from 'zod';
import { MAX_PRICE_KOBO } from './admin-catalog';
import { nairaToKobo } from '../money';

export const SALE_LIMITS = { minPercent: 1, maxPercent: 90 } as const;

export const SALE_MESSAGES = {
  compareAtPrice: 'Please enter the compare-at price in naira, for example 20000, or leave it blank for no sale.',
  compareAtMax: 'Please enter a compare-at price of at most ₦20,000,000.',
  compareAtAbove: 'The compare-at price must be above the price: it is the price before the sale.',
  percent: `Please enter a whole percentage from ${SALE_LIMITS.minPercent} to ${SALE_LIMITS.maxPercent}.`,
  putOnSale: (count: number, percent: number) =>
    count === 0
      ? 'No product changed: this collection has no products whose price can come down.'
      : `${productCount(count)} put on sale at ${percent}% off. ${count === 1 ? 'Its' : 'Their'} price before the ` +
        'sale is shown struck through.',
  ended: (count: number) =>
    count === 0
      ? 'No product changed: none of this collection was on sale.'
      : `Sale ended for ${productCount(count)}: back to the price before the sale.`,
  failed: 'The prices could not be changed. Please try again.',
} as const;

const productCount = (count: number) => `${count.toLocaleString('en-NG')} product${count === 1 ? '' : 's'}`;

/** The product form's compare-at box: blank is no sale (null), else kobo like the price. */
export const compareAtPriceField = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const kobo = nairaToKobo(text);
    if (kobo === null) ctx.addIssue({ code: 'custom', message: SALE_MESSAGES.compareAtPrice });
    else if (kobo > MAX_PRICE_KOBO) ctx.addIssue({ code: 'custom', message: SALE_MESSAGES.compareAtMax });
    return kobo;
  });

/**
 * The product form's refinement: a compare-at price is above the price (products_compare_at_above_price holds it in
 * the database too). Checked once both boxes read as money, even when other fields are wrong.
 */
export const compareAtAbovePrice: [
  check: (value: { price: unknown; compareAtPrice: unknown }) => boolean,
  params: { path: PropertyKey[]; message: string; when: (payload: z.core.ParsePayload) => boolean },
] = [
  ({ price, compareAtPrice }) =>
    typeof price !== 'number' || typeof compareAtPrice !== 'number' || compareAtPrice > price,
  {
    path: ['compareAtPrice'],
    message: SALE_MESSAGES.compareAtAbove,
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'price' || issue.path?.[0] === 'compareAtPrice'),
  },
];

export const SALE_INTENTS = { start: 'put-on-sale', end: 'end-sale' } as const;

/** The collection page's two sale buttons: a percentage off, or the sale ended. */
export const collectionSaleSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(SALE_INTENTS.start),
    percent: z
      .string({ error: SALE_MESSAGES.percent })
      .trim()
      .regex(/^\d{1,2}$/, SALE_MESSAGES.percent)
      .transform(Number)
      .refine((n) => n >= SALE_LIMITS.minPercent && n <= SALE_LIMITS.maxPercent, SALE_MESSAGES.percent),
  }),
  z.object({ intent: z.literal(SALE_INTENTS.end) }),
]);

export type CollectionSaleInput = z.output<typeof collectionSaleSchema>;

/** What the collection's edit page says after a sale form (post/redirect/get): `?sale=started-12-20`. */
export const SALE_PARAM = 'sale';
export const saleNotice = (outcome: { ended: boolean; count: number; percent?: number }) =>
  outcome.ended ? `ended-${outcome.count}` : `started-${outcome.count}-${outcome.percent ?? 0}`;

/** The notice's words, from `?sale=`; null for anything the sale form did not send. */
export function saleNoticeText(param: string | null): string | null {
  const match = /^(?:ended-(\d{1,7})|started-(\d{1,7})-(\d{1,2}))$/.exec(param ?? '');
  if (!match) return null;
  return match[1] !== undefined
    ? SALE_MESSAGES.ended(Number(match[1]))
    : SALE_MESSAGES.putOnSale(Number(match[2]), Number(match[3]));
}
