/**
 * The dashboard's revenue chart, as numbers: one point per Lagos calendar day (days without sales are
 * zero), an axis maximum that reads well (1, 2 or 5 × a power of ten) and the bar geometry the SVG draws.
 * Pure, so the server-rendered SVG and its tests agree.
 */

export const REVENUE_DAYS = 30;
const TIME_ZONE = 'Africa/Lagos';

export type DayTotal = { day: string; total: number };

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of the instant, in Lagos. */
export const lagosDay = (instant: Date) => dayFormat.format(instant);

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic on the date alone, so no time zone can shift it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of the window that ends with (and includes) `lastDay`. */
export const windowStart = (lastDay: string, days = REVENUE_DAYS) => addDays(lastDay, -(days - 1));

/** `days` consecutive days ending with `lastDay`, each with its total from `rows` (0 when absent). */
export function dailySeries(rows: readonly DayTotal[], lastDay: string, days = REVENUE_DAYS): DayTotal[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.day, (totals.get(row.day) ?? 0) + Number(row.total));
  const first = windowStart(lastDay, days);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, total: totals.get(day) ?? 0 };
  });
}

/** The smallest 1, 2 or 5 × 10^n at least `value` (and at least 1), so the top gridline is a round figure. */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export type ChartBar = DayTotal & { x: number; y: number; width: number; height: number };
export type ChartLayout = {
  bars: ChartBar[];
  max: number;
  ticks: { value: number; y: number }[];
  plot: { left: number; top: number; width: number; height: number };
};

export type ChartBox = { width: number; height: number; left: number; right: number; top: number; bottom: number };
export const CHART_BOX: ChartBox = { width: 640, height: 220, left: 64, right: 8, top: 12, bottom: 28 };

/** Bars for the series inside `box`, y growing downwards as in SVG; `ticks` are 0, half and the maximum. */
export function chartLayout(series: readonly DayTotal[], box: ChartBox = CHART_BOX): ChartLayout {
  const plot = {
    left: box.left,
    top: box.top,
    width: box.width - box.left - box.right,
    height: box.height - box.top - box.bottom,
  };
  const max = niceCeiling(Math.max(0, ...series.map((point) => point.total)));
  const slot = series.length ? plot.width / series.length : plot.width;
  const gap = Math.min(4, slot * 0.25);
  const bars = series.map((point, i) => {
    const height = (Math.max(0, point.total) / max) * plot.height;
    return {
      ...point,
      x: plot.left + i * slot + gap / 2,
      y: plot.top + plot.height - height,
      width: slot - gap,
      height,
    };
  });
  const ticks = [0, max / 2, max].map((value) => ({ value, y: plot.top + plot.height - (value / max) * plot.height }));
  return { bars, max, ticks, plot };
}

/** '1 Dec' for the axis and the table. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/**
 * Axis labels: '₦0', '₦500', '₦2.5k', '₦1.5M'. Written out by hand because Intl's compact notation differs
 * between Node's and the browser's ICU, and the server-rendered SVG must hydrate as it is.
 */
export function axisNaira(kobo: number): string {
  const naira = kobo / 100;
  const short = (value: number) => String(Number(value.toFixed(1)));
  if (naira >= 1_000_000_000) return `₦${short(naira / 1_000_000_000)}B`;
  if (naira >= 1_000_000) return `₦${short(naira / 1_000_000)}M`;
  if (naira >= 1_000) return `₦${short(naira / 1_000)}k`;
  return `₦${short(naira)}`;
}
