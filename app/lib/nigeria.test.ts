import { describe, expect, it } from 'vitest';
import { formatNigerianPhone, isNigerianPhone, isNigerianState, NIGERIAN_STATES } from './nigeria';

describe('Nigerian states', () => {
  it('lists the 36 states and the FCT once each', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(NIGERIAN_STATES).toContain('Federal Capital Territory');
    expect(NIGERIAN_STATES).toContain('Lagos');
    expect(isNigerianState('Kano')).toBe(true);
    expect(isNigerianState('kano')).toBe(false);
    expect(isNigerianState('Accra')).toBe(false);
  });
});

describe('Nigerian phone numbers', () => {
  it.each(['+2348031234567', '08031234567', '+234 803 123 4567', '0803 123 4567', ' 0 8 0 3 1 2 3 4 5 6 7 '])(
    'accepts %j',
    (phone) => {
      expect(isNigerianPhone(phone)).toBe(true);
      expect(formatNigerianPhone(phone)).toBe('+234 803 123 4567');
    },
  );

  it.each([
    '',
    '0803123456',
    '080312345678',
    '+23408031234567',
    '2348031234567',
    '+44 7700 900123',
    '0803-123-4567',
    '0803123456a',
    '+234\t8031234567',
  ])('refuses %j', (phone) => {
    expect(isNigerianPhone(phone)).toBe(false);
    expect(formatNigerianPhone(phone)).toBeNull();
  });
});
