/**
 * Sale prices (decision 0034): a product is on sale while it has a compare-at price, which is always above its price.
 * The price is what is charged; the compare-at price is only shown, struck through, with the percentage off. Pure and
 * free of Zod: the home, listing and product pages load it (decision 0019).
 */

/** A product's price and compare-at price, in kobo (null: not on sale). */
export type SalePrices = { price: number; compareAtPrice: number | null };

/** Whether the product is on sale: a compare-at price above the price (the database holds to it as well). */
export const isOnSale = (prices: SalePrices): prices is { price: number; compareAtPrice: number } =>
  prices.compareAtPrice !== null && prices.compareAtPrice > prices.price;

/**
 * The whole percentage taken off, rounded down (₦40,000 → ₦30,000 is 25; ₦30,000 → ₦20,001 is 33), so the shop
 * never promises more than it gives; null when not on sale or when it rounds down to nothing.
 */
export function percentOff(prices: SalePrices): number | null {
  if (!isOnSale(prices)) return null;
  const percent = Math.floor(((prices.compareAtPrice - prices.price) * 100) / prices.compareAtPrice);
  return percent > 0 ? percent : null;
}

/** "−25%": the badge beside a sale price (a true minus sign). */
export const percentOffLabel = (percent: number) => `\u2212${percent}%`;

/** A collection put on sale at `percent` off: the new price of a product whose full price is `compareAt` (kobo). */
export const salePriceOf = (compareAt: number, percent: number) =>
  Math.round((compareAt * (100 - percent)) / 100 / 100) * 100;
