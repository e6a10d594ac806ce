/** The visitor cart joining the account's cart at sign-in, and the account's cart on every device (real PostgreSQL). */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { carts, products, productVariants } from '~/db/schema';
import { createProduct, createUser } from '../../../tests/factories';
import { registerAccount, signIn } from '../accounts/accounts.server';
import { auth } from '../accounts/auth.server';
import { mergeVisitorCart } from './cart-merge.server';
import { applyCartAction, getCart, getCartCount } from './cart.server';
import { db } from '../db.server';
import { shopper, routeModule } from '../../../tests/route-helpers';

const { loader: cartLoader } = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');
const { action: logout } = await routeModule<typeof import('~/routes/logout')>('routes/logout.ts');

const ORIGIN = 'http://shop.test';
let ip = 1;

const request = (cookie?: string, init: RequestInit = {}) =>
  new Request(`${ORIGIN}/cart`, {
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
  });
const join = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

/** Adds as the browser would; returns the cookie a visitor's first add sets (undefined for a signed-in user). */
async function add(cookie: string | undefined, productId: string, size: string, color: string, quantity: number) {
  const result = await applyCartAction(await shopper(request(cookie)), {
    intent: 'add',
    productId,
    size,
    color,
    quantity,
  });
  expect(result.ok, result.message).toBe(true);
  return result.setCookie?.split(';')[0];
}

const quantities = async (cookie?: string) =>
  Object.fromEntries(
    (await getCart(await shopper(request(cookie)))).lines.map((line) => [`${line.size}/${line.color}`, line.quantity]),
  );

let shirt: Awaited<ReturnType<typeof createProduct>>;
beforeEach(async () => {
  shirt = await createProduct({
    sizes: ['S', 'M', 'L'],
    colors: ['Black', 'White'],
    stock: { 'M/Black': 10, 'L/Black': 4, 'S/White': 2 },
  });
});

describe('mergeVisitorCart', () => {
  it('adds quantities of the same product, size and colour and appends the other lines', async () => {
    const user = await createUser();
    await add(user.cookie, shirt.id, 'M', 'Black', 1);
    const visitor = await add(undefined, shirt.id, 'M', 'Black', 2);
    await add(visitor, shirt.id, 'S', 'White', 1);

    const result = await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    expect(result).toMatchObject({ merged: 2, notes: [] });
    expect(result.clearCookie).toMatch(/^cart=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
    expect(await quantities(user.cookie)).toEqual({ 'M/Black': 3, 'S/White': 1 });
    // The visitor cart is gone; its cookie now names nothing.
    expect(await getCartCount(await shopper(request(visitor)))).toBe(0);
  });

  it('caps a merged line by the stock left, with the same message an add gives', async () => {
    const user = await createUser();
    await add(user.cookie, shirt.id, 'L', 'Black', 3);
    const visitor = await add(undefined, shirt.id, 'L', 'Black', 3);
    const result = await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    expect(result.notes.map((n) => n.message)).toEqual([
      `${shirt.name} (L, Black): Only 4 left in this size and colour; your cart has 4.`,
    ]);
    expect(await quantities(user.cookie)).toEqual({ 'L/Black': 4 });
  });

  it("keeps every product within the store's per-order limit (sizes and colours together), with a note", async () => {
    const tee = await createProduct({
      sizes: ['S', 'M', 'L'],
      colors: ['Black'],
      stock: { 'S/Black': 50, 'M/Black': 50, 'L/Black': 50 },
    });
    const user = await createUser();
    await add(user.cookie, tee.id, 'L', 'Black', 4);
    const visitor = await add(undefined, tee.id, 'M', 'Black', 5);
    await add(visitor, tee.id, 'S', 'Black', 3);
    await add(visitor, tee.id, 'L', 'Black', 2);
    const result = await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    // Limit 10 (the default): the account's 4 of L, then 5 of M fit, then 1 of the 3 of S; nothing more of L.
    expect(await quantities(user.cookie)).toEqual({ 'L/Black': 4, 'M/Black': 5, 'S/Black': 1 });
    const message = 'You can buy at most 10 of this item per order, counting every size and colour; your cart has 10.';
    expect(result.notes.map((n) => n.message)).toEqual([
      `${tee.name} (S, Black): ${message}`,
      `${tee.name} (L, Black): ${message}`,
    ]);
  });

  it('drops sold-out, switched-off and withdrawn lines with a note, and keeps the rest', async () => {
    const other = await createProduct({ sizes: ['M'], colors: ['Black'] });
    const gone = await createProduct({ sizes: ['M'], colors: ['Black'] });
    const withdrawn = await createProduct({ sizes: ['M', 'XL'], colors: ['Black'] });
    const visitor = await add(undefined, shirt.id, 'S', 'White', 2);
    await add(visitor, shirt.id, 'M', 'Black', 1);
    await add(visitor, other.id, 'M', 'Black', 1);
    await add(visitor, gone.id, 'M', 'Black', 1);
    await add(visitor, withdrawn.id, 'XL', 'Black', 1);
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, shirt.id));
    await db().update(productVariants).set({ stock: 5 }).where(eq(productVariants.size, 'M'));
    await db().update(products).set({ inStock: false }).where(eq(products.id, other.id));
    await db()
      .update(products)
      .set({ sizes: ['M'] })
      .where(eq(products.id, withdrawn.id));
    await db().delete(products).where(eq(products.id, gone.id));

    const user = await createUser();
    const result = await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    expect(result.notes.map((n) => n.message)).toEqual([
      `${shirt.name} (S, White): This size and colour is sold out. It was removed from your cart.`,
      `${other.name} (M, Black): This product is out of stock. It was removed from your cart.`,
      `${withdrawn.name} (XL, Black): This size is not available for this product. It was removed from your cart.`,
    ]);
    expect(result.merged).toBe(1);
    const cart = await getCart(await shopper(request(user.cookie)));
    expect(cart.lines.map((l) => [l.productId, l.size, l.color, l.quantity])).toEqual([[shirt.id, 'M', 'Black', 1]]);
  });

  it('is idempotent: a second call finds nothing to merge', async () => {
    const user = await createUser();
    const visitor = await add(undefined, shirt.id, 'M', 'Black', 2);
    await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    const again = await mergeVisitorCart((await shopper(request(visitor))).visitorCartId, user.id, null);
    expect(again).toMatchObject({ merged: 0, notes: [] });
    expect(await quantities(user.cookie)).toEqual({ 'M/Black': 2 });
    // Two sign-ins racing each other merge once.
    const racing = await add(undefined, shirt.id, 'L', 'Black', 1);
    const both = await Promise.all([
      mergeVisitorCart((await shopper(request(racing))).visitorCartId, user.id, null),
      mergeVisitorCart((await shopper(request(racing))).visitorCartId, user.id, null),
    ]);
    expect(both.map((r) => r.merged).sort()).toEqual([0, 1]);
    expect(await quantities(user.cookie)).toEqual({ 'M/Black': 2, 'L/Black': 1 });
  });

  it('does nothing without a visitor cart and never takes another account’s cart', async () => {
    const owner = await createUser();
    await add(owner.cookie, shirt.id, 'M', 'Black', 1);
    const [ownersCart] = await db().select().from(carts).where(eq(carts.userId, owner.id));
    const thief = await createUser();
    // Even if an account cart's id were known, a cookie naming it is not a visitor cart.
    const result = await mergeVisitorCart(
      (await shopper(request(`cart=${ownersCart.id}`))).visitorCartId,
      thief.id,
      null,
    );
    expect(result.merged).toBe(0);
    expect(await quantities(owner.cookie)).toEqual({ 'M/Black': 1 });
    expect(await mergeVisitorCart((await shopper(request())).visitorCartId, thief.id, null)).toEqual({
      merged: 0,
      notes: [],
    });
  });
});

describe('the account cart follows the customer', () => {
  it('two devices signed in to one account see and change the same cart; the visitor cookie is ignored', async () => {
    const user = await createUser();
    const second = await auth().api.signInEmail({
      body: { email: user.email, password: user.password },
      asResponse: true,
    });
    const deviceB = second.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(deviceB).not.toBe(user.cookie);
    expect(await add(user.cookie, shirt.id, 'M', 'Black', 2)).toBeUndefined();
    await add(deviceB, shirt.id, 'L', 'Black', 1);
    expect(await quantities(user.cookie)).toEqual({ 'M/Black': 2, 'L/Black': 1 });
    expect(await quantities(deviceB)).toEqual({ 'M/Black': 2, 'L/Black': 1 });
    expect(await getCartCount(await shopper(request(deviceB)))).toBe(3);

    const visitor = await add(undefined, shirt.id, 'S', 'White', 1);
    expect(await quantities(join(user.cookie, visitor))).toEqual({ 'M/Black': 2, 'L/Black': 1 });
    await applyCartAction(await shopper(request(join(deviceB, visitor))), {
      intent: 'update',
      productId: shirt.id,
      size: 'M',
      color: 'Black',
      quantity: 5,
    });
    await applyCartAction(await shopper(request(user.cookie)), {
      intent: 'remove',
      productId: shirt.id,
      size: 'L',
      color: 'Black',
    });
    expect(await quantities(deviceB)).toEqual({ 'M/Black': 5 });
    expect(await quantities(visitor)).toEqual({ 'S/White': 1 });
    await applyCartAction(await shopper(request(user.cookie)), { intent: 'clear' });
    expect(await getCartCount(await shopper(request(deviceB)))).toBe(0);
    expect(await getCartCount(await shopper(request(visitor)))).toBe(1);
  });

  it('the sign-in after registering merges the visitor cart, expires its cookie; sign-out leaves the account cart', async () => {
    const visitor = await add(undefined, shirt.id, 'M', 'Black', 2);
    const form = (cookie?: string) =>
      new Request(`${ORIGIN}/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-client-ip': `198.51.100.${ip++}`, ...(cookie ? { cookie } : {}) },
      });
    const input = {
      email: 'merge-up@example.com',
      password: 'amber-kettle-river',
      firstName: 'Ngozi',
      lastName: 'Eze',
    };
    // Registering does not sign in (docs/requirements.md#14-messages): the cart waits for the sign-in.
    const created = await registerAccount(form(visitor), input);
    if (!created.ok) throw new Error(created.message);
    expect(created.headers.getSetCookie()).toEqual([]);
    const registered = await signIn(form(visitor), input);
    if (!registered.ok) throw new Error(registered.message);
    expect(registered.headers.getSetCookie().some((line) => line.startsWith('cart=; Max-Age=0'))).toBe(true);
    const session = registered.headers
      .getSetCookie()
      .filter((line) => !line.startsWith('cart='))
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(await quantities(session)).toEqual({ 'M/Black': 2 });

    const out = await logout({
      request: new Request(`${ORIGIN}/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie: session } }),
      params: {},
      context: {},
    } as never);
    expect(out.headers.getSetCookie().some((line) => line.startsWith('cart=; Max-Age=0'))).toBe(true);
    expect(await getCartCount(await shopper(request()))).toBe(0);

    const later = await add(undefined, shirt.id, 'M', 'Black', 1);
    const signedIn = await signIn(form(later), { email: 'merge-up@example.com', password: 'amber-kettle-river' });
    if (!signedIn.ok) throw new Error(signedIn.message);
    expect(signedIn.cartNotes).toEqual([]);
    const again = signedIn.headers
      .getSetCookie()
      .filter((line) => !line.startsWith('cart='))
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(await quantities(again)).toEqual({ 'M/Black': 3 });
  });

  it('tells the shopper on /cart, once, what the merge at sign-in had to change', async () => {
    const user = await createUser();
    await add(user.cookie, shirt.id, 'L', 'Black', 3);
    const visitor = await add(undefined, shirt.id, 'L', 'Black', 3);
    const login = new Request(`${ORIGIN}/login`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'x-client-ip': `198.51.100.${ip++}`, cookie: visitor! },
    });
    const signedIn = await signIn(login, { email: user.email, password: user.password });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const notice = signedIn.headers.getSetCookie().find((line) => line.startsWith('cart_notice='));
    expect(notice).toBeDefined();

    const cookie = join(user.cookie, notice!.split(';')[0]);
    const page = await cartLoader({ request: request(cookie), params: {}, context: {} } as never);
    expect(page.data.notices).toEqual([
      `${shirt.name} (L, Black): Only 4 left in this size and colour; your cart has 4.`,
    ]);
    expect(new Headers(page.init?.headers).get('Set-Cookie')).toMatch(/^cart_notice=; Max-Age=0/);

    const forged = await cartLoader({
      request: request(join(user.cookie, 'cart_notice=not-a-cookie')),
      params: {},
      context: {},
    } as never);
    expect(forged.data.notices).toEqual([]);
  });
});
