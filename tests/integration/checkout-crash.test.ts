/**
 * kill -9 of the store in the middle of checkout, then start again (as `npm start` does): no order
 * half-written, every reserved unit accounted for, and a payment made meanwhile still completes, through the
 * webhook Paystack retries or through verify when the customer comes back. Paystack is a simulator in this
 * test process, so it outlives the store like the real one does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startPaystackSimulator, type Simulator } from '../../server/paystack-simulator/simulator.server';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { startStore, type StoreProcess } from '../store-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-crash-'));
fs.chmodSync(dataDir, 0o755);
let simulator: Simulator | undefined;
const stores: StoreProcess[] = [];

afterAll(async () => {
  for (const store of stores) if (store.child.exitCode === null) store.child.kill('SIGKILL');
  await simulator?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The store's embedded database, found through the running server's lock file. */
function database() {
  const lock = fs.readFileSync(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'postgres', 'password'), 'utf8').trim();
  return postgres(`postgres://postgres:${password}@127.0.0.1:${lock[3]}/store`, { max: 1, onnotice: () => {} });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

async function post(base: string, url: string, fields: Record<string, string>, cookie = '') {
  return fetch(`${base}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/**
 * The address with the delivery fee and total its checkout page shows (decisions 0022 and 0023: Pay is refused
 * without them), learnt as a shopper without JavaScript learns them: Update delivery, then what the page carries.
 */
async function withShownFee(base: string, cookie: string) {
  const page = await (await post(base, '/checkout', { ...address, intent: 'quote' }, cookie)).text();
  const shownDeliveryFee = /name="shownDeliveryFee" value="(\d+)"/.exec(page)?.[1];
  const shownTotal = /name="shownTotal" value="(\d+)"/.exec(page)?.[1];
  expect(shownDeliveryFee).toBeDefined();
  expect(shownTotal).toBeDefined();
  return { ...address, shownDeliveryFee: shownDeliveryFee!, shownTotal: shownTotal! };
}

async function customer(base: string, n: number, variant: { productId: string; size: string; color: string }) {
  const email = `crash-${n}-${Date.now()}@example.com`;
  const registered = await post(base, '/register', {
    email,
    password: 'amber-kettle-river',
    confirmPassword: 'amber-kettle-river',
    firstName: 'Kemi',
    lastName: 'Bello',
    terms: 'on',
  });
  expect(registered.status).toBe(302);
  // Registering does not sign in (docs/requirements.md#14-messages): the shopper signs in next.
  const cookie = cookieOf(await post(base, '/login', { email, password: 'amber-kettle-river' }));
  expect(cookie).toMatch(/session/);
  const added = await post(base, '/cart', { intent: 'add', ...variant, quantity: '1' }, cookie);
  expect(added.status).toBeLessThan(400);
  return cookie;
}

const address = {
  firstName: 'Kemi',
  lastName: 'Bello',
  country: 'Nigeria',
  address: '3 Awolowo Road',
  apartment: '',
  city: 'Ikoyi',
  state: 'Lagos',
  phone: '08031234567',
  email: 'kemi@example.com',
};

describe('kill -9 during checkout', { timeout: 180_000 }, () => {
  it('leaves no half-written order, accounts for every reserved unit, completes payment after a restart', async () => {
    const port = await freePort();
    simulator = await startPaystackSimulator({
      secretKey: 'sk_test_crash_simulator',
      webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack`,
    });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_FACTOR: '100',
      // The simulator stands in for the real Paystack: the store talks to it as it would to Paystack.
      PAYSTACK_SECRET_KEY: simulator.secretKey,
      PAYSTACK_PUBLIC_KEY: simulator.publicKey,
      PAYSTACK_BASE_URL: simulator.baseUrl,
      PAYSTACK_INLINE_SCRIPT_URL: `${simulator.baseUrl}/inline.js`,
    };
    const first = await startStore(env, port);
    stores.push(first);

    let sql = database();
    const [variant] = await sql<{ productId: string; size: string; color: string; stock: number }[]>`
      select v.product_id as "productId", v.size, v.color, v.stock
      from product_variants v join products p on p.id = v.product_id
      where p.in_stock and v.stock is not null order by v.stock desc limit 1`;
    await sql.end();
    expect(variant.stock).toBeGreaterThanOrEqual(10);
    const initial = variant.stock;
    const key = { productId: variant.productId, size: variant.size, color: variant.color };

    // Two customers reach Paystack before the crash; eight more press Pay as the store is killed. Each has the same
    // cart and address, so the same delivery fee.
    let paid: Record<string, string> | undefined;
    const startPayment = async (n: number) => {
      const cookie = await customer(first.base, n, key);
      paid ??= await withShownFee(first.base, cookie);
      const started = await post(first.base, '/checkout', paid, cookie);
      expect(started.status).toBe(302);
      const accessCode = started.headers.get('location')!.split('/').pop()!;
      return {
        cookie,
        reference: [...simulator!.transactions.values()].find((tx) => tx.accessCode === accessCode)!.reference,
      };
    };
    const viaWebhook = await startPayment(0);
    const viaVerify = await startPayment(100);
    const others = await Promise.all(Array.from({ length: 8 }, (_, i) => customer(first.base, i + 1, key)));
    const inFlight = others.map((cookie) => post(first.base, '/checkout', paid!, cookie).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 40));
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(inFlight);

    // While the store is down both pay; Paystack's webhooks cannot get through.
    simulator.pay(viaWebhook.reference);
    simulator.pay(viaVerify.reference);
    const reference = viaWebhook.reference;

    const second = await startStore(env, port);
    stores.push(second);
    sql = database();
    try {
      const halfWritten =
        await sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`;
      expect(halfWritten).toEqual([]);
      const accounted = async () => {
        const [row] = await sql<{ stock: number; held: number }[]>`
          select (select stock from product_variants
              where product_id = ${key.productId} and size = ${key.size} and color = ${key.color}) as stock,
            coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
              where i.product_id = ${key.productId} and i.size = ${key.size} and i.color = ${key.color}
                and o.stock_state in ('reserved', 'committed')), 0)::int as held`;
        return row.stock + row.held;
      };
      expect(await accounted()).toBe(initial);

      // Paystack retries its webhook: the payment completes, once.
      expect(await simulator.sendWebhook(reference)).toBe(200);
      expect(await simulator.sendWebhook(reference)).toBe(200);
      const [paid] = await sql`select o.payment_status, o.stock_state,
            (select count(*)::int from payments p where p.order_id = o.id) as payments
          from orders o where o.payment_reference = ${reference}`;
      expect(paid).toEqual({ payment_status: 'paid', stock_state: 'committed', payments: 1 });
      expect(await accounted()).toBe(initial);

      // The other customer comes back from Paystack: verify completes their order.
      const back = await fetch(`${second.base}/checkout/callback?reference=${viaVerify.reference}`, {
        redirect: 'manual',
        headers: { cookie: viaVerify.cookie },
      });
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toMatch(/^\/order-success\/[0-9a-z]{14}$/);
      const [verified] = await sql`select payment_status from orders where payment_reference = ${viaVerify.reference}`;
      expect(verified.payment_status).toBe('paid');
      expect(await accounted()).toBe(initial);
    } finally {
      await sql.end();
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('SIGTERM finishes the request in flight, refuses new ones, and exits 0', async () => {
    const port = await freePort();
    simulator!.setFault('timeout');
    const store = await startStore(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        AUTH_RATE_LIMIT_FACTOR: '100',
        PAYSTACK_SECRET_KEY: simulator!.secretKey,
        PAYSTACK_PUBLIC_KEY: simulator!.publicKey,
        PAYSTACK_BASE_URL: simulator!.baseUrl,
        PAYSTACK_TIMEOUT_MS: '2000',
      },
      port,
    );
    stores.push(store);
    try {
      const sql = database();
      const [variant] = await sql<{ productId: string; size: string; color: string }[]>`
        select v.product_id as "productId", v.size, v.color
        from product_variants v join products p on p.id = v.product_id
        where p.in_stock and (v.stock is null or v.stock > 0) limit 1`;
      await sql.end();
      const cookie = await customer(store.base, 200, variant);
      const fields = await withShownFee(store.base, cookie);
      // Paystack hangs, so this checkout takes about 2 s: SIGTERM arrives while it is in flight.
      const slow = post(store.base, '/checkout', fields, cookie);
      await new Promise((resolve) => setTimeout(resolve, 500));
      store.child.kill('SIGTERM');
      const answer = await slow;
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain('Error processing payment. Please try again.');
      expect(await store.exited).toBe(0);
      await expect(fetch(`${store.base}/`)).rejects.toThrow();
    } finally {
      simulator!.setFault('none');
    }
  });
});
