/** /checkout, /checkout/callback and /order-success/{id} as the browser reaches them (real PostgreSQL, simulator). */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { ORDER_MESSAGES } from '~/lib/orders/orders';
import { addressFields, orderRow, pay, putInCart, withSimulator } from '../../tests/checkout-helpers';
import { createProduct, createUser } from '../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';
import CheckoutPage from './checkout';
import { renderPage } from '../../tests/render-page';

const callbackRoute = await routeModule<typeof import('~/routes/checkout-callback')>('routes/checkout-callback.tsx');
const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const successRoute = await routeModule<typeof import('~/routes/order-success')>('routes/order-success.tsx');

const simulator = withSimulator();

async function customerWithCart() {
  const user = await createUser();
  const product = await createProduct({ price: 30_000_00, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id }]);
  return { user, product };
}

const callback = (reference: string, cookie: string) =>
  outcome(() =>
    callbackRoute.loader(args(get(`/checkout/callback?trxref=${reference}&reference=${reference}`, cookie))),
  );

/** The checkout page a browser without JavaScript gets back after posting `request` (action, loader, render). */
async function pageAfter(request: Request) {
  const page = await renderPage({ path: '/checkout', route: checkoutRoute, Page: CheckoutPage, request });
  if (page.location !== null) throw new Error(`answered ${page.status} instead of a page`);
  return page;
}

/** The opening tag of the input with this id, and the text of the element its aria-describedby names. */
function described(html: string, id: string): { tag: string; description: string | undefined } {
  const tag = html.match(new RegExp(`<(input|select) [^>]*id="${id}"[^>]*>`))?.[0] ?? '';
  const describedBy = tag.match(/aria-describedby="([^"]+)"/)?.[1];
  const description = describedBy && html.match(new RegExp(`id="${describedBy}"[^>]*>([^<]*)<`))?.[1];
  return { tag, description: description || undefined };
}

describe('/checkout page', () => {
  // docs/requirements.md#7-checkout: a visitor stays on the page, which adds the account fields (checkout-account.test.ts).
  it('keeps visitors on the page: no redirect to sign in, and Pay asks for the account fields', async () => {
    expect(await outcome(() => checkoutRoute.loader(args(get('/checkout'))))).toMatchObject({
      status: 200,
      data: { signedIn: false },
    });
    expect(await outcome(() => checkoutRoute.action(args(post('/checkout', addressFields()))))).toMatchObject({
      status: 400,
      data: { result: { error: { password: ['Please enter a password.'] } } },
    });
  });

  it('shows the cart, the delivery fee, the account email and a test-mode flag', async () => {
    const { user } = await customerWithCart();
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', user.cookie))));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      // No zones in a fresh store: every address pays the brief's ₦2,600 (decision 0022).
      delivery: { zones: [], options: { defaultFee: 2_600_00, freeDeliveryOver: null, pickup: { enabled: false } } },
      address: { email: user.email, country: 'Nigeria' },
      payments: { mode: 'test' },
      cart: { subtotal: 30_000_00, itemCount: 1 },
    });
  });

  // Blank fields get the message of docs/requirements.md#14-messages; a bad phone or email gets its own.
  it('answers blank fields, a bad phone and a bad email with their messages, keeping what was typed', async () => {
    const { user } = await customerWithCart();
    const blank = await pay(user.cookie, addressFields({ firstName: '  ', city: '' }));
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      result: {
        error: { '': [CHECKOUT_MESSAGES.requiredFields], firstName: ['This field is required.'] },
        initialValue: { lastName: 'Obi', address: '12 Admiralty Way' },
      },
    });
    const phone = await pay(user.cookie, addressFields({ phone: '12345' }));
    expect(phone).toMatchObject({
      status: 400,
      data: {
        result: { error: { phone: ['Please enter a Nigerian phone number: +234 or 0 followed by 10 digits.'] } },
      },
    });
    const email = await pay(user.cookie, addressFields({ email: 'not-an-email' }));
    expect(email).toMatchObject({
      status: 400,
      data: { result: { error: { email: ['Please enter a valid email address.'] } } },
    });
  });

  it('without JavaScript, blank fields come back marked, with the message above and what was typed', async () => {
    const { user } = await customerWithCart();
    const typed = addressFields({ lastName: ' ', city: '', state: '', phone: '12345' });
    const { status, html } = await pageAfter(post('/checkout', typed, { cookie: user.cookie }));
    expect(status).toBe(400);
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${CHECKOUT_MESSAGES.requiredFields}<`));
    for (const id of ['shipping-lastName', 'shipping-city', 'shipping-state'])
      expect(described(html, id)).toEqual({
        tag: expect.stringContaining('aria-invalid="true"'),
        description: 'This field is required.',
      });
    expect(described(html, 'shipping-phone')).toEqual({
      tag: expect.stringContaining('value="12345"'),
      description: 'Please enter a Nigerian phone number: +234 or 0 followed by 10 digits.',
    });
    expect(described(html, 'shipping-address').tag).toContain(`value="${typed.address}"`);
    // No state chosen: the placeholder, not the first state, is what the select shows.
    expect(html).toMatch(/<option value="" disabled="" selected="">Choose a state<\/option>/);
  });

  it('refuses an empty cart', async () => {
    const user = await createUser();
    expect(await pay(user.cookie)).toMatchObject({
      status: 400,
      data: { result: { error: { '': [CHECKOUT_MESSAGES.emptyCart] } } },
    });
  });

  it('refuses a post from another site', async () => {
    const { user } = await customerWithCart();
    await expect(
      outcome(() =>
        checkoutRoute.action(
          args(post('/checkout', addressFields(), { cookie: user.cookie, origin: 'https://evil.example' })),
        ),
      ),
    ).resolves.toMatchObject({ status: 403 });
  });

  it('without JavaScript, redirects to the payment page and comes back by the callback to order-success', async () => {
    const { user } = await customerWithCart();
    const redirected = await pay(user.cookie, {}, 'redirect');
    expect(redirected.status).toBe(302);
    expect(redirected.location).toMatch(new RegExp(`^${simulator.current.baseUrl}/checkout/[0-9a-f]+$`));
    const reference = [...simulator.current.transactions.values()].find((tx) =>
      redirected.location?.endsWith(tx.accessCode),
    )!.reference;
    simulator.current.pay(reference);
    const back = await callback(reference, user.cookie);
    expect(back.status).toBe(302);
    const orderId = back.location!.replace('/order-success/', '');
    const success = await outcome(() => successRoute.loader(args(get(back.location!, user.cookie), { id: orderId })));
    expect(success).toMatchObject({
      status: 200,
      data: { order: { id: orderId, paymentStatus: 'paid', total: 32_600_00 } },
    });
  });

  // The processing message is the one of docs/requirements.md#14-messages.
  it('answers a provider error with the processing message and keeps the pending order for a retry', async () => {
    const { user } = await customerWithCart();
    simulator.current.setFault('down');
    let failed;
    try {
      failed = await pay(user.cookie);
    } finally {
      simulator.current.setFault('none');
    }
    expect(failed).toMatchObject({
      status: 503,
      data: { result: { error: { '': [CHECKOUT_MESSAGES.processingError] } } },
    });
    const retry = await pay(user.cookie);
    expect(retry.status).toBe(200);
    expect(await orderRow((retry.data as { payment: { orderId: string } }).payment.orderId)).toMatchObject({
      payment_status: 'pending',
    });
  });
});

describe('/checkout/callback', () => {
  it('a payment that was not successful goes back to checkout with the message; the cart stays', async () => {
    const { user } = await customerWithCart();
    const { payment } = (await pay(user.cookie)).data as { payment: { reference: string } };
    simulator.current.transactions.get(payment.reference)!.status = 'failed';
    expect(await callback(payment.reference, user.cookie)).toMatchObject({
      status: 302,
      location: '/checkout?payment=failed',
    });
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout?payment=failed', user.cookie))));
    expect(page.data).toMatchObject({ notice: CHECKOUT_MESSAGES.notSuccessful, cart: { itemCount: 1 } });
  });

  it('a wrong amount goes back with the review message, never to success', async () => {
    const { user } = await customerWithCart();
    const { payment } = (await pay(user.cookie)).data as { payment: { reference: string } };
    simulator.current.pay(payment.reference);
    simulator.current.setFault('wrong-amount');
    try {
      expect(await callback(payment.reference, user.cookie)).toMatchObject({
        status: 302,
        location: '/checkout?payment=review',
      });
    } finally {
      simulator.current.setFault('none');
    }
  });

  it('Paystack slow to answer: the customer sees the order page saying confirmation is pending (no 500)', async () => {
    const { user } = await customerWithCart();
    const { payment } = (await pay(user.cookie)).data as { payment: { reference: string; orderId: string } };
    simulator.current.pay(payment.reference);
    simulator.current.setFault('timeout');
    const visit = () =>
      outcome(() =>
        successRoute.loader(args(get(`/order-success/${payment.orderId}`, user.cookie), { id: payment.orderId })),
      );
    try {
      expect(await callback(payment.reference, user.cookie)).toMatchObject({
        status: 302,
        location: `/order-success/${payment.orderId}`,
      });
      // The page asks Paystack again, which still does not answer: it says confirmation is pending.
      expect((await visit()).data).toMatchObject({ order: { paymentStatus: 'pending' } });
    } finally {
      simulator.current.setFault('none');
    }
  });

  it("does not confirm another customer's reference, nor a malformed one", async () => {
    const { user } = await customerWithCart();
    const stranger = await createUser();
    const { payment } = (await pay(user.cookie)).data as { payment: { reference: string; orderId: string } };
    simulator.current.pay(payment.reference);
    expect(await callback(payment.reference, stranger.cookie)).toMatchObject({ location: '/checkout?payment=failed' });
    expect(await orderRow(payment.orderId)).toMatchObject({ payment_status: 'pending' });
    expect(await callback("pj_1'; drop table orders;--", user.cookie)).toMatchObject({
      location: '/checkout?payment=failed',
    });
  });
});

describe('/order-success/{id}', () => {
  it("is for the order's owner only", async () => {
    const { user } = await customerWithCart();
    const stranger = await createUser();
    const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string } };
    const load = (cookie: string, id = payment.orderId) =>
      outcome(() => successRoute.loader(args(get(`/order-success/${id}`, cookie), { id })));
    expect(await load(stranger.cookie)).toMatchObject({ status: 403, data: ORDER_MESSAGES.forbidden });
    expect(await load(user.cookie, 'zzzzzzzzzzzzzz')).toMatchObject({ status: 404, data: ORDER_MESSAGES.notFound });
  });
});

describe('payments not set up (production without Paystack keys)', () => {
  it('the page explains and the action refuses clearly, without taking stock for long', async () => {
    const { useSimulator } = await import('~/server/payments/paystack/config.server');
    const { UNAVAILABLE_REASON } = await import('~/server/payments/paystack/config.server');
    const { user } = await customerWithCart();
    useSimulator(undefined);
    try {
      const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', user.cookie))));
      expect(page.data).toMatchObject({ payments: { mode: 'unavailable', reason: UNAVAILABLE_REASON } });
      expect(await pay(user.cookie)).toMatchObject({
        status: 503,
        data: { result: { error: { '': [UNAVAILABLE_REASON] } } },
      });
    } finally {
      useSimulator({
        baseUrl: simulator.current.baseUrl,
        secretKey: simulator.current.secretKey,
        publicKey: simulator.current.publicKey,
        timeoutMs: 500,
      });
    }
  });
});
