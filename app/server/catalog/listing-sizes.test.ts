/**
 * The listing's size filter (decision 0034): it lists the sizes products are sold in, from every size set, in the sets'
 * order (not the fixed six), each with its count under the other filters; a shopper can filter by 42.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseShopQuery } from '~/lib/catalog/shop-query';
import { createProduct } from '../../../tests/factories';
import { listProducts } from './listing.server';

const listing = (query: string) => listProducts(parseShopQuery(new URLSearchParams(query)));

beforeAll(async () => {
  await createProduct({ name: 'Court sneaker', category: 'Shoes', sizeSetId: 'shoeseu0000001', sizes: ['42', '43'] });
  await createProduct({ name: 'Runner', category: 'Shoes', sizeSetId: 'shoeseu0000001', sizes: ['41', '42'] });
  await createProduct({ name: 'Tee', category: 'Shirts', sizes: ['S', 'M'], colors: ['White'] });
  await createProduct({ name: 'Chinos', category: 'Pants', sizeSetId: 'waist000000001', sizes: ['32', '34'] });
  await createProduct({ name: 'Cap', category: 'Accessories', sizeSetId: 'onesize0000001', sizes: ['One size'] });
});

describe('the size filter', () => {
  it("lists the sizes products use, in their sets' order, with counts", async () => {
    const { sizes } = await listing('');
    expect(sizes).toEqual([
      { size: 'S', count: 1 },
      { size: 'M', count: 1 },
      { size: '41', count: 1 },
      { size: '42', count: 2 },
      { size: '43', count: 1 },
      { size: 'One size', count: 1 },
      { size: '32', count: 1 },
      { size: '34', count: 1 },
    ]);
  });

  it('filters by 42 (without case for a typed one), and counts sizes under the other filters', async () => {
    const shoes = await listing('size=42');
    expect(shoes.products.map((p) => p.name).sort()).toEqual(['Court sneaker', 'Runner']);
    expect(shoes.total).toBe(2);
    expect(shoes.categories).toEqual([{ category: 'Shoes', count: 2 }]);
    expect((await listing('size=one+SIZE')).products.map((p) => p.name)).toEqual(['Cap']);
    const shirts = await listing('category=shirts');
    expect(shirts.sizes).toEqual([
      { size: 'S', count: 1 },
      { size: 'M', count: 1 },
    ]);
  });

  it('keeps a size no product has in the list, with 0, and lists nothing for it', async () => {
    const none = await listing('size=XXL');
    expect(none.products).toEqual([]);
    expect(none.sizes.at(-1)).toEqual({ size: 'XXL', count: 0 });
  });
});
