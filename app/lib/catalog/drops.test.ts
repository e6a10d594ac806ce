import { describe, expect, it } from 'vitest';
import { countdownText, dropDay, dropMoment, fromLagosInput, lagosInputValue, opensAt, upcomingDrop } from './drops';

describe('drop times in Lagos', () => {
  it('says the moment in Lagos time, an hour ahead of UTC all year', () => {
    expect(dropMoment('2025-12-12T17:00:00Z')).toBe('Fri 12 Dec, 18:00');
    expect(dropDay('2025-12-12T17:00:00Z')).toBe('Fri 12 Dec');
    // Past midnight in Lagos is the next day.
    expect(dropMoment('2026-06-30T23:30:00Z')).toBe('Wed 1 Jul, 00:30');
  });

  it('reads a datetime-local value as Lagos time and writes it back', () => {
    const at = fromLagosInput('2025-12-12T18:00');
    expect(at?.toISOString()).toBe('2025-12-12T17:00:00.000Z');
    expect(lagosInputValue(at)).toBe('2025-12-12T18:00');
    expect(lagosInputValue(null)).toBe('');
    expect(fromLagosInput('2025-02-31T10:00')).toBeNull();
    expect(fromLagosInput('2025-12-12 18:00')).toBeNull();
    expect(fromLagosInput('')).toBeNull();
  });

  it('counts down in the two largest units', () => {
    const hour = 3_600_000;
    expect(countdownText(2 * 24 * hour + 3 * hour + 5_000)).toBe('Opens in 2 days 3 hours');
    expect(countdownText(24 * hour)).toBe('Opens in 1 day');
    expect(countdownText(hour + 60_000)).toBe('Opens in 1 hour 1 minute');
    expect(countdownText(5 * 60_000 + 7_000)).toBe('Opens in 5 minutes 7 seconds');
    expect(countdownText(4_500)).toBe('Opens in 4 seconds');
    expect(countdownText(10)).toBe('Opens in 1 second');
  });

  it('opens at the later of the product and its collection; upcoming only before then', () => {
    const early = new Date('2025-12-01T10:00:00Z');
    const late = new Date('2025-12-12T17:00:00Z');
    expect(opensAt(early, late)).toEqual(late);
    expect(opensAt(late, early)).toEqual(late);
    expect(opensAt(null, early)).toEqual(early);
    expect(opensAt(null, null)).toBeNull();
    const now = new Date('2025-12-10T15:00:00Z');
    expect(upcomingDrop(late, now)).toEqual({
      at: late.toISOString(),
      moment: 'Fri 12 Dec, 18:00',
      countdown: 'Opens in 2 days 2 hours',
    });
    expect(upcomingDrop(early, now)).toBeNull();
    expect(upcomingDrop(null, now)).toBeNull();
  });
});
