/**
 * The product form's fit note (decision 0034): saved with the product, shown on its edit page, trimmed, at most
 * FIT_NOTE_MAX characters, cleared by saving it blank.
 */
import { describe, expect, it } from 'vitest';
import { FIT_NOTE_MAX, FIT_NOTE_MESSAGE } from '~/lib/catalog/size-guides';
import { getProduct } from '~/server/catalog/product.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { args, get, outcome } from '../../../tests/route-helpers';
import { answerOf, cookie, create, edit, fields, savedId, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

const save = (url: string, changes: Record<string, string>, params = {}) =>
  outcome(() =>
    (url.endsWith('/new') ? create : edit).action(args(multipart(url, fields(changes), [], { cookie }), params)),
  );

describe('the fit note', () => {
  it('is saved with the product, trimmed, and cleared when saved blank', async () => {
    const created = await save('/admin/products/new', { fitNote: '  Runs small: take one size up ' });
    const id = savedId(created.location);
    expect((await getProduct(id))?.fitNote).toBe('Runs small: take one size up');
    const page = await edit.loader(args(get(`/admin/products/edit/${id}`, cookie), { id }));
    expect(JSON.stringify(page)).toContain('Runs small: take one size up');
    expect((await save(`/admin/products/edit/${id}`, { fitNote: '' }, { id })).status).toBe(302);
    expect((await getProduct(id))?.fitNote).toBe('');
  });

  it(`refuses a note over ${FIT_NOTE_MAX} characters, on its field`, async () => {
    const refused = await save('/admin/products/new', { fitNote: 'x'.repeat(FIT_NOTE_MAX + 1) });
    expect(refused.status).toBe(400);
    expect(answerOf(refused.data).result.error?.fitNote).toEqual([FIT_NOTE_MESSAGE]);
    const longest = await save('/admin/products/new', { fitNote: 'x'.repeat(FIT_NOTE_MAX) });
    expect(longest.status).toBe(302);
  });
});
