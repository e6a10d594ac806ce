/**
 * "Ask about this order" on /orders/{id} (docs/requirements.md#9-order-and-payment-statuses): a chat with the store's
 * WhatsApp number naming the order by the number the page shows, opened in a new tab; no link when the store has no
 * number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/schema';
import { shortOrderId } from '~/lib/orders/orders';
import { db } from '~/server/db.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { createOrder, createUser } from '../../tests/factories';
import { renderPage } from '../../tests/render-page';
import { get, routeModule } from '../../tests/route-helpers';
import OrderPage from './order';

const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');

let customer: Awaited<ReturnType<typeof createUser>>;
let order: Awaited<ReturnType<typeof createOrder>>;

async function setNumber(whatsappNumber: string) {
  await db().update(storeSettings).set({ whatsappNumber, storeName: 'Maison Lagos' });
  invalidateSettings();
}

beforeAll(async () => {
  customer = await createUser();
  order = await createOrder({ userId: customer.id, paymentStatus: 'paid' });
});

afterAll(() => setNumber(''));

async function orderPage() {
  const page = await renderPage({
    path: '/orders/:orderId',
    route: orderRoute,
    Page: OrderPage,
    request: get(`/orders/${order.id}`, customer.cookie),
    params: { orderId: order.id },
  });
  expect(page.status).toBe(200);
  return page.markup;
}

describe('Ask about this order', () => {
  it('opens the store’s chat in a new tab, naming the order as the page does', async () => {
    await setNumber('2348031234567');
    const markup = await orderPage();
    const link = markup.match(/<a href="([^"]+)" target="_blank" rel="noopener noreferrer"[^>]*>([^<]+)<\/a>/);
    expect(link?.[2]).toBe('Ask about this order on WhatsApp');
    const url = new URL(link![1].replaceAll('&amp;', '&'));
    expect(url.origin + url.pathname).toBe('https://wa.me/2348031234567');
    expect(url.searchParams.get('text')).toBe(
      `Hello Maison Lagos, I have a question about my order #${shortOrderId(order.id)}.`,
    );
    expect(markup).toContain(`Order #${shortOrderId(order.id)}`);
  });

  it('is not offered when the store has no WhatsApp number', async () => {
    await setNumber('');
    expect(await orderPage()).not.toContain('WhatsApp');
  });
});
