/**
 * What the cart route's tests share (cart, cart-stock, cart-order-limit and cart-bad-input .test.ts): POST /cart
 * run as the server runs it, its answer normalised, the cart's rows, and a shirt to add.
 */
import { sql } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { cartLines, carts } from '~/db/schema';
import { db } from '~/server/db.server';
import { createProduct } from '../../tests/factories';
import { routeModule } from '../../tests/route-helpers';

export const { action, loader } = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');

export type Answer = {
  status: number;
  body: { ok: boolean; message: string; quantity?: number; result?: { error?: Record<string, string[]> } };
  cookie?: string;
  location?: string;
};

/** Runs the action like the server would and normalises its answer (data() or a redirect Response). */
export async function post(fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const request = new Request('http://localhost/cart', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: 'http://localhost', ...(cookie ? { Cookie: cookie } : {}) },
  });
  const result: unknown = await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  if (result instanceof Response) {
    return {
      status: result.status,
      body: { ok: false, message: '' },
      cookie: cookieOf(result.headers),
      location: result.headers.get('Location') ?? undefined,
    };
  }
  const { data, init } = result as { data: Answer['body']; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, cookie: cookieOf(new Headers(init?.headers)) };
}

export const cookieOf = (headers: Headers) => headers.get('Set-Cookie')?.split(';')[0];
export const request = (cookie?: string) =>
  new Request('http://localhost/cart', { headers: cookie ? { Cookie: cookie } : {} });
export const lineRows = async () => db().select().from(cartLines).orderBy(cartLines.size, cartLines.color);
export const cartCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carts)
  )[0].n;

export let shirt: Awaited<ReturnType<typeof createProduct>>;
export const add = (fields: Record<string, string>, cookie?: string) =>
  post({ intent: 'add', productId: shirt.id, size: 'M', color: 'Black', quantity: '1', ...fields }, cookie);

/** For each test of the calling file: no carts, and a fresh shirt with M/Black 10, L/Black 2 and S/White sold out. */
export function withShirt() {
  beforeEach(async () => {
    await db().delete(carts);
    shirt = await createProduct({
      price: 12_500_00,
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'White'],
      stock: { 'M/Black': 10, 'L/Black': 2, 'S/White': 0 },
    });
  });
}
