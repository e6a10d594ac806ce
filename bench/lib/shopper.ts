/**
 * Plays the shopper over plain HTTP, as a browser without JavaScript would: finds a product, puts it in a
 * visitor cart, registers a customer and fills the customer's cart. Returns the Cookie headers the pages
 * are then measured with.
 */
import { randomBytes } from 'node:crypto';
import { BROWSER_HEADERS } from './http';

export type Shopper = {
  productPath: string;
  /** Cookie header of a visitor whose cart holds one line. */
  visitorCartCookie: string;
  /** Cookie header of a signed-in customer whose cart holds one line. */
  customerCookie: string;
};

/** `name=value` pairs of every Set-Cookie, as a Cookie header (attributes dropped). */
export function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(previous ? previous.split('; ').map((pair) => pair.split(/=(.*)/s, 2) as [string, string]) : []);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value = ''] = pair.split(/=(.*)/s, 2);
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name.trim());
    else jar.set(name.trim(), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export async function post(
  origin: string,
  path: string,
  fields: Record<string, string>,
  cookie = '',
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      referer: `${origin}${path}`,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

async function text(origin: string, path: string, cookie = ''): Promise<string> {
  const response = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.text();
}

/** The size and colour the product page preselects (its checked radios), '' when it offers none. */
function preselected(html: string, name: 'size' | 'color'): string {
  for (const input of html.match(/<input[^>]*>/g) ?? []) {
    if (!input.includes(`name="${name}"`)) continue;
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (/type="hidden"/.test(input) || /\schecked/.test(input)) return value;
  }
  return '';
}

async function addLine(origin: string, productPath: string, html: string, cookie: string): Promise<string> {
  const fields = {
    intent: 'add',
    productId: productPath.split('/').pop()!,
    size: preselected(html, 'size'),
    color: preselected(html, 'color'),
    quantity: '1',
    redirectTo: '/cart',
  };
  const response = await post(origin, '/cart', fields, cookie);
  if (response.status >= 400) throw new Error(`adding to the cart answered ${response.status}`);
  const location = response.headers.get('location') ?? '';
  if (location.includes('ok=0')) throw new Error(`adding to the cart was refused: ${decodeURIComponent(location)}`);
  return cookiesOf(response, cookie);
}

export async function prepareShopper(origin: string): Promise<Shopper> {
  // A purchasable product: the first card of the listing whose page offers the add button enabled.
  const listing = await text(origin, '/collections?sort=newest');
  const paths = [...new Set(listing.match(/\/product\/[0-9a-z]{14}/g) ?? [])];
  let productPath = '';
  let productHtml = '';
  for (const candidate of paths) {
    productHtml = await text(origin, candidate);
    if (!/Out of stock/.test(productHtml)) {
      productPath = candidate;
      break;
    }
  }
  if (!productPath) throw new Error('no purchasable product found on /collections');

  const visitorCartCookie = await addLine(origin, productPath, productHtml, '');
  if (!visitorCartCookie) throw new Error('adding to the cart set no cookie');

  const password = `bench-${randomBytes(9).toString('base64url')}`;
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const registered = await post(origin, '/register', {
    firstName: 'Bench',
    lastName: 'Shopper',
    email,
    password,
    confirmPassword: password,
    terms: 'on',
    redirectTo: '/',
  });
  if (registered.status !== 302 && registered.status !== 303)
    throw new Error(`registering a customer answered ${registered.status}`);
  // Registering does not sign in (docs/requirements.md#14-messages): the shopper signs in next.
  const login = await post(origin, '/login', { email, password, redirectTo: '/' });
  const signedIn = cookiesOf(login);
  if (!signedIn) throw new Error(`signing in a registered customer answered ${login.status}`);
  const customerCookie = await addLine(origin, productPath, productHtml, signedIn);
  return { productPath, visitorCartCookie, customerCookie };
}

/**
 * Why `path` as served to this shopper is not theirs, or null when it is: a 200, `private` (never kept by a shared
 * cache), with the shopper's one-line cart in the header's cart link and, signed in, the account links. Asked twice:
 * the second answer is the one a stored page gives. A page served as the anonymous one would be measured, and be
 * wrong, with the speed of the page cache.
 */
export async function personalPageProblem(
  origin: string,
  path: string,
  cookie: string,
  signedIn: boolean,
): Promise<string | null> {
  const ask = () => fetch(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, cookie }, redirect: 'manual' });
  await (await ask()).arrayBuffer();
  const response = await ask();
  const html = await response.text();
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (response.status !== 200) return `GET ${path} answered ${response.status}`;
  if (!/\bprivate\b/.test(cacheControl)) return `GET ${path} answered Cache-Control "${cacheControl}", not private`;
  if (!/aria-label="Cart, [1-9]\d* items?"/.test(html)) return `GET ${path} did not show the shopper's cart count`;
  if (signedIn && !/>Sign Out</.test(html)) return `GET ${path} did not show the signed-in account links`;
  return null;
}
