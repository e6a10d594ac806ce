import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '~/lib/catalog/catalog-types';
import { ProductJsonLd, safeJson } from './product-json-ld';

const product: ProductDetail = {
  id: 'abcdefghij1234',
  name: 'Tee </script><script>alert(1)</script>',
  description: 'Cotton & <b>silk</b>',
  price: 25_000_00,
  compareAtPrice: null,
  category: 'Shirts',
  collection: null,
  sizeSetId: 'clothing000001',
  sizes: [],
  colors: [],
  inStock: true,
  featured: false,
  createdAt: '2026-01-01T00:00:00Z',
  fitNote: '',
  sizeGuide: null,
  dropsAt: null,
  ownDropsAt: null,
  dropCap: null,
  images: [],
  swatches: [],
  variants: [],
};

describe('Product JSON-LD', () => {
  it('cannot be broken out of by markup in a name', () => {
    const html = renderToString(
      <ProductJsonLd
        product={product}
        url="https://shop.test/product/abcdefghij1234"
        image="https://shop.test/i.webp"
        available
      />,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    const json = JSON.parse(html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json).toMatchObject({
      '@type': 'Product',
      name: product.name,
      description: product.description,
      offers: {
        '@type': 'Offer',
        price: '25000.00',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.test/product/abcdefghij1234',
      },
    });
  });

  it('on sale: the offer is the price charged, never the compare-at price (decision 0034)', () => {
    const html = renderToString(
      <ProductJsonLd product={{ ...product, compareAtPrice: 40_000_00 }} url="u" available />,
    );
    const json = JSON.parse(html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json.offers.price).toBe('25000.00');
    expect(html).not.toContain('40000');
  });

  it('says OutOfStock when nothing can be bought', () => {
    const html = renderToString(<ProductJsonLd product={product} url="u" available={false} />);
    expect(html).toContain('https://schema.org/OutOfStock');
  });

  it('escapes <, > and & but stays valid JSON', () => {
    const text = safeJson({ a: '</script>&' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ a: '</script>&' });
  });
});
