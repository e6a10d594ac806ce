import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

const STORE = 'https://store.example';

describe('safeRedirectPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/cart', '/cart'],
    ['/product/abc?x=1', '/product/abc?x=1'],
    ['/orders?page=2#top', '/orders?page=2#top'],
    ['/search?q=%2F%2Fx', '/search?q=%2F%2Fx'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    ['/admin/../cart', '/cart'],
    ['/./orders', '/orders'],
    ['/%2e/orders', '/orders'],
    ['/shop/%2E%2E/cart?x=1', '/cart?x=1'],
  ])('answers the normalised path for %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'admin',
    '',
    '/a\nb',
    '/\tevil',
    '/x\u007f',
    undefined,
    42,
    '/' + 'a'.repeat(2001),
    '/.//evil.example/phish',
    '/%2e%2e//evil.example',
    '/%2E%2e//evil.example',
    '/foo/..//evil.example',
    '/./\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/a/%2e%2e/%2e%2e//evil.example',
    '/a%2F..%2F..%2F%2Fevil.example',
    '/%09/evil.example',
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });

  it('answers the fallback given', () => {
    expect(safeRedirectPath('//evil.example', '/cart')).toBe('/cart');
  });
});

/** Pieces an attacker strings together so that some parser, somewhere, reads "//evil.example". */
const hostileSegment = fc.constantFrom(
  '.',
  '..',
  '',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%252F%252F',
  '%25252f',
  '%255c',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '%09',
  '%0a',
  '%20',
  '/',
  '//',
  '/\\',
  '\\/',
  'evil.example',
  'evil.example:443',
  'user@evil.example',
  '@evil.example',
  'store.example',
  'foo',
  'cart',
  '?next=//evil.example',
  '#//evil.example',
);
const hostilePath = fc
  .tuple(
    fc.constantFrom('/', '//', '/\\', '\\', '/%2F', '/%5C', ''),
    fc.array(hostileSegment, { maxLength: 8 }),
    fc.constantFrom('/', '\\', '', '%2F', '%5c'),
  )
  .map(([start, segments, join]) => start + segments.join(join));
const anything = fc.oneof(
  hostilePath,
  fc.string().map((text) => `/${text}`),
  fc.string(),
);

/** Every reading a proxy or framework that decodes once more than a browser could take of the path. */
function decodedReadings(result: string): string[] {
  const readings = [result];
  for (let current = result, round = 0; round < 6; round++) {
    const decoded = current.replace(/%(2f|5c|2e|25|09|0a|0d)/gi, (escape) =>
      String.fromCharCode(parseInt(escape.slice(1), 16)),
    );
    if (decoded === current) break;
    readings.push((current = decoded));
  }
  return readings;
}

describe('safeRedirectPath over hostile paths (property)', () => {
  it('never answers a redirect that leaves the store, whatever the browser or a decoding proxy makes of it', () => {
    fc.assert(
      fc.property(anything, (input) => {
        const result = safeRedirectPath(input);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.startsWith('/\\')).toBe(false);
        for (const reading of decodedReadings(result)) {
          const resolved = new URL(reading, STORE);
          expect(resolved.origin).toBe(STORE);
          expect(resolved.pathname.startsWith('//')).toBe(false);
        }
        // Already normalised: what goes into Location is what the browser will request.
        expect(safeRedirectPath(result)).toBe(result);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps ordinary store paths as they are', () => {
    const word = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.option(word), (segments, query) => {
        const path = `/${segments.join('/')}${query ? `?q=${query}` : ''}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });
});
