import { describe, expect, it } from 'vitest';
import { cmToInches, measureText } from './size-guides';

describe('a size guide cell', () => {
  it('gives inches as centimetres / 2.54, to one decimal', () => {
    expect(cmToInches(96)).toBe(37.8);
    expect(cmToInches(2.54)).toBe(1);
    expect(cmToInches(26.5)).toBe(10.4);
    expect(cmToInches(0)).toBe(0);
    expect(cmToInches(300)).toBe(118.1);
  });

  it('reads "96 cm (37.8 in)", and a dash where the guide has no value', () => {
    expect(measureText(96)).toBe('96 cm (37.8 in)');
    expect(measureText(71.5)).toBe('71.5 cm (28.1 in)');
    expect(measureText(null)).toBe('–');
  });
});
