import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/cart', '/cart'],
    ['/product/abc?x=1', '/product/abc?x=1'],
    ['/orders?page=2#top', '/orders?page=2#top'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'admin', '', '/a\nb', '/\tevil', '/x\u007f', undefined, 42, '/' + 'a'.repeat(2001)])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });

  it('answers the fallback given', () => {
    expect(safeRedirectPath('//evil.example', '/cart')).toBe('/cart');
  });
});
