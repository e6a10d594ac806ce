/**
 * The dashboard's net revenue (decision 0031): the periods an admin may choose (Lagos days ending today, or all time),
 * the one schema of its GET form, and the figures: gross (what paid orders brought in), processed refunds, lost
 * chargebacks, Paystack's fees and what is left. Pure, shared by the page and the server.
 */
import { z } from 'zod';

export const REVENUE_PERIODS = ['7d', '30d', '90d', '365d', 'all'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
export const DEFAULT_REVENUE_PERIOD: RevenuePeriod = '30d';

export const REVENUE_PERIOD_LABELS: Record<RevenuePeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
  all: 'All time',
};

/** Lagos days in the period (today included), or null for all time. */
export const periodDays = (period: RevenuePeriod): number | null => (period === 'all' ? null : Number.parseInt(period));

/** The period form (GET /admin?period=…): anything else is the default, as a link typed by hand should still work. */
export const revenuePeriodSchema = z.object({ period: z.enum(REVENUE_PERIODS).catch(DEFAULT_REVENUE_PERIOD) });

/** Money in kobo; `feesMissing` counts the paid orders Paystack's fees are not known for (older payments). */
export type NetRevenue = {
  period: RevenuePeriod;
  /** The period's first Lagos day ('YYYY-MM-DD'), null for all time. */
  from: string | null;
  gross: number;
  refunds: number;
  chargebacks: number;
  fees: number;
  net: number;
  payments: number;
  feesMissing: number;
};

export const netOf = (figures: Omit<NetRevenue, 'net'>): NetRevenue => ({
  ...figures,
  net: figures.gross - figures.refunds - figures.chargebacks - figures.fees,
});

export const feesMissingNote = (count: number) =>
  `Paystack's fees were not recorded for ${count} older ${count === 1 ? 'payment' : 'payments'}: net is higher than it really is by their fees.`;
