/**
 * A collection put on sale in one step, and its sale ended (decision 0034), against real PostgreSQL: every product of
 * the collection (and none other) gets the price before the sale as its compare-at price and that price less the
 * percentage, rounded to whole naira; a sale running is re-priced from its compare-at price, not stacked; ending it
 * puts the prices back; one audit entry lists every product's prices; the storefront's stored pages are dropped; the
 * edit page says how many products changed; a percentage out of 1–90 is refused with nothing changed; only admins.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '~/db/schema';
import { SALE_MESSAGES } from '~/lib/catalog/admin-sale-price';
import { salePriceOf } from '~/lib/catalog/sale-price';
import { db } from '~/server/db.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { createCollection, createProduct, createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import EditCollectionPage from './collection-edit';
import CollectionSalePage from './collection-sale';

const sale = await routeModule<typeof import('~/routes/admin/collection-sale')>('routes/admin/collection-sale.tsx');
const edit = await routeModule<typeof import('~/routes/admin/collection-edit')>('routes/admin/collection-edit.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const postSale = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  outcome(() => sale.action(args(post(`/admin/collections/edit/${id}/sale`, fields, { cookie }), { id })));
const pricesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: products.id, price: products.price, compareAtPrice: products.compareAtPrice })
        .from(products)
        .where(inArray(products.id, ids))
    ).map(({ id, ...prices }) => [id, prices]),
  );
const editPage = async (id: string, search = '') =>
  (await outcome(() => edit.loader(args(get(`/admin/collections/edit/${id}${search}`, admin.cookie), { id }))))
    .data as {
    sale: { counts: { products: number; onSale: number }; notice: string | null };
  };

/** A collection of three products (one already on sale) and a product of another collection. */
async function collectionOfThree() {
  const collection = await createCollection({ name: 'End of Season' });
  const shirt = await createProduct({ collectionId: collection.id, price: 15_000_00 });
  const odd = await createProduct({ collectionId: collection.id, price: 9_999_50 });
  const jacket = await createProduct({ collectionId: collection.id, price: 50_000_00, compareAtPrice: 60_000_00 });
  const other = await createProduct({ collectionId: (await createCollection()).id, price: 20_000_00 });
  return { collection, shirt, odd, jacket, other, ids: [shirt.id, odd.id, jacket.id, other.id] };
}

describe('putting a collection on sale', () => {
  it('prices every product of it from its price before the sale, audited, and says how many changed', async () => {
    const { collection, shirt, odd, jacket, other, ids } = await collectionOfThree();
    const version = contentVersion();
    const answer = await postSale(collection.id, { intent: 'put-on-sale', percent: ' 25 ' });
    expect(answer).toMatchObject({
      status: 302,
      location: `/admin/collections/edit/${collection.id}?sale=started-3-25#collection-sale-heading`,
    });
    expect(await pricesOf(ids)).toEqual({
      [shirt.id]: { price: 11_250_00, compareAtPrice: 15_000_00 },
      // ₦9,999.50 less 25% is ₦7,499.625: ₦7,500 in whole naira.
      [odd.id]: { price: 7_500_00, compareAtPrice: 9_999_50 },
      // Already on sale at ₦50,000: 25% off its price before the sale (₦60,000), not off its sale price.
      [jacket.id]: { price: 45_000_00, compareAtPrice: 60_000_00 },
      [other.id]: { price: 20_000_00, compareAtPrice: null },
    });
    expect(salePriceOf(9_999_50, 25)).toBe(7_500_00);
    expect(contentVersion()).toBeGreaterThan(version);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, collection.id));
    expect(entry).toMatchObject({ action: 'collection.sale', actorEmail: admin.email, entityType: 'collection' });
    expect((entry.after as { percent: number }).percent).toBe(25);
    expect((entry.before as { products: unknown[] }).products).toContainEqual({
      id: shirt.id,
      price: 15_000_00,
      compareAtPrice: null,
    });

    const page = await editPage(collection.id, '?sale=started-3-25');
    expect(page.sale).toEqual({
      counts: { products: 3, onSale: 3 },
      notice: '3 products put on sale at 25% off. Their price before the sale is shown struck through.',
    });
    expect((await editPage(collection.id, '?sale=<script>')).sale.notice).toBeNull();

    // The page as a browser without JavaScript gets it: the notice, the counts and both buttons.
    const { markup } = await renderPage({
      path: '/admin/collections/edit/:id',
      route: edit,
      Page: EditCollectionPage,
      request: get(`/admin/collections/edit/${collection.id}?sale=started-3-25`, admin.cookie),
      params: { id: collection.id },
    });
    expect(markup).toContain('role="status"');
    expect(markup).toContain('3 products put on sale at 25% off.');
    expect(markup).toContain('3 of its 3 products are on sale.');
    expect(markup).toContain(`action="/admin/collections/edit/${collection.id}/sale"`);
    expect(markup).toMatch(/<button[^>]*value="put-on-sale"[^>]*>Put on sale<\/button>/);
    expect(markup).toMatch(/<button[^>]*value="end-sale"[^>]*>End the sale<\/button>/);
  });

  it('ends the sale: each price back to its compare-at price, which is cleared', async () => {
    const { collection, shirt, jacket, other, ids } = await collectionOfThree();
    await postSale(collection.id, { intent: 'put-on-sale', percent: '40' });
    const version = contentVersion();
    const answer = await postSale(collection.id, { intent: 'end-sale' });
    expect(answer.location).toBe(`/admin/collections/edit/${collection.id}?sale=ended-3#collection-sale-heading`);
    expect(await pricesOf(ids)).toMatchObject({
      [shirt.id]: { price: 15_000_00, compareAtPrice: null },
      [jacket.id]: { price: 60_000_00, compareAtPrice: null },
      [other.id]: { price: 20_000_00, compareAtPrice: null },
    });
    expect(contentVersion()).toBeGreaterThan(version);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, collection.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(['collection.sale', 'collection.endSale']);
    expect((await editPage(collection.id, '?sale=ended-3')).sale.notice).toBe(SALE_MESSAGES.ended(3));
    // Nothing left on sale: nothing changes and the page says so.
    const again = await postSale(collection.id, { intent: 'end-sale' });
    expect(again.location).toContain('?sale=ended-0');
    expect(SALE_MESSAGES.ended(0)).toBe('No product changed: none of this collection was on sale.');
  });
});

describe('what is refused', () => {
  it('a percentage out of 1–90, or none: the form back with why, nothing changed', async () => {
    const { collection, shirt, ids } = await collectionOfThree();
    const before = await pricesOf(ids);
    for (const percent of ['0', '91', '12.5', 'ten', ''] as const) {
      const answer = await postSale(collection.id, { intent: 'put-on-sale', percent });
      expect(answer.status, percent).toBe(400);
      const { result } = answer.data as { result: { error: Record<string, string[]> } };
      expect(result.error.percent).toEqual(['Please enter a whole percentage from 1 to 90.']);
    }
    expect(await pricesOf(ids)).toEqual(before);
    expect(before[shirt.id].compareAtPrice).toBeNull();

    // Without JavaScript the refusal is a page of its own: the form again, with why.
    const { status, markup } = await renderPage({
      path: '/admin/collections/edit/:id/sale',
      route: sale,
      Page: CollectionSalePage,
      request: post(
        `/admin/collections/edit/${collection.id}/sale`,
        { intent: 'put-on-sale', percent: '95' },
        { cookie: admin.cookie },
      ),
      params: { id: collection.id },
    });
    expect(status).toBe(400);
    expect(markup).toContain('Sale: End of Season');
    expect(markup).toContain('Please enter a whole percentage from 1 to 90.');
    expect(markup).toContain('value="95"');
    expect((await postSale(collection.id, { intent: 'sell-everything' })).status).toBe(400);
    expect((await postSale('zzzzzzzzzzzzzz', { intent: 'end-sale' })).status).toBe(404);
  });

  it('a customer: sent away, nothing changed', async () => {
    const { collection, ids } = await collectionOfThree();
    const before = await pricesOf(ids);
    const customer = await createUser();
    const answer = await postSale(collection.id, { intent: 'put-on-sale', percent: '50' }, customer.cookie);
    expect(answer.status).not.toBe(200);
    expect(await pricesOf(ids)).toEqual(before);
  });
});
