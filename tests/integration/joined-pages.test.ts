/**
 * Decision 0021: a shopper with a cart or a session gets the stored visitor's page with the header's shopper parts
 * joined in. For every shareable storefront page and every kind of shopper, the joined page must show exactly what
 * rendering the page for that shopper shows (the production build's own handler renders both), or React would
 * hydrate something else than the server sent. Only the hydration data differs: the joined page's is the visitor's,
 * and its JSON block carries the shopper's view instead.
 */
import { createRequestHandler } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartLines, carts, storeSettings } from '~/db/schema';
import { parseShopperView, SHOPPER_VIEW_ID, VISITOR_VIEW } from '~/lib/shopper-view';
import { newCartId, serializeCartId } from '~/server/cart/cart-cookie.server';
import { db } from '~/server/db.server';
import { readShopperView } from '~/server/http/request-context.server';
import { joinShopperView } from '../../server/page-cache/shopper-parts';
import { builtApp } from '../built-app';
import { saveAddress } from '~/server/accounts/addresses.server';
import { addZone, LAGOS_ISLAND, LAGOS_MAINLAND } from '../delivery-helpers';
import { createCollection, createProduct, createUser, TEST_ADDRESS } from '../factories';

let handle: (url: string, cookie?: string) => Promise<Response>;
const urls: string[] = [];
const shoppers: Record<string, string> = {};

async function cartWith(quantity: number, productId: string, userId: string | null = null) {
  const id = newCartId();
  await db().insert(carts).values({ id, userId });
  await db().insert(cartLines).values({ cartId: id, productId, size: 'M', color: 'Black', quantity });
  return (await serializeCartId(id)).split(';')[0];
}

beforeAll(async () => {
  const handler = createRequestHandler(await builtApp(), 'production');
  handle = (url, cookie) => handler(new Request(`http://shop.test${url}`, { headers: cookie ? { cookie } : {} }));
  const collection = await createCollection({ name: 'Joined Drop' });
  const product = await createProduct({
    name: 'Joined Tee',
    collectionId: collection.id,
    sizes: ['M'],
    // White sold out: the page carries "Email me when it's back" (decision 0027), which must be the same for everyone
    // too.
    colors: ['Black', 'White'],
    stock: { 'M/Black': 500, 'M/White': 0 },
  });
  urls.push('/', '/collections', `/collections/${collection.id}`, `/product/${product.id}`, '/new-arrivals');
  urls.push('/about', '/contact', '/privacy', '/terms');
  const customer = await createUser({ verified: true });
  const admin = await createUser({ admin: true });
  // Delivery zones, and a saved address they price (decision 0022): the product page's Delivery panel must still be
  // the same for everyone; the customer's own promise is asked for after the page has loaded.
  await addZone(LAGOS_MAINLAND);
  await addZone(LAGOS_ISLAND);
  await saveAddress(customer.id, { ...TEST_ADDRESS, city: 'Lekki', state: 'Lagos' });
  shoppers['visitor with 3 in the cart'] = await cartWith(3, product.id);
  shoppers['customer with 120 in the cart'] = `${customer.cookie}; ${await cartWith(120, product.id, customer.id)}`;
  shoppers['admin with an empty cart'] = admin.cookie;
  shoppers['customer with a stale visitor cart cookie'] = `${customer.cookie}; cart=not-a-cart`;
  // The WhatsApp links (docs/requirements.md#9-order-and-payment-statuses): the footer's, and the product page's "Ask
  // about this piece" and "Share", the same for every shopper. Set before the built app first reads the settings.
  await db().update(storeSettings).set({ whatsappNumber: '2348031234567' });
});

/** The document as the browser lays it out: React Router's hydration scripts and the joined JSON block left out. */
const markupOf = (html: string) =>
  html
    .replace(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g, '')
    .replace(new RegExp(`<script type="application/json" id="${SHOPPER_VIEW_ID}">[^<]*</script>`), '');

describe('a stored page joined for a shopper is the page rendered for them', () => {
  it.each(['visitor with 3 in the cart', 'customer with 120 in the cart', 'admin with an empty cart'])(
    '%s, on every shareable storefront page',
    async (name) => {
      const cookie = shoppers[name];
      const view = await readShopperView(cookie);
      expect(view).not.toEqual(VISITOR_VIEW);
      for (const url of urls) {
        const visitors = await handle(url);
        expect(visitors.headers.get('cache-control'), url).toMatch(/\bpublic\b/);
        const rendered = await (await handle(url, cookie)).text();
        const joined = await joinShopperView(Buffer.from(await visitors.text()), view);
        expect(joined, url).not.toBeNull();
        const html = joined!.toString();
        expect(markupOf(html), url).toBe(markupOf(rendered));
        const block = html.match(new RegExp(`id="${SHOPPER_VIEW_ID}">([^<]*)</script></body>`))?.[1];
        expect(parseShopperView(block), url).toEqual(view);
      }
    },
  );

  it('joins pages that carry the WhatsApp links', async () => {
    const product = await (await handle(urls.find((url) => url.startsWith('/product/'))!)).text();
    expect(product).toContain('Ask about this piece on WhatsApp');
    expect(product).toContain('Share on WhatsApp');
    expect(product).toContain('href="https://wa.me/2348031234567?text=');
  });

  it('joins the product page with its "Email me when it\'s back" form, the same for everyone', async () => {
    const product = await (await handle(urls.find((url) => url.startsWith('/product/'))!)).text();
    expect(product).toContain('formAction="/back-in-stock"');
    expect(product).toContain('Email me when it&#x27;s back');
  });

  it('reads what the root loader shows: the account cart once signed in, the visitor cart before', async () => {
    expect(await readShopperView(shoppers['visitor with 3 in the cart'])).toEqual({ cartCount: 3, account: null });
    expect(await readShopperView(shoppers['customer with 120 in the cart'])).toEqual({
      cartCount: 120,
      account: { isAdmin: false },
    });
    expect(await readShopperView(shoppers['admin with an empty cart'])).toEqual({
      cartCount: 0,
      account: { isAdmin: true },
    });
    // The account's cart counts once signed in, whatever the cart cookie says.
    expect(await readShopperView(shoppers['customer with a stale visitor cart cookie'])).toEqual({
      cartCount: 120,
      account: { isAdmin: false },
    });
    for (const forged of ['cart=forged', 'better-auth.session_token=forged.sig', undefined])
      expect(await readShopperView(forged)).toEqual(VISITOR_VIEW);
  });

  it('joins nothing into a page without the header, or with its parts more than once', async () => {
    const page = await (await handle('/about')).text();
    const view = { cartCount: 1, account: null };
    expect(await joinShopperView(Buffer.from('<html><body><p>no header</p></body></html>'), view)).toBeNull();
    const header = page.match(/<header[\s\S]*?<\/header>/)![0];
    expect(await joinShopperView(Buffer.from(page.replace(header, header + header)), view)).toBeNull();
  });
});
