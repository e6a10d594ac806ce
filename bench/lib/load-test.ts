/**
 * The load test: `shoppers` concurrent shoppers browse and check out for `durationMs` against the
 * production build (plain HTTP, as browsers without JavaScript): home, the listing, a product, add to cart,
 * and every third round checkout through the Paystack simulator's hosted page and back (the simulator's
 * webhook races the return). Afterwards the database is checked: no 5xx was answered, every payment made at
 * the simulator belongs to exactly one paid order with one payment row, and no stock is negative.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { runningEmbeddedUrl } from '../../scripts/lib/running-database';
import { cookiesOf, post } from './shopper';

export type LoadTestResult = {
  shoppers: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  serverErrors: number;
  checkoutsStarted: number;
  paid: number;
  soldOut: number;
  lostOrDuplicated: number;
  negativeStock: number;
};

const ADDRESS = {
  firstName: 'Load',
  lastName: 'Tester',
  country: 'Nigeria',
  address: '1 Marina',
  apartment: '',
  city: 'Lagos Island',
  state: 'Lagos',
  phone: '08031234567',
  email: 'load@example.com',
};

type Variant = { productId: string; size: string; color: string };

export async function runLoadTest({
  origin,
  dataDir,
  shoppers = 50,
  durationMs = 60_000,
}: {
  origin: string;
  dataDir: string;
  shoppers?: number;
  durationMs?: number;
}): Promise<LoadTestResult> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('the store’s PostgreSQL is not running');
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const latencies: number[] = [];
  let serverErrors = 0;
  let checkoutsStarted = 0;
  let soldOut = 0;
  const paidReferences = new Set<string>();

  async function timed(
    path: string,
    init: RequestInit & { cookie?: string } = {},
  ): Promise<Response & { html: string }> {
    const started = performance.now();
    const response = await fetch(path.startsWith('http') ? path : `${origin}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers ?? {}) },
    });
    const html = await response.text();
    latencies.push(performance.now() - started);
    if (response.status >= 500) serverErrors += 1;
    return Object.assign(response, { html });
  }

  /**
   * The delivery fee and total (kobo) the checkout page shows for ADDRESS after "Update delivery", as its hidden fields
   * say: what Pay posts (the store charges only what the page showed, decisions 0022 and 0023).
   */
  async function shownAmounts(cookie: string): Promise<{ shownDeliveryFee: string; shownTotal: string } | null> {
    const page = await timed('/checkout', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ ...ADDRESS, intent: 'quote' }),
    });
    const fee = /name="shownDeliveryFee" value="(\d+)"/.exec(page.html)?.[1];
    const total = /name="shownTotal" value="(\d+)"/.exec(page.html)?.[1];
    // A line sold out since it was added, or every add refused: the page offers no Pay, as for a shopper, and the
    // round counts as sold out (a store that never offered Pay fails the run: no paid checkouts).
    if (page.status === 200 && (!fee || !total)) return null;
    if (!fee || !total) throw new Error(`"Update delivery" showed no fee or total (${page.status})`);
    return { shownDeliveryFee: fee, shownTotal: total };
  }

  try {
    const variants = await sql<Variant[]>`
      select v.product_id as "productId", v.size, v.color from product_variants v join products p on p.id = v.product_id
      where p.in_stock and (v.stock is null or v.stock > 0) order by random() limit 500`;
    if (variants.length === 0) throw new Error('no purchasable variant to shop for');
    const productIds = [...new Set(variants.map((v) => v.productId))];

    // Each shopper is a registered customer (checkout needs one).
    const cookies = await Promise.all(
      Array.from({ length: shoppers }, async (_, n) => {
        const email = `load-${n}-${randomBytes(4).toString('hex')}@example.com`;
        await post(origin, '/register', {
          email,
          password: 'load-test-pass',
          confirmPassword: 'load-test-pass',
          firstName: 'Load',
          lastName: `Shopper ${n}`,
          terms: 'on',
        });
        // Registering does not sign in (docs/requirements.md#14-messages): the shopper signs in next.
        const response = await post(origin, '/login', { email, password: 'load-test-pass' });
        const cookie = cookiesOf(response);
        if (!cookie) throw new Error(`registering a load shopper answered ${response.status}`);
        return cookie;
      }),
    );

    const deadline = Date.now() + durationMs;
    const started = Date.now();
    await Promise.all(
      cookies.map(async (cookie, n) => {
        for (let round = 0; Date.now() < deadline; round++) {
          const variant = variants[(n * 7919 + round * 104729) % variants.length];
          await timed('/', { cookie });
          await timed('/collections?page=2', { cookie });
          await timed(`/product/${productIds[(n + round) % productIds.length]}`, { cookie });
          const added = await timed('/cart', {
            method: 'POST',
            cookie,
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
            body: new URLSearchParams({ intent: 'add', ...variant, quantity: '1', redirectTo: '/cart' }),
          });
          void added;
          if (round % 3 !== 2) continue;
          // As a shopper without JavaScript does: "Update delivery" shows the fee and total for the address, then Pay
          // posts them.
          const shown = await shownAmounts(cookie);
          const checkout = shown
            ? await timed('/checkout', {
                method: 'POST',
                cookie,
                headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
                body: new URLSearchParams({ ...ADDRESS, intent: 'pay', ...shown }),
              })
            : null;
          if (!checkout || checkout.status === 409) {
            soldOut += 1;
            await timed('/cart', {
              method: 'POST',
              cookie,
              headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
              body: new URLSearchParams({ intent: 'clear' }),
            });
            continue;
          }
          const hosted = checkout.headers.get('location');
          if (checkout.status !== 302 || !hosted) continue;
          checkoutsStarted += 1;
          const paid = await timed(`${hosted}/pay`, { method: 'POST' });
          const back = paid.headers.get('location');
          if (!back) continue;
          const reference = new URL(back).searchParams.get('reference');
          if (reference) paidReferences.add(reference);
          await timed(new URL(back).pathname + new URL(back).search, { cookie });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    // Webhooks still in flight settle within a moment.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const references = [...paidReferences];
    const [orders] = await sql<{ paid: number; payments: number }[]>`
      select count(*) filter (where o.payment_status = 'paid')::int as paid,
        (select count(*)::int from payments p where p.reference = any(${references})) as payments
      from orders o where o.payment_reference = any(${references})`;
    const [negative] = await sql<{ n: number }[]>`select count(*)::int as n from product_variants where stock < 0`;
    latencies.sort((a, b) => a - b);
    return {
      shoppers,
      seconds,
      requests: latencies.length,
      requestsPerSecond: latencies.length / seconds,
      p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
      serverErrors,
      checkoutsStarted,
      paid: orders.paid,
      soldOut,
      // Every payment made at the simulator must be one paid order with one payment row.
      lostOrDuplicated: Math.abs(references.length - orders.paid) + Math.abs(references.length - orders.payments),
      negativeStock: negative.n,
    };
  } finally {
    await sql.end();
  }
}

/** Nothing lost or broken, and shoppers got through checkout: a run whose every checkout is refused proves nothing. */
export const loadTestPassed = (result: LoadTestResult) =>
  result.serverErrors + result.lostOrDuplicated + result.negativeStock === 0 && result.paid > 0;

export function formatLoadTest(result: LoadTestResult): string {
  return [
    `Load test: ${result.shoppers} shoppers for ${result.seconds.toFixed(0)} s ` +
      '(browse, add to cart, checkout through the simulator)',
    `  ${result.requests} requests, ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(0)} ms`,
    `  checkouts ${result.checkoutsStarted}, paid ${result.paid}, sold out ${result.soldOut}`,
    `  5xx ${result.serverErrors}, lost or duplicated orders ${result.lostOrDuplicated}, ` +
      `negative stock ${result.negativeStock}  ${loadTestPassed(result) ? 'OK' : 'FAILED'}`,
  ].join('\n');
}
