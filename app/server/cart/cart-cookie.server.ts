/**
 * The visitor's cart is found by a random 144-bit id in an HttpOnly cookie. The id is the secret:
 * anything that is not a well-formed id (a forged or truncated cookie) is treated as "no cart".
 */
import { randomBytes } from 'node:crypto';
import { createCookie } from 'react-router';

const CART_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const SIXTY_DAYS = 60 * 24 * 60 * 60;

const cartCookie = createCookie('cart', {
  httpOnly: true,
  sameSite: 'lax',
  secure: process.env.NODE_ENV === 'production',
  path: '/',
  maxAge: SIXTY_DAYS,
});

export async function readCartId(request: Pick<Request, 'headers'>): Promise<string | null> {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  const value = await cartCookie.parse(header).catch(() => null);
  return typeof value === 'string' && CART_ID_PATTERN.test(value) ? value : null;
}

export const newCartId = () => randomBytes(18).toString('base64url');

export const serializeCartId = (id: string) => cartCookie.serialize(id);
