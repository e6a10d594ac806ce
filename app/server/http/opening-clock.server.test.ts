/**
 * The drop clock of one process (decision 0036): it drops the stored pages at the next opening (and once more a second
 * later), tells its listeners, looks for the next one, and follows a time moved before it fires.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const openings = vi.hoisted(() => ({ list: [] as number[] }));
vi.mock('../catalog/drops.server', () => ({
  nextOpening: async (after: Date) => {
    const next = openings.list.filter((at) => at > after.getTime()).sort((a, b) => a - b)[0];
    return next === undefined ? null : new Date(next);
  },
}));

const { nextOpeningAt, onOpening, refreshOpenings, startOpeningClock } = await import('./opening-clock.server');

describe('the drop clock', () => {
  let stop: () => void = () => {};
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => {
    stop();
    vi.useRealTimers();
    openings.list = [];
  });

  it('drops the stored pages at the opening and a second later, tells its listeners, then waits for the next', async () => {
    openings.list = [1_005_000, 1_065_000];
    const expire = vi.fn();
    const opened = vi.fn();
    const stopListening = onOpening(opened);
    stop = await startOpeningClock(expire);
    expect(nextOpeningAt()).toBe(1_005_000);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(expire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expire).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(expire).toHaveBeenCalledTimes(2);
    expect(nextOpeningAt()).toBe(1_065_000);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(expire).toHaveBeenCalledTimes(3);
    expect(opened).toHaveBeenCalledTimes(2);
    stopListening();
  });

  it('follows a time moved before it fires, and does nothing once stopped', async () => {
    openings.list = [1_010_000];
    const expire = vi.fn();
    stop = await startOpeningClock(expire);
    // The admin moves it an hour later: the change's notice makes the clock look again.
    openings.list = [1_000_000 + 3_600_000];
    await refreshOpenings();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(expire).not.toHaveBeenCalled();
    expect(nextOpeningAt()).toBe(4_600_000);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(expire).not.toHaveBeenCalled();
    expect(nextOpeningAt()).toBeNull();
  });
});
