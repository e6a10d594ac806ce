/**
 * Delivery at checkout (decision 0022) on real PostgreSQL and the Paystack simulator: the zone of the address
 * by state and town, the default fee, free delivery over an amount, pickup, refused input, a zone changed while the
 * shopper is at checkout (shown the new fee before paying, never charged one not shown), the page without JavaScript,
 * and the delivery each order keeps.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAddress } from '~/server/accounts/addresses.server';
import { deleteZone, updateZone } from '~/server/delivery/admin-delivery-zones.server';
import { confirmPayment } from '~/server/payments/confirm-payment.server';
import { db } from '~/server/db.server';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';
import {
  addressFields,
  pay,
  placeOrder,
  putInCart,
  shownDeliveryFee,
  withSimulator,
} from '../../tests/checkout-helpers';
import {
  ABUJA,
  addZone,
  LAGOS_ISLAND,
  LAGOS_MAINLAND,
  PICKUP,
  setDeliveryOptions,
  TEST_ACTOR,
} from '../../tests/delivery-helpers';
import { createProduct, createUser, TEST_ADDRESS } from '../../tests/factories';
import { renderPage } from '../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';
import CheckoutPage from './checkout';

const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');
const successRoute = await routeModule<typeof import('~/routes/order-success')>('routes/order-success.tsx');
const adminOrderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');

const simulator = withSimulator();
const zoneIds: Record<string, string> = {};

beforeAll(async () => {
  zoneIds.mainland = await addZone(LAGOS_MAINLAND);
  zoneIds.island = await addZone(LAGOS_ISLAND);
  zoneIds.abuja = await addZone(ABUJA);
});

/** A customer with one ₦30,000 item in the cart. */
async function customerWithCart(price = 30_000_00) {
  const user = await createUser();
  const product = await createProduct({ price, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id }]);
  return user;
}

const orderOf = async (orderId: string) => {
  const [row] = await db().execute<{
    shipping: string;
    total: string;
    delivery_method: string;
    delivery_zone: string | null;
    delivery_days_min: number | null;
    delivery_days_max: number | null;
    pickup_address: string | null;
    pickup_hours: string | null;
  }>(sql`select shipping, total, delivery_method, delivery_zone, delivery_days_min, delivery_days_max, pickup_address,
    pickup_hours from orders where id = ${orderId}`);
  return { ...row, shipping: Number(row.shipping), total: Number(row.total) };
};

const ordersOf = async (userId: string) =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`))[0].n;

type Refused = {
  result: { error: Record<string, string[]> };
  delivery?: Awaited<ReturnType<typeof getDeliveryConfig>>;
};

/** Pay, which must place an order: the order's row, and what Paystack was asked to charge. */
async function placed(cookie: string, fields: Record<string, string> = {}) {
  const payment = await placeOrder(simulator, cookie, fields);
  return { ...payment, order: await orderOf(payment.orderId) };
}

describe('the fee for the address', () => {
  it.each([
    ['a Lagos town the island zone names', 'Lagos', 'Lekki', LAGOS_ISLAND],
    ['the same town as typed carelessly', 'Lagos', '  victoria   ISLAND. ', LAGOS_ISLAND],
    ['any other Lagos town', 'Lagos', 'Ikeja', LAGOS_MAINLAND],
    ['the FCT', 'Federal Capital Territory', 'Wuse', ABUJA],
  ])(
    '%s pays its zone’s fee, keeps its zone and days, and Paystack charges the total',
    async (_, state, city, zone) => {
      const user = await customerWithCart();
      const { order, charged } = await placed(user.cookie, { state, city });
      expect(order).toMatchObject({
        shipping: zone.fee,
        total: 30_000_00 + zone.fee,
        delivery_method: 'delivery',
        delivery_zone: zone.name,
        delivery_days_min: zone.minDays,
        delivery_days_max: zone.maxDays,
        pickup_address: null,
      });
      expect(charged).toBe(order.total);
    },
  );

  it('a state no zone covers pays the default fee (the brief’s ₦2,600, 5-6 working days)', async () => {
    const user = await customerWithCart();
    const { order, charged } = await placed(user.cookie, { state: 'Kano', city: 'Kano' });
    expect(order).toMatchObject({
      shipping: 2_600_00,
      total: 32_600_00,
      delivery_zone: null,
      delivery_days_min: 5,
      delivery_days_max: 6,
    });
    expect(charged).toBe(32_600_00);
  });

  it('the page prices the saved address, names the zone and carries the fee it shows', async () => {
    const user = await customerWithCart();
    await saveAddress(user.id, { ...TEST_ADDRESS, city: 'Lekki', state: 'Lagos' });
    const { html, status } = await renderPage({
      path: '/checkout',
      route: checkoutRoute,
      Page: CheckoutPage,
      request: get('/checkout', user.cookie),
    });
    expect(status).toBe(200);
    expect(html).toContain('Lagos Island &amp; Lekki–Ajah: 1–3 working days');
    expect(html).toContain('<input type="hidden" name="shownDeliveryFee" value="250000"/>');
    expect(html).toContain('Pay ₦32,500');
    // Without JavaScript a button asks the server for the fee of another address.
    expect(html.match(/<button[^>]*value="quote"[^>]*>[^<]*<\/button>/)?.[0]).toMatch(/>Update delivery</);
  });
});

describe('free delivery over an amount', () => {
  it('makes delivery free from the amount on (and never below it), for zones and the default alike', async () => {
    await setDeliveryOptions({ freeDeliveryOver: 30_000_00 });
    try {
      const rich = await customerWithCart(30_000_00);
      const free = await placed(rich.cookie, { state: 'Federal Capital Territory', city: 'Garki' });
      expect(free.order).toMatchObject({ shipping: 0, total: 30_000_00, delivery_zone: ABUJA.name });
      expect(free.charged).toBe(30_000_00);
      const under = await customerWithCart(29_999_99);
      const paid = await placed(under.cookie, { state: 'Kano', city: 'Kano' });
      expect(paid.order).toMatchObject({ shipping: 2_600_00, total: 29_999_99 + 2_600_00 });
    } finally {
      await setDeliveryOptions({ freeDeliveryOver: null });
    }
  });

  it('is off by default', async () => {
    expect((await getDeliveryConfig()).options.freeDeliveryOver).toBeNull();
  });
});

describe('pickup', () => {
  it('charges the pickup fee and keeps where and when to collect, whatever the address', async () => {
    await setDeliveryOptions({ pickup: PICKUP });
    try {
      const user = await customerWithCart();
      const { order, charged } = await placed(user.cookie, { delivery: 'pickup', state: 'Kano', city: 'Kano' });
      expect(order).toEqual({
        shipping: 500_00,
        total: 30_500_00,
        delivery_method: 'pickup',
        delivery_zone: null,
        delivery_days_min: 1,
        delivery_days_max: 2,
        pickup_address: PICKUP.address,
        pickup_hours: PICKUP.hours,
      });
      expect(charged).toBe(30_500_00);
    } finally {
      await setDeliveryOptions({ pickup: { ...PICKUP, enabled: false } });
    }
  });

  it('a second Pay for the same cart and total keeps the one order, now promised as pickup', async () => {
    await setDeliveryOptions({ pickup: { ...PICKUP, fee: LAGOS_ISLAND.fee } });
    try {
      const user = await customerWithCart();
      const first = await placed(user.cookie, { state: 'Lagos', city: 'Ajah' });
      const second = await placed(user.cookie, { delivery: 'pickup' });
      expect(second.orderId).toBe(first.orderId);
      expect(second.order).toMatchObject({ delivery_method: 'pickup', delivery_zone: null, total: 32_500_00 });
      expect(await ordersOf(user.id)).toBe(1);
    } finally {
      await setDeliveryOptions({ pickup: { ...PICKUP, enabled: false } });
    }
  });

  it('pickup chosen while the store stopped offering it: refused with the reason, nothing placed', async () => {
    const user = await customerWithCart();
    const answer = await pay(user.cookie, { delivery: 'pickup', shownDeliveryFee: '50000' });
    expect(answer.status).toBe(409);
    expect((answer.data as Refused).result.error['']).toEqual([
      'Pickup is not offered at the moment. Please choose delivery to your address.',
    ]);
    expect((answer.data as Refused).delivery?.options.pickup.enabled).toBe(false);
    expect(await ordersOf(user.id)).toBe(0);
  });
});

describe('refused input', () => {
  it('an unknown state and a town longer than the form allows are named, and nothing is placed', async () => {
    const user = await customerWithCart();
    const state = await pay(user.cookie, { state: 'Atlantis', shownDeliveryFee: '260000' });
    expect(state.status).toBe(400);
    expect((state.data as Refused).result.error.state).toEqual(['Please choose your state.']);
    const town = await pay(user.cookie, { city: 'Lekki'.padEnd(101, 'x'), shownDeliveryFee: '250000' });
    expect(town.status).toBe(400);
    expect((town.data as Refused).result.error.city).toEqual(['Please keep your town under 100 characters.']);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('Update delivery says the same, and an unknown button is refused', async () => {
    const user = await customerWithCart();
    const send = (fields: Record<string, string>) =>
      outcome(() => checkoutRoute.action(args(post('/checkout', fields, { cookie: user.cookie }))));
    const quote = await send({ intent: 'quote', state: 'Atlantis', city: 'x'.repeat(101) });
    expect(quote.status).toBe(400);
    expect((quote.data as Refused).result.error).toEqual({
      state: ['Please choose your state.'],
      city: ['Please keep your town under 100 characters.'],
    });
    const unknown = await send({ ...addressFields(), intent: 'ship-it' });
    expect(unknown.status).toBe(400);
    expect((unknown.data as Refused).result.error['']).toEqual(['Unknown action.']);
    expect(await ordersOf(user.id)).toBe(0);
  });
});

describe('a zone changed while the shopper is at checkout', () => {
  const wuse = { state: 'Federal Capital Territory', city: 'Wuse' };

  it('refuses a Pay whose fee was not the one charged, shows the new fee, and places only once confirmed', async () => {
    const user = await customerWithCart();
    const shown = await shownDeliveryFee(user.cookie, addressFields(wuse));
    expect(shown).toBe('300000');
    const before = simulator.current.transactions.size;
    await updateZone(TEST_ACTOR, zoneIds.abuja, { ...ABUJA, fee: 4_000_00 });
    try {
      const refused = await pay(user.cookie, { ...wuse, shownDeliveryFee: shown });
      expect(refused.status).toBe(409);
      const data = refused.data as Refused;
      expect(data.result.error['']).toEqual([
        'Delivery to Wuse, Federal Capital Territory costs ₦4,000 now, not ₦3,000 as shown before. ' +
          'Please check your total of ₦34,000 and press Pay again.',
      ]);
      // The page quotes from the zones as they are now.
      expect(data.delivery?.zones.find((zone) => zone.name === ABUJA.name)?.fee).toBe(4_000_00);
      expect(await ordersOf(user.id)).toBe(0);
      expect(simulator.current.transactions.size).toBe(before);
      // The shopper saw ₦4,000 and presses Pay again.
      const { order, charged } = await placed(user.cookie, { ...wuse, shownDeliveryFee: '400000' });
      expect([order.shipping, order.total, charged]).toEqual([4_000_00, 34_000_00, 34_000_00]);
    } finally {
      await updateZone(TEST_ACTOR, zoneIds.abuja, ABUJA);
    }
  });

  it('a zone deleted meanwhile: the address falls to the default fee, shown before it is charged', async () => {
    const user = await customerWithCart();
    const gone = await addZone({
      name: 'Kano Express',
      states: ['Kano'],
      towns: [],
      fee: 1_000_00,
      minDays: 1,
      maxDays: 1,
      payOnDelivery: false,
    });
    const shown = await shownDeliveryFee(user.cookie, addressFields({ state: 'Kano', city: 'Kano' }));
    expect(shown).toBe('100000');
    await deleteZone(TEST_ACTOR, gone);
    const refused = await pay(user.cookie, { state: 'Kano', city: 'Kano', shownDeliveryFee: shown });
    expect(refused.status).toBe(409);
    expect((refused.data as Refused).result.error['']).toEqual([
      'Delivery to Kano, Kano costs ₦2,600 now, not ₦1,000 as shown before. ' +
        'Please check your total of ₦32,600 and press Pay again.',
    ]);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('a copy of the zones older than the database (another process’s change) is never what is charged', async () => {
    const user = await customerWithCart();
    await getDeliveryConfig();
    // As another store process would: the row changes, this process has not heard yet.
    await db().execute(sql`update delivery_zones set fee = 330000 where id = ${zoneIds.abuja}`);
    try {
      const stale = await shownDeliveryFee(user.cookie, addressFields(wuse));
      expect(stale).toBe('300000');
      const refused = await pay(user.cookie, { ...wuse, shownDeliveryFee: stale });
      expect(refused.status).toBe(409);
      expect((refused.data as Refused).result.error[''][0]).toContain('costs ₦3,300 now, not ₦3,000');
      // The refusal dropped the stale copy: the page now shows what Pay charges.
      expect(await shownDeliveryFee(user.cookie, addressFields(wuse))).toBe('330000');
      expect((await placed(user.cookie, wuse)).order.shipping).toBe(3_300_00);
    } finally {
      await updateZone(TEST_ACTOR, zoneIds.abuja, ABUJA);
    }
  });

  it('a Pay with no fee shown (state picked, Pay pressed without JavaScript) is shown the fee first', async () => {
    const user = await customerWithCart();
    const refused = await pay(user.cookie, { state: 'Kano', city: 'Kano', shownDeliveryFee: '' });
    expect(refused.status).toBe(409);
    expect((refused.data as Refused).result.error['']).toEqual([
      'Delivery to Kano, Kano costs ₦2,600. Please check your total of ₦32,600 and press Pay again.',
    ]);
    expect(await ordersOf(user.id)).toBe(0);
  });
});

describe('without JavaScript', () => {
  const page = (request: Request) =>
    renderPage({ path: '/checkout', route: checkoutRoute, Page: CheckoutPage, request });

  it('Update delivery prices the address typed and gives the form back as typed, unmarked', async () => {
    const user = await customerWithCart();
    const typed = { ...addressFields({ state: 'Lagos', city: 'Ajah', phone: '' }), intent: 'quote' };
    const { status, markup } = await page(post('/checkout', typed, { cookie: user.cookie }));
    expect(status).toBe(200);
    expect(markup).toContain('Lagos Island &amp; Lekki–Ajah: 1–3 working days');
    expect(markup).toContain('<input type="hidden" name="shownDeliveryFee" value="250000"/>');
    expect(markup).toContain('Pay ₦32,500');
    expect(markup).toContain(`value="${TEST_ADDRESS.address}"`);
    expect(markup).toMatch(/<option value="Lagos" selected="">Lagos<\/option>/);
    // Only the fee was asked for: the blank phone is not marked yet.
    expect(markup).not.toContain('role="alert"');
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('a Pay refused for its fee comes back with the message, the new fee shown and carried, as typed', async () => {
    const user = await customerWithCart();
    const typed = { ...addressFields({ state: 'Kano', city: 'Kano' }), intent: 'pay', shownDeliveryFee: '' };
    const { status, markup } = await page(post('/checkout', typed, { cookie: user.cookie }));
    expect(status).toBe(409);
    expect(markup).toContain('Delivery to Kano, Kano costs ₦2,600. Please check your total of ₦32,600');
    expect(markup).toContain('<input type="hidden" name="shownDeliveryFee" value="260000"/>');
    expect(markup).toContain('Pay ₦32,600');
    expect(markup).toContain('value="Kano"');
  });

  it('before a state is chosen the page names no fee and carries none', async () => {
    const user = await customerWithCart();
    const { markup } = await page(get('/checkout', user.cookie));
    expect(markup).toContain('Choose your state to see the delivery fee.');
    expect(markup).toContain('<input type="hidden" name="shownDeliveryFee" value=""/>');
    expect(markup).toContain('Pay ₦30,000 + delivery');
  });
});

describe('the delivery an order keeps', () => {
  it('order pages, the admin’s and the confirmation mail show the snapshot, whatever the zone becomes', async () => {
    const user = await customerWithCart();
    const admin = await createUser({ admin: true });
    const { orderId, reference } = await placed(user.cookie, { state: 'Lagos', city: 'Lekki' });
    simulator.current.pay(reference);
    expect((await confirmPayment(reference, 'callback')).kind).toBe('paid');
    await updateZone(TEST_ACTOR, zoneIds.island, { ...LAGOS_ISLAND, name: 'Renamed', fee: 9_999_00, maxDays: 9 });
    try {
      const snapshot = {
        method: 'delivery',
        zone: LAGOS_ISLAND.name,
        minDays: 1,
        maxDays: 3,
        pickupAddress: null,
        pickupHours: null,
      };
      const mine = await outcome(() => orderRoute.loader(args(get(`/orders/${orderId}`, user.cookie), { orderId })));
      expect(mine.data).toMatchObject({ order: { shipping: 2_500_00, delivery: snapshot } });
      const success = await outcome(() =>
        successRoute.loader(args(get(`/order-success/${orderId}`, user.cookie), { id: orderId })),
      );
      expect(success.data).toMatchObject({ order: { delivery: snapshot } });
      const adminPage = await outcome(() =>
        adminOrderRoute.loader(args(get(`/admin/orders/${orderId}`, admin.cookie), { orderId })),
      );
      expect(adminPage.data).toMatchObject({ order: { delivery: snapshot, shipping: 2_500_00 } });
      const [mail] = await db().execute<{ text: string }>(sql`select data->'mail'->>'text' as text from pgboss.job
        where name = 'mail' and data->'mail'->>'subject' = ${`Order ${orderId.slice(-8).toUpperCase()} confirmed`}`);
      expect(mail.text).toContain('Delivery (Lagos Island & Lekki–Ajah: 1–3 working days): ₦2,500');
      expect(mail.text).toContain('(Lagos Island & Lekki–Ajah: 1–3 working days)');
      expect(mail.text).toContain('Total paid: ₦32,500');
    } finally {
      await updateZone(TEST_ACTOR, zoneIds.island, LAGOS_ISLAND);
    }
  });
});
