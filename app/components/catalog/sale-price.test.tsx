/**
 * The price as the shop shows it (decision 0034): on sale, the old price struck through and read out as "Was", the
 * price, and the percentage off rounded down; otherwise the price alone, with nothing struck through.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SalePrice } from './sale-price';

const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('SalePrice', () => {
  it('on sale: the old price in <s> with "Was", the price, and the percentage off', () => {
    const html = text(renderToString(<SalePrice price={30_000_00} compareAtPrice={40_000_00} />));
    expect(html).toMatch(/<s[^>]*><span class="sr-only">Was <\/span>₦40,000<\/s>/);
    expect(html).toContain('₦30,000');
    expect(html).toContain('<span aria-hidden="true">−25%</span>');
    expect(html).toContain('<span class="sr-only">, 25% off</span>');
  });

  it('rounds the percentage down', () => {
    expect(text(renderToString(<SalePrice price={20_001_00} compareAtPrice={30_000_00} />))).toContain('−33%');
  });

  it('not on sale: the price alone', () => {
    const html = text(renderToString(<SalePrice price={30_000_00} compareAtPrice={null} className="x" />));
    expect(html).toBe('<p class="x">₦30,000</p>');
  });
});
