/**
 * GET /whatsapp/ask (docs/requirements.md#9-order-and-payment-statuses): "Ask about this piece" on the product page,
 * sent on to the store's WhatsApp chat with the product, the size and colour chosen and the product's page, from the
 * database only; never kept.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/schema';
import { db } from '~/server/db.server';
import { publicUrl } from '~/server/public-url.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { createProduct } from '../../tests/factories';
import { args, get, outcome, routeModule } from '../../tests/route-helpers';

const route = await routeModule<typeof import('~/routes/whatsapp-ask')>('routes/whatsapp-ask.ts');

const NUMBER = '2348031234567';
let product: Awaited<ReturnType<typeof createProduct>>;

async function setStore(values: { whatsappNumber?: string; storeName?: string }) {
  await db().update(storeSettings).set(values);
  invalidateSettings();
}

beforeAll(async () => {
  product = await createProduct({ name: 'Agbada Coat', sizes: ['S', 'M'], colors: ['Black', 'Off White'] });
  await setStore({ whatsappNumber: NUMBER, storeName: 'Maison Lagos' });
});

afterEach(() => setStore({ whatsappNumber: NUMBER, storeName: 'Maison Lagos' }));

async function ask(query: Record<string, string>) {
  const answer = await outcome(() => route.loader(args(get(`/whatsapp/ask?${new URLSearchParams(query)}`))));
  expect(answer.status).toBe(302);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.location ?? '';
}

/** Where WhatsApp opens: the number, and the one text the chat starts with. */
function chat(location: string) {
  const url = new URL(location);
  expect(url.origin).toBe('https://wa.me');
  expect([...url.searchParams.keys()]).toEqual(['text']);
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

describe('/whatsapp/ask', () => {
  it("opens the store's chat naming the piece, the size and colour chosen, and its page", async () => {
    const page = publicUrl(`/product/${product.id}`);
    expect(chat(await ask({ product: product.id, size: 'M', color: 'Off White' }))).toEqual({
      number: NUMBER,
      text: `Hello Maison Lagos, I'd like to ask about Agbada Coat (size M, colour Off White): ${page}`,
    });
    expect(chat(await ask({ product: product.id })).text).toBe(
      `Hello Maison Lagos, I'd like to ask about Agbada Coat: ${page}`,
    );
    expect(chat(await ask({ product: product.id, size: '', color: 'Black' })).text).toBe(
      `Hello Maison Lagos, I'd like to ask about Agbada Coat (colour Black): ${page}`,
    );
  });

  it('takes the product page\'s whole form as its plain submit sends it, "Ask" button included', async () => {
    const location = await ask({
      intent: 'add',
      productId: product.id,
      redirectTo: `/product/${product.id}#add-to-cart`,
      size: 'S',
      color: 'Black',
      quantity: '1',
      product: product.id,
    });
    expect(chat(location).text).toContain('Agbada Coat (size S, colour Black): ');
  });

  it("says only what the store knows: the name from the database, the product's own sizes and colours", async () => {
    const hostile = await createProduct({
      name: 'Tee & Co #1 ?text=hi&phone=1 <b>100%</b>\nNew line',
      sizes: ['M'],
      colors: ['Black'],
    });
    const { number, text } = chat(
      await ask({
        product: hostile.id,
        name: 'Free money',
        size: 'XXL, colour Gold): send ₦50,000 to',
        color: '<script>alert(1)</script>',
      }),
    );
    expect(number).toBe(NUMBER);
    expect(text).toBe(
      "Hello Maison Lagos, I'd like to ask about Tee & Co #1 ?text=hi&phone=1 <b>100%</b>\nNew line: " +
        publicUrl(`/product/${hostile.id}`),
    );
    // Every character the link could be cut at is percent-encoded.
    const location = await ask({ product: hostile.id });
    expect(location.split('?text=')[1]).toMatch(/^[A-Za-z0-9%._~!*'()-]+$/);
  });

  it('sends an unknown, malformed or missing product to the 404 page', async () => {
    const queries: Record<string, string>[] = [
      { product: '00000000000000' },
      { product: '../admin' },
      { product: '' },
      {},
    ];
    for (const query of queries) expect(await ask(query), JSON.stringify(query)).toBe('/404');
  });

  it('sends the shopper back to the product when the store has no WhatsApp number', async () => {
    await setStore({ whatsappNumber: '' });
    expect(await ask({ product: product.id, size: 'M', color: 'Black' })).toBe(`/product/${product.id}`);
  });
});
