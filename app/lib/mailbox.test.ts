import { describe, expect, it } from 'vitest';
import { normaliseMailbox } from './mailbox';

describe('normaliseMailbox', () => {
  it('lowercases and trims', () => {
    expect(normaliseMailbox('  Ada.Obi@Example.COM ')).toBe('ada.obi@example.com');
  });

  it('cuts a +tag from the local part at any domain', () => {
    expect(normaliseMailbox('victim+1@shop.example')).toBe('victim@shop.example');
    expect(normaliseMailbox('Victim+Deals+2@Shop.Example')).toBe('victim@shop.example');
    expect(normaliseMailbox('victim+@shop.example')).toBe('victim@shop.example');
  });

  it("folds Gmail's dots and googlemail.com, only there", () => {
    expect(normaliseMailbox('V.i.c.t.i.m+x@googlemail.com')).toBe('victim@gmail.com');
    expect(normaliseMailbox('ada.obi@gmail.com')).toBe('adaobi@gmail.com');
    expect(normaliseMailbox('ada.obi@yahoo.com')).toBe('ada.obi@yahoo.com');
  });

  it('keeps what it cannot split as written (lowercased)', () => {
    expect(normaliseMailbox('+only@example.com')).toBe('+only@example.com');
    expect(normaliseMailbox('no-at-sign')).toBe('no-at-sign');
    expect(normaliseMailbox('...@gmail.com')).toBe('...@gmail.com');
  });

  it('the forty plus-tag variants of one address are one mailbox', () => {
    const variants = Array.from({ length: 40 }, (_, i) => `victim+${i + 1}@example.com`);
    expect(new Set(variants.map(normaliseMailbox))).toEqual(new Set(['victim@example.com']));
  });
});
