/**
 * What a promo code took off an order (decision 0023), everywhere the order is shown, from the order's own discount and
 * code whatever becomes of the code: the customer's order page and order-success page, the admin's order page and the
 * order mails (text and HTML). A code is staff-written text: markup in it stays text. An order without a code shows no
 * Discount line.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queueOrderMails } from '~/server/orders/order-mails.server';
import { db } from '~/server/db.server';
import { createOrder, createUser } from '../../tests/factories';
import { renderPage } from '../../tests/render-page';
import { get, routeModule } from '../../tests/route-helpers';
import AdminOrderPage from './admin/order';
import OrderPage from './order';
import OrderSuccessPage from './order-success';

const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');
const successRoute = await routeModule<typeof import('~/routes/order-success')>('routes/order-success.tsx');
const adminOrderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');

const HOSTILE = '<img src=x onerror=alert(1)>';

let customer: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
/** ₦45,000 of items, ₦2,600 delivery, WELCOME10 took ₦4,500 off: ₦43,100. */
let welcome: Awaited<ReturnType<typeof createOrder>>;
/** Free delivery: the ₦2,600 fee taken off again. */
let freeDelivery: Awaited<ReturnType<typeof createOrder>>;
let plain: Awaited<ReturnType<typeof createOrder>>;
let hostile: Awaited<ReturnType<typeof createOrder>>;

beforeAll(async () => {
  customer = await createUser();
  admin = await createUser({ admin: true });
  const items = [{ name: 'Signature Hoodie', unitPrice: 45_000_00 }];
  const paid = { userId: customer.id, paymentStatus: 'paid' as const, items };
  welcome = await createOrder({ ...paid, discount: 4_500_00, promoCode: 'Welcome10' });
  freeDelivery = await createOrder({ ...paid, discount: 2_600_00, promoCode: 'LAGOSFREE' });
  plain = await createOrder(paid);
  hostile = await createOrder({ ...paid, discount: 1_00, promoCode: HOSTILE });
});

/** The order's summary as the page shows it: its terms and values in order, tags and React's separators out. */
function summary(markup: string): string[] {
  const list = markup.match(/Order summary<\/h2><dl[^>]*>([\s\S]*?)<\/dl>/)?.[1] ?? markup;
  return [...list.matchAll(/<(?:dt|dd)[^>]*>([\s\S]*?)<\/(?:dt|dd)>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
}

const customerPage = async (orderId: string) => {
  const page = await renderPage({
    path: '/orders/:orderId',
    route: orderRoute,
    Page: OrderPage,
    request: get(`/orders/${orderId}`, customer.cookie),
    params: { orderId },
  });
  expect(page.status).toBe(200);
  return page.markup;
};

/** The totals the customer's and the admin's pages show for `welcome` and `plain`: each label, then its amount. */
const WELCOME_TOTALS = [
  'Subtotal',
  '₦45,000',
  'Delivery',
  '₦2,600',
  'Discount (Welcome10)',
  '-₦4,500',
  'Total',
  '₦43,100',
];
const PLAIN_TOTALS = ['Subtotal', '₦45,000', 'Delivery', '₦2,600', 'Total', '₦47,600'];

describe('the customer’s order pages', () => {
  it('a Discount line with the code between delivery and total', async () => {
    expect(summary(await customerPage(welcome.id))).toEqual(WELCOME_TOTALS);
    expect(summary(await customerPage(freeDelivery.id))).toEqual([
      'Subtotal',
      '₦45,000',
      'Delivery',
      '₦2,600',
      'Discount (LAGOSFREE)',
      '-₦2,600',
      'Total',
      '₦45,000',
    ]);
  });

  it('no Discount line without a code', async () => {
    expect(summary(await customerPage(plain.id))).toEqual(PLAIN_TOTALS);
  });

  it('the order-success page shows it too, and the total paid', async () => {
    const page = await renderPage({
      path: '/order-success/:id',
      route: successRoute,
      Page: OrderSuccessPage,
      request: get(`/order-success/${welcome.id}`, customer.cookie),
      params: { id: welcome.id },
    });
    expect(page.status).toBe(200);
    expect(page.markup).toContain('Your payment of <strong>₦43,100</strong> was received.');
    expect(summary(page.markup).slice(4)).toEqual(['Discount (Welcome10)', '-₦4,500', 'Total', '₦43,100']);
  });

  it('markup in a code is text', async () => {
    const markup = await customerPage(hostile.id);
    expect(markup).not.toContain(HOSTILE);
    expect(markup).toContain('Discount (&lt;img src=x onerror=alert(1)&gt;)');
  });
});

describe('the admin’s order page', () => {
  const adminPage = async (orderId: string) => {
    const page = await renderPage({
      path: '/admin/orders/:orderId',
      route: adminOrderRoute,
      Page: AdminOrderPage,
      request: get(`/admin/orders/${orderId}`, admin.cookie),
      params: { orderId },
    });
    expect(page.status).toBe(200);
    return page.markup;
  };
  const totals = (markup: string) => {
    const list = markup.match(/<dl class="mt-4 ml-auto[^>]*>([\s\S]*?)<\/dl>/)?.[1] ?? '';
    return [...list.matchAll(/<(?:dt|dd)[^>]*>([\s\S]*?)<\/(?:dt|dd)>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
  };

  it('the discount and the code beside the totals; none without a code; markup in a code is text', async () => {
    expect(totals(await adminPage(welcome.id))).toEqual(WELCOME_TOTALS);
    expect(totals(await adminPage(plain.id))).toEqual(PLAIN_TOTALS);
    const markup = await adminPage(hostile.id);
    expect(markup).not.toContain(HOSTILE);
    expect(totals(markup)).toContain('Discount (&lt;img src=x onerror=alert(1)&gt;)');
  });
});

describe('the order mails', () => {
  /** Queues the paid order's two mails as the payment's transaction does, and reads them back from the queue. */
  async function mailsOf(orderId: string) {
    await db().transaction((tx) => queueOrderMails(tx, orderId, 'http://shop.test'));
    const number = orderId.slice(-8).toUpperCase();
    const rows = await db().execute<{ subject: string; text: string; html: string | null }>(sql`
      select data->'mail'->>'subject' as subject, data->'mail'->>'text' as text, data->'mail'->>'html' as html
      from pgboss.job where name = 'mail' and data->'mail'->>'subject' like ${`%${number}%`}`);
    const confirmation = rows.find((row) => row.subject === `Order ${number} confirmed`);
    const notice = rows.find((row) => row.subject.startsWith(`New order ${number}`));
    expect(confirmation && notice).toBeTruthy();
    return { confirmation: confirmation!, notice: notice! };
  }

  it('the confirmation (text and HTML) and the new-order notice list the discount with its code', async () => {
    const { confirmation, notice } = await mailsOf(welcome.id);
    const sums = [
      'Subtotal: ₦45,000',
      'Delivery (Standard delivery: 5–6 working days): ₦2,600',
      'Discount (Welcome10): -₦4,500',
      'Total paid: ₦43,100',
    ].join('\n');
    expect(confirmation.text).toContain(sums);
    expect(notice.text).toContain(sums);
    expect(notice.subject).toBe(`New order ${welcome.id.slice(-8).toUpperCase()}: ₦43,100`);
    // In the HTML part each sum is a row: its label, then its amount.
    for (const [label, amount] of [
      ['Subtotal', '₦45,000'],
      ['Delivery (Standard delivery: 5–6 working days)', '₦2,600'],
      ['Discount (Welcome10)', '-₦4,500'],
      ['Total paid', '₦43,100'],
    ])
      expect(confirmation.html).toMatch(new RegExp(`>${label.replace(/[()]/g, '\\$&')}</p>.*?>${amount}</p>`, 's'));
  });

  it('no Discount line without a code', async () => {
    const { confirmation } = await mailsOf(plain.id);
    expect(confirmation.text).not.toContain('Discount');
    expect(confirmation.html).not.toContain('Discount');
    expect(confirmation.text).toContain('Delivery (Standard delivery: 5–6 working days): ₦2,600\nTotal paid: ₦47,600');
  });

  it('markup in a code is text in the HTML part', async () => {
    const { confirmation } = await mailsOf(hostile.id);
    expect(confirmation.html).not.toContain(HOSTILE);
    expect(confirmation.html).toContain('Discount (&lt;img src=x onerror=alert(1)&gt;)');
    expect(confirmation.text).toContain(`Discount (${HOSTILE}): -₦1`);
  });
});
