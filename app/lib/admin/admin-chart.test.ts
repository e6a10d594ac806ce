import { describe, expect, it } from 'vitest';
import {
  addDays,
  axisNaira,
  CHART_BOX,
  chartLayout,
  dailySeries,
  lagosDay,
  niceCeiling,
  shortDay,
  windowStart,
} from './admin-chart';

describe('days', () => {
  it('reads the calendar day in Lagos (UTC+1)', () => {
    expect(lagosDay(new Date('2026-11-30T22:59:00Z'))).toBe('2026-11-30');
    expect(lagosDay(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(windowStart('2026-12-30')).toBe('2026-12-01');
    expect(shortDay('2026-12-01')).toBe('1 Dec');
  });
});

describe('dailySeries', () => {
  it('gives 30 days ending with the last one, zero where nothing sold, summing repeated days', () => {
    const series = dailySeries(
      [
        { day: '2026-12-30', total: 500 },
        { day: '2026-12-01', total: 100 },
        { day: '2026-12-01', total: 50 },
        { day: '2026-11-30', total: 999 },
      ],
      '2026-12-30',
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ day: '2026-12-01', total: 150 });
    expect(series[29]).toEqual({ day: '2026-12-30', total: 500 });
    expect(series.slice(1, 29).every((point) => point.total === 0)).toBe(true);
  });
});

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(4_560_000)).toBe(5_000_000);
    expect(niceCeiling(5_000_001)).toBe(10_000_000);
  });
});

describe('chartLayout', () => {
  it('scales the tallest bar against the rounded maximum and keeps empty days flat on the baseline', () => {
    const layout = chartLayout([
      { day: 'a', total: 0 },
      { day: 'b', total: 4_000 },
      { day: 'c', total: 2_500 },
      { day: 'd', total: 5_000 },
    ]);
    const plotHeight = CHART_BOX.height - CHART_BOX.top - CHART_BOX.bottom;
    const baseline = CHART_BOX.top + plotHeight;
    expect(layout.max).toBe(5_000);
    expect(layout.bars[0]).toMatchObject({ height: 0, y: baseline });
    expect(layout.bars[3].height).toBeCloseTo(plotHeight);
    expect(layout.bars[1].height).toBeCloseTo(plotHeight * 0.8);
    expect(layout.bars[2].y).toBeCloseTo(baseline - plotHeight / 2);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 2_500, 5_000]);
    // Bars sit side by side inside the plot.
    expect(layout.bars[0].x).toBeGreaterThanOrEqual(CHART_BOX.left);
    expect(layout.bars[3].x + layout.bars[3].width).toBeLessThanOrEqual(CHART_BOX.width - CHART_BOX.right);
    expect(layout.bars[1].x).toBeGreaterThan(layout.bars[0].x + layout.bars[0].width);
  });

  it('a month without sales still has a scale', () => {
    const layout = chartLayout(dailySeries([], '2026-12-30'));
    expect(layout.max).toBe(1);
    expect(layout.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});

describe('axisNaira', () => {
  it('writes short naira labels the same on server and browser', () => {
    expect(axisNaira(0)).toBe('₦0');
    expect(axisNaira(50)).toBe('₦0.5');
    expect(axisNaira(500_00)).toBe('₦500');
    expect(axisNaira(2_500_000)).toBe('₦25k');
    expect(axisNaira(250_000_000)).toBe('₦2.5M');
    expect(axisNaira(500_000_000_000)).toBe('₦5B');
  });
});
