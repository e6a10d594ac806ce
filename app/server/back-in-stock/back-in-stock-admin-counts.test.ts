/**
 * "Email me when it's back" (decision 0027): the admin sees how many requests wait per size and colour.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome } from '../../../tests/route-helpers';
import EditProductPage from '~/routes/admin/product-edit';
import { admin, askConfirmed, edit, soldOutProduct, withBackInStock } from './back-in-stock-test-helpers';

describe('the admin', () => {
  withBackInStock();

  it('sees how many requests wait per size and colour on the product edit page', async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'one@example.com');
    await askConfirmed(product.id, 'two@example.com');
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, admin.cookie), { id: product.id })),
    );
    expect((page.data as { waiting: unknown }).waiting).toEqual({ 'M|Black': 2 });
    const rendered = await renderPage({
      path: '/admin/products/edit/:id',
      route: edit,
      Page: EditProductPage,
      request: get(`/admin/products/edit/${product.id}`, admin.cookie),
      params: { id: product.id },
    });
    expect(rendered.markup).toContain('2 waiting<span class="sr-only"> for an email when it is back</span>');
    expect(rendered.markup.match(/ waiting<span/g)).toHaveLength(1);
  });
});
