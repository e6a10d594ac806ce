/**
 * The admin's product list, and deleting a product from it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productImages } from '~/db/schema';
import { db } from '~/server/db.server';
import { getProduct } from '~/server/catalog/product.server';
import { createProduct } from '../../../tests/factories';
import { args, get, outcome, post } from '../../../tests/route-helpers';
import { cookie, list, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

describe('/admin/products (list and delete)', () => {
  it('lists products and asks before deleting when the post is not confirmed (no JavaScript)', async () => {
    const product = await createProduct({ name: 'Delete Me Tee' });
    const listed = await outcome(() => list.loader(args(get('/admin/products?q=delete+me', cookie))));
    expect((listed.data as { list: { rows: { id: string }[] } }).list.rows.map((r) => r.id)).toEqual([product.id]);

    const unconfirmed = await outcome(() =>
      list.action(
        args(post('/admin/products', { intent: 'delete', id: product.id, back: 'q=delete me&junk=1' }, { cookie })),
      ),
    );
    expect([unconfirmed.status, unconfirmed.location]).toEqual([
      302,
      `/admin/products?q=delete+me&confirm=${product.id}`,
    ]);
    const asking = await outcome(() => list.loader(args(get(`/admin/products?confirm=${product.id}`, cookie))));
    expect((asking.data as { confirm: unknown }).confirm).toEqual({ id: product.id, name: 'Delete Me Tee' });
    expect(await getProduct(product.id)).not.toBeNull();

    const confirmed = await outcome(() =>
      list.action(args(post('/admin/products', { intent: 'delete', id: product.id, confirmed: 'yes' }, { cookie }))),
    );
    expect([confirmed.status, confirmed.location]).toEqual([302, '/admin/products?deleted=1']);
    expect(await getProduct(product.id)).toBeNull();
    expect(await db().$count(productImages, eq(productImages.productId, product.id))).toBe(0);
  });

  it('shows the SPEC text when the product is already gone, and refuses an unknown intent', async () => {
    const gone = await outcome(() =>
      list.action(
        args(post('/admin/products', { intent: 'delete', id: 'zzzzzzzzzzzzzz', confirmed: 'yes' }, { cookie })),
      ),
    );
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ result: { error: { '': ['Error deleting product. Please try again.'] } } });
    const unknown = await outcome(() =>
      list.action(args(post('/admin/products', { intent: 'archive', id: 'zzzzzzzzzzzzzz' }, { cookie }))),
    );
    expect(unknown.status).toBe(400);
  });
});
