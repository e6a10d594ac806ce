/**
 * The product form's compare-at price (decision 0034) posted as a browser posts it: saved with its audit entry, shown
 * again on the edit page, refused when not above the price (nothing saved), and cleared to end the sale.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, products } from '~/db/schema';
import { SALE_MESSAGES } from '~/lib/catalog/admin-sale-price';
import { db } from '~/server/db.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { args, get, outcome } from '../../../tests/route-helpers';
import { answerOf, cookie, create, edit, fields, savedId, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

const post = (url: string, changes: Record<string, string | string[]>) =>
  multipart(url, fields(changes), [], { cookie });
const pricesOf = async (id: string) =>
  (
    await db()
      .select({ price: products.price, compareAtPrice: products.compareAtPrice })
      .from(products)
      .where(eq(products.id, id))
  )[0];

describe('the compare-at price', () => {
  it('saved above the price, shown again, audited; cleared, the sale ends', async () => {
    const created = await outcome(() =>
      create.action(args(post('/admin/products/new', { price: '30000', compareAtPrice: '40,000' }))),
    );
    const id = savedId(created.location);
    expect(await pricesOf(id)).toEqual({ price: 30_000_00, compareAtPrice: 40_000_00 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.after).toMatchObject({ price: 30_000_00, compareAtPrice: 40_000_00 });

    const page = await outcome(() => edit.loader(args(get(`/admin/products/edit/${id}`, cookie), { id })));
    expect((page.data as { values: Record<string, unknown> }).values).toMatchObject({ compareAtPrice: '40000' });

    const url = `/admin/products/edit/${id}`;
    const ended = await outcome(() => edit.action(args(post(url, { price: '30000', compareAtPrice: '' }), { id })));
    expect(ended.status).toBe(302);
    expect(await pricesOf(id)).toEqual({ price: 30_000_00, compareAtPrice: null });
  });

  it('not above the price: refused on its field, nothing saved', async () => {
    const before = (await db().select({ id: products.id }).from(products)).length;
    for (const compareAtPrice of ['30000', '25000']) {
      const refused = await outcome(() =>
        create.action(args(post('/admin/products/new', { price: '30000', compareAtPrice }))),
      );
      expect(refused.status, compareAtPrice).toBe(400);
      expect(answerOf(refused.data).result.error?.compareAtPrice).toEqual([SALE_MESSAGES.compareAtAbove]);
    }
    expect((await db().select({ id: products.id }).from(products)).length).toBe(before);
  });
});
