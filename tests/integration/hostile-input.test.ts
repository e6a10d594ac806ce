/**
 * Random and hostile input to EVERY loader and action of app/routes.ts (fast-check): wrong types, huge
 * strings, negative and fractional numbers, unknown enum values, __proto__ keys, markup, SQL fragments,
 * lone surrogates, repeated keys. The answer must always be a normal page or a 4xx, never a 500 or an
 * exception, for a visitor, a customer and an admin; and afterwards what is stored still reads back.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { getSettings, invalidateSettings } from '~/server/store/settings.server';
import { withSimulator } from '../checkout-helpers';
import { createCollection, createOrder, createProduct, createUser } from '../factories';
import { args, get, outcome, post, routeModule, routeTable } from '../route-helpers';

withSimulator();

const table = routeTable();

const HOSTILE = [
  '',
  ' ',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1; --",
  "'); drop table products; --",
  '-1',
  '-0',
  '0.001',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '9007199254740993',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '👩🏽‍💻',
  'x'.repeat(100_000),
  '{"__proto__":{"admin":true}}',
  'true',
  'null',
  'add',
  'update',
  'delete',
  'pending',
  'paid',
  'XS',
  'Black',
  'Lagos',
  'Nigeria',
  'pickup',
  'quote',
  'save-options',
  '260000',
  '00000000000000',
  'pj_1_x',
];

const FIELDS = [
  'intent',
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'firstName',
  'lastName',
  'terms',
  'redirectTo',
  'token',
  'productId',
  'product',
  'whatsappNumber',
  'size',
  'color',
  'quantity',
  'name',
  'subject',
  'message',
  'address',
  'apartment',
  'city',
  'state',
  'phone',
  'country',
  'price',
  'description',
  'category',
  'collectionId',
  'sizes',
  'colors',
  'inStock',
  'featured',
  'images',
  'image',
  'id',
  'status',
  'paymentStatus',
  'q',
  'page',
  'storeName',
  'supportEmail',
  'supportPhone',
  'deliveryFee',
  'bannerText',
  'delivery',
  'shownDeliveryFee',
  'shownTotal',
  'promoCode',
  'states',
  'towns',
  'fee',
  'minDays',
  'maxDays',
  'defaultFee',
  'freeDeliveryOver',
  'pickupEnabled',
  'pickupAddress',
  'pickupFee',
  'handled',
  'mode',
  'reference',
  'sort',
  'view',
  'band',
  'stock',
  'sizeSetId',
  'sizeList',
  'isDefault',
  'confirmRemoval',
  'position',
  'carrier',
  'trackingNumber',
  'trackingUrl',
  't',
  'List-Unsubscribe',
  '__proto__',
  'constructor',
  'prototype',
];

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const body = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value), {
  maxLength: 14,
});
const param = fc.oneof(
  fc.constantFrom(...HOSTILE.filter((v) => v.length < 200 && v !== '')),
  fc.string({ minLength: 1, maxLength: 20 }),
);
const role = fc.constantFrom('visitor', 'customer', 'admin') as fc.Arbitrary<'visitor' | 'customer' | 'admin'>;

const cookies = { visitor: '', customer: '', admin: '' };
const known: Record<string, string> = {};

beforeAll(async () => {
  cookies.customer = (await createUser()).cookie;
  const customer = await createUser();
  cookies.customer = customer.cookie;
  cookies.admin = (await createUser({ admin: true })).cookie;
  const collection = await createCollection();
  const product = await createProduct({ collectionId: collection.id, stock: { 'M/Black': 5 } });
  const order = await createOrder({ userId: customer.id, items: [{ product }] });
  Object.assign(known, { collectionId: collection.id, id: product.id, orderId: order.id });
});

function fill(url: string, pick: (name: string) => string) {
  const params: Record<string, string> = {};
  const concrete = url.replace(/:([^/]+)|\*/g, (_, name: string | undefined) => {
    const key = name ?? '*';
    params[key] = pick(key);
    // A URL cannot carry a lone surrogate (UTF-8 turns it into U+FFFD); the route still gets the raw value.
    return encodeURIComponent(Buffer.from(params[key], 'utf8').toString('utf8'));
  });
  return { url: concrete, params };
}

/** A 5xx, or an exception that is not a response, fails; the message says what was sent. */
async function expectHandled(run: () => unknown, what: string) {
  let answer;
  try {
    answer = await outcome(run);
  } catch (error) {
    throw new Error(`${what} threw ${error instanceof Error ? error.stack : String(error)}`);
  }
  expect(answer.status, what).toBeLessThan(500);
}

describe('hostile input never breaks the store', () => {
  it.each(table)('$path', { timeout: 120_000 }, async ({ path: url, file }) => {
    // As React Router runs it: after the middleware of app/root.tsx and the layouts (the admin guard among them).
    const mod = await routeModule(file);
    if (!mod.has.loader && !mod.has.action) return;
    await fc.assert(
      fc.asyncProperty(role, body, param, fc.boolean(), async (who, fields, hostileParam, useKnown) => {
        const target = fill(url, (name) => (useKnown && known[name] ? known[name] : hostileParam));
        const query = new URLSearchParams(fields.map(([k, v]) => [k, v.slice(0, 2_000)])).toString();
        if (mod.has.loader) {
          const request = get(`${target.url}?${query}`, cookies[who] || undefined);
          await expectHandled(
            () => mod.loader(args(request, target.params)),
            `GET ${target.url}?${query.slice(0, 200)} as ${who}`,
          );
        }
        if (mod.has.action) {
          const form: Record<string, string[]> = Object.create(null);
          for (const [key, v] of fields) (form[key] ??= []).push(v);
          const request = post(target.url, form, { cookie: cookies[who] || undefined });
          await expectHandled(
            () => mod.action(args(request, target.params)),
            `POST ${target.url} ${JSON.stringify(fields).slice(0, 300)} as ${who}`,
          );
        }
      }),
      { numRuns: url.startsWith('/admin') ? 25 : 40 },
    );
  });

  it('leaves what is stored readable: settings parse, stock never negative, every product page loads', async () => {
    invalidateSettings();
    const settings = await getSettings();
    const delivery = await readDeliveryConfig();
    expect(delivery.options.defaultFee).toBeGreaterThanOrEqual(0);
    expect(delivery.zones.every((zone) => zone.fee >= 0 && zone.minDays <= zone.maxDays)).toBe(true);
    expect(Array.isArray(settings.heroSlides)).toBe(true);
    const [negative] = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from product_variants where stock < 0`,
    );
    expect(negative.n).toBe(0);
    const productRoute = await import('~/routes/product');
    const ids = await db().execute<{ id: string }>(sql`select id from products`);
    for (const { id } of ids) {
      const answer = await outcome(() => productRoute.loader(args(get(`/product/${id}`), { id })));
      expect(answer.status, id).toBe(200);
    }
  });
});
