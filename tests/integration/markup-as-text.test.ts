/**
 * Product names and descriptions are shop data typed by staff: markup in them is shown as text everywhere
 * it appears (storefront, JSON-LD, Open Graph, admin pages, emails). Pages are rendered by the production
 * build's own request handler, as the server sends them.
 */
import { builtApp } from '../built-app';
import { createRequestHandler } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmationMail } from '~/server/orders/order-mails.server';
import { createCollection, createOrder, createProduct, createUser, TEST_ADDRESS } from '../factories';
import { fixtureStore } from '../order-mail-fixtures';

const NAME = '<script>alert("name")</script> Tee';
const DESCRIPTION = '<img src=x onerror=alert(1)> soft "cotton" & more';
/** Promo codes are written by staff too, and orders keep them (decision 0023). */
const CODE = '<script>alert("code")</script>';

let handle: (request: Request) => Promise<Response>;
let admin: Awaited<ReturnType<typeof createUser>>;
const ids = { product: '', collection: '', order: '' };

beforeAll(async () => {
  const build = await builtApp();
  const handler = createRequestHandler(build, 'production');
  handle = (request) => handler(request);
  admin = await createUser({ admin: true });
  const customer = await createUser();
  const collection = await createCollection({ name: '<b>Bold</b> drop', description: DESCRIPTION });
  const product = await createProduct({ name: NAME, description: DESCRIPTION, collectionId: collection.id });
  const order = await createOrder({ userId: customer.id, items: [{ product }], discount: 1_000_00, promoCode: CODE });
  Object.assign(ids, { product: product.id, collection: collection.id, order: order.id });
});

const page = async (url: string, cookie?: string) => {
  const response = await handle(new Request(`http://shop.test${url}`, { headers: cookie ? { cookie } : {} }));
  expect(response.status, url).toBe(200);
  return response.text();
};

function expectInert(html: string, url: string) {
  expect(html, url).not.toContain('<script>alert(');
  expect(html, url).not.toContain('<img src=x');
  expect(html, url).not.toContain('<b>Bold</b>');
}

describe('markup in shop data is text', () => {
  it('on the storefront, in JSON-LD and in Open Graph tags', async () => {
    const product = await page(`/product/${ids.product}`);
    expectInert(product, 'product');
    // The policy allows exactly the page's own inline scripts, by hash.
    const response = await handle(new Request(`http://shop.test/product/${ids.product}`));
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]+' ){2,}/);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(product).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; Tee');
    expect(product).toMatch(
      /<meta property="og:title" content="&lt;script&gt;alert\(&quot;name&quot;\)&lt;\/script&gt; Tee/,
    );
    const jsonLd = product.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd).name ?? JSON.stringify(JSON.parse(jsonLd))).toContain(
      '<script>alert("name")</script> Tee',
    );
    for (const url of ['/', '/collections', `/collections/${ids.collection}`, '/new-arrivals'])
      expectInert(await page(url), url);
  });

  it('on admin pages', async () => {
    for (const url of [
      '/admin',
      '/admin/products',
      `/admin/products/edit/${ids.product}`,
      '/admin/collections',
      `/admin/orders/${ids.order}`,
    ])
      expectInert(await page(url, admin.cookie), url);
    expect(await page(`/admin/orders/${ids.order}`, admin.cookie)).toContain(
      'Discount (&lt;script&gt;alert(&quot;code&quot;)&lt;/script&gt;)',
    );
  });

  it('in the order confirmation mail', async () => {
    const mail = await confirmationMail(
      {
        id: ids.order,
        reference: 'pj_1_x',
        subtotal: 100,
        shipping: 0,
        discount: 10,
        promoCode: '<b>CODE</b>',
        total: 90,
        address: { ...TEST_ADDRESS, firstName: '<i>Ada</i>' },
        delivery: {
          method: 'pickup',
          zone: null,
          minDays: 1,
          maxDays: 2,
          pickupAddress: '<b>Studio</b> 4',
          pickupHours: '<script>x</script>',
        },
        items: [{ name: NAME, size: 'M', color: 'Black', quantity: 1, unitPrice: 100, image: null }],
        paymentStatus: 'paid',
      },
      { ...fixtureStore, origin: 'http://shop.test' },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<i>Ada</i>');
    expect(mail.html).not.toContain('<b>Studio</b>');
    expect(mail.html).not.toContain('<b>CODE</b>');
    expect(mail.html).toContain('Discount (&lt;b&gt;CODE&lt;/b&gt;)');
    expect(mail.text).toContain('Discount (<b>CODE</b>): -₦0.10');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
