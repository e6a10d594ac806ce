/** readSession: Better Auth's signed cookie verified by our own one-statement lookup, with the account cart's count. */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '~/db/schema';
import { createProduct, createUser } from '../../../tests/factories';
import { auth, readSession, verifiedSessionToken } from './auth.server';
import { getCartCount } from '../cart/cart.server';
import { db } from '../db.server';
import { shopper, userOf, routeModule } from '../../../tests/route-helpers';

const { action: cartAction } = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');

const page = (cookie?: string) => new Request('http://localhost/', { headers: cookie ? { cookie } : {} });

async function addToCart(cookie: string, productId: string, quantity: number) {
  const request = new Request('http://localhost/cart', {
    method: 'POST',
    headers: { cookie, origin: 'http://localhost' },
    body: new URLSearchParams({ intent: 'add', productId, size: 'M', color: 'Black', quantity: String(quantity) }),
  });
  await cartAction({ request, params: {}, context: {} } as Parameters<typeof cartAction>[0]);
}

describe('verifiedSessionToken', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
  const header = (value: string) => `other=1; better-auth.session_token=${encodeURIComponent(value)}; x=y`;

  it('returns the token of a cookie signed with the secret', () => {
    expect(verifiedSessionToken(header(sign('tok123')), 'better-auth.session_token', secret)).toBe('tok123');
  });

  it('refuses a changed token, a changed signature, another secret, another cookie name and junk', () => {
    const signed = sign('tok123');
    expect(
      verifiedSessionToken(header(signed.replace('tok123', 'tok124')), 'better-auth.session_token', secret),
    ).toBeNull();
    expect(verifiedSessionToken(header(`${signed.slice(0, -2)}A=`), 'better-auth.session_token', secret)).toBeNull();
    expect(verifiedSessionToken(header(signed), 'better-auth.session_token', `${secret}!`)).toBeNull();
    expect(verifiedSessionToken(header(signed), '__Secure-better-auth.session_token', secret)).toBeNull();
    expect(verifiedSessionToken(header('tok123'), 'better-auth.session_token', secret)).toBeNull();
    expect(verifiedSessionToken('better-auth.session_token=%E0%A4%A', 'better-auth.session_token', secret)).toBeNull();
    expect(verifiedSessionToken(null, 'better-auth.session_token', secret)).toBeNull();
  });
});

describe('readSession', () => {
  it('reads the user and the account cart count, as Better Auth sees the same cookie', async () => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Obi' });
    const shirt = await createProduct({ sizes: ['M'], colors: ['Black'], stock: { 'M/Black': 10 } });
    expect(await readSession(page(user.cookie))).toMatchObject({
      user: { id: user.id, email: user.email, firstName: 'Ada', lastName: 'Obi', isAdmin: false },
      cartCount: 0,
    });

    await addToCart(user.cookie, shirt.id, 2);
    await addToCart(user.cookie, shirt.id, 1);
    const session = await readSession(page(user.cookie));
    expect(session?.cartCount).toBe(3);
    expect(await getCartCount(await shopper(page(user.cookie)))).toBe(3);

    const official = await auth().api.getSession({ headers: new Headers({ cookie: user.cookie }) });
    expect(official?.user.id).toBe(session?.user.id);
    expect(session?.user.createdAt.getTime()).toBe(new Date(official!.user.createdAt).getTime());
  });

  it('is null without a cookie, for a tampered cookie, and for an expired or deleted session', async () => {
    const user = await createUser();
    expect(await userOf(page())).toBeNull();
    const [name, value] = user.cookie.split(/=(.*)/s);
    expect(await userOf(page(`${name}=${value.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`))).toBeNull();

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await userOf(page(user.cookie))).toBeNull();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, user.id));
    expect(await userOf(page(user.cookie))).not.toBeNull();
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await userOf(page(user.cookie))).toBeNull();
  });
});

describe('signed-in adds to the cart', () => {
  it(
    'more at once than the pool has connections all finish (the session is read before the cart transaction)',
    { timeout: 20_000 },
    async () => {
      const shirt = await createProduct({ sizes: ['M'], colors: ['Black'], stock: { 'M/Black': 100 } });
      const users = await Promise.all(Array.from({ length: 14 }, () => createUser()));
      // A fresh request each: nothing has read its session yet when the add starts.
      await Promise.all(users.map((user) => addToCart(user.cookie, shirt.id, 1)));
      const counts = await Promise.all(users.map(async (user) => getCartCount(await shopper(page(user.cookie)))));
      expect(counts).toEqual(users.map(() => 1));
    },
  );
});
