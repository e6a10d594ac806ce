/**
 * The product page's size guide on real PostgreSQL (decision 0034): its size set's guide over its category's, the fit
 * note, and no statement more for them (docs/architecture.md#4-how-a-request-flows: at most 3 a page).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sizeGuides } from '~/db/schema';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import { db } from '~/server/db.server';
import { statementsSent } from '~/server/query-count.server';
import { createProduct } from '../../tests/factories';
import { routeModule } from '../../tests/route-helpers';

// Counted as `npm run bench` counts them: the database handle, made at its first use below, hooks every statement
// sent (query-count.server.ts).
vi.stubEnv('BENCH_COUNT_QUERIES', '1');
afterAll(() => vi.unstubAllEnvs());

const { loader } = await routeModule<typeof import('~/routes/product')>('routes/product.tsx');
type LoaderArgs = Parameters<typeof loader>[0];
const load = (id: string) =>
  loader({ request: new Request(`http://shop.test/product/${id}`), params: { id }, context: {} } as LoaderArgs);

const SHOES = 'shoeseu0000001';
const clothing = { measurements: ['Chest', 'Waist'], rows: [{ size: 'M', cm: [96, null] }] };
const dresses = { measurements: ['Bust'], rows: [{ size: 'M', cm: [88] }] };

beforeAll(async () => {
  await db()
    .insert(sizeGuides)
    .values([
      { sizeSetId: DEFAULT_SIZE_SET_ID, ...clothing },
      { category: 'Dresses', ...dresses },
    ]);
});

describe('the size guide on the product page', () => {
  it("shows the product's size set's guide over its category's, and else its category's", async () => {
    const dress = await createProduct({ category: 'Dresses', sizeSetId: DEFAULT_SIZE_SET_ID });
    expect((await load(dress.id)).product.sizeGuide).toEqual({ title: 'Clothing', ...clothing });
    const shoeDress = await createProduct({ category: 'Dresses', sizeSetId: SHOES, sizes: ['38'] });
    expect((await load(shoeDress.id)).product.sizeGuide).toEqual({ title: 'Dresses', ...dresses });
    const sneaker = await createProduct({ category: 'Shoes', sizeSetId: SHOES, sizes: ['42'] });
    expect((await load(sneaker.id)).product.sizeGuide).toBeNull();
  });

  it('carries the fit note', async () => {
    const tee = await createProduct({ fitNote: 'Runs small: take one size up' });
    expect((await load(tee.id)).product.fitNote).toBe('Runs small: take one size up');
    expect((await load((await createProduct()).id)).product.fitNote).toBe('');
  });

  it('costs no statement more: the guide comes with the product', async () => {
    const counted = async (id: string) => {
      const before = statementsSent();
      await load(id);
      return statementsSent() - before;
    };
    const withGuide = await createProduct({ sizeSetId: DEFAULT_SIZE_SET_ID });
    const without = await createProduct({ category: 'Shoes', sizeSetId: SHOES, sizes: ['42'] });
    await load(without.id); // the store settings' cache fills on first use, as in a running store
    expect(await counted(without.id)).toBe(2);
    expect(await counted(withGuide.id)).toBe(2);
  });
});
