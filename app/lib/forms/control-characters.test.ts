import { describe, expect, it } from 'vitest';
import { refusedFieldText, refusedQuery } from './control-characters';

describe('refusedFieldText', () => {
  it('a single-line field refuses every C0 control and DEL, tab and line breaks included', () => {
    for (const c of ['\0', '\x01', '\t', '\n', '\r', '\x1b', '\x1f', '\x7f']) {
      expect(refusedFieldText('firstName', `Ada${c}`)).toBe(true);
    }
    expect(refusedFieldText('firstName', 'Adaọ̀ Obi – “ok” 😀')).toBe(false);
  });

  it('a multi-line field keeps tab, CR and LF, and refuses the rest', () => {
    expect(refusedFieldText('message', 'Line one\r\nLine two\tindented')).toBe(false);
    for (const c of ['\0', '\x08', '\x0b', '\x0c', '\x1b', '\x7f']) expect(refusedFieldText('message', c)).toBe(true);
  });

  it('a field name with a control character is refused', () => {
    expect(refusedFieldText('mess\0age', 'hi')).toBe(true);
  });
});

describe('refusedQuery', () => {
  it('refuses any control character in a name or value, decoded or not', () => {
    expect(refusedQuery(new URLSearchParams('q=%00'))).toBe(true);
    expect(refusedQuery(new URLSearchParams('q=a%0Ab'))).toBe(true);
    expect(refusedQuery(new URLSearchParams('q%09=a'))).toBe(true);
    expect(refusedQuery(new URLSearchParams('q=%7F'))).toBe(true);
    expect(refusedQuery(new URLSearchParams('q=shirt+%C3%A0&page=2'))).toBe(false);
  });
});
