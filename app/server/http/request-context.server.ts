/**
 * Who is asking, worked out once per request (decision 0018). The root route's middleware puts a RequestReads into
 * React Router's context; loaders and actions ask it for the shopper and hand domain functions values (a Shopper,
 * a user), never the Request. Nothing is read until something asks: an anonymous page without cookies costs no
 * query here, a signed-in page one (the session with its user and cart count).
 */
import { createContext, RouterContextProvider } from 'react-router';
import { CLIENT_IP_HEADER, readSession, type CurrentSession, type CurrentUser } from '../accounts/auth.server';
import { VISITOR_VIEW, type ShopperView } from '~/lib/shopper-view';
import { readCartId } from '../cart/cart-cookie.server';
import { getCartCount } from '../cart/cart.server';
import { logger } from '../logger.server';
import { registerCache } from './shared-invalidation.server';
import { createShopperViewCache } from './shopper-view-cache.server';

/** What the store knows of the person behind a request. */
export type Shopper = {
  /** The session (user, account cart count, session times), or null for a visitor. */
  session: CurrentSession | null;
  user: CurrentUser | null;
  /** A visitor's cart id from the `cart` cookie (well-formed ids only); signed-in customers use their account cart. */
  visitorCartId: string | null;
  /** The client's address as server.ts trusts it. */
  ip: string | null;
};

/**
 * The reads of one request. They are kept per method: after an action sent without JavaScript, React Router runs
 * the page's loaders in the same request (with GET copies of it), and those must see what the action changed
 * (a cart count, a session that ended), not what it saw before.
 */
export class RequestReads {
  private readonly shoppers = new Map<string, Promise<Shopper>>();

  constructor(private request: Pick<Request, 'headers'>) {}

  shopper(method: string): Promise<Shopper> {
    let found = this.shoppers.get(method);
    if (!found) this.shoppers.set(method, (found = readShopper(this.request)));
    return found;
  }

  /** From now on, reads see the request's cookies as `setCookies` (an action's Set-Cookie lines) change them. */
  withCookies(setCookies: Headers): void {
    const jar = new Map<string, string>();
    for (const pair of (this.request.headers.get('cookie') ?? '').split(';')) {
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    for (const line of setCookies.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      if (/;\s*max-age=0(;|$)/i.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    const headers = new Headers(this.request.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    this.request = { headers };
    this.shoppers.clear();
  }
}

/** `tolerant`: a failed session read makes a visitor (a page), rather than failing (a view kept for later). */
async function readShopper(request: Pick<Request, 'headers'>, { tolerant = true } = {}): Promise<Shopper> {
  const session = tolerant
    ? readSession(request).catch((error: unknown) => {
        logger.error({ err: error }, 'Error fetching user profile:');
        return null;
      })
    : readSession(request);
  const [currentSession, visitorCartId] = await Promise.all([session, readCartId(request)]);
  return {
    session: currentSession,
    user: currentSession?.user ?? null,
    visitorCartId,
    ip: request.headers.get(CLIENT_IP_HEADER),
  };
}

const requestReads = createContext<RequestReads>();

/** A context for one request: what the root middleware makes (and what tests hand a loader they call directly). */
export function newRequestContext<C extends Readonly<RouterContextProvider>>(
  request: Request,
  context: C = new RouterContextProvider() as unknown as C,
): C {
  context.set(requestReads, new RequestReads(request));
  return context;
}

export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The shopper of a loader's or action's request, read once for it. */
export function shopperOf({ request, context }: RequestArgs): Promise<Shopper> {
  return context.get(requestReads).shopper(request.method);
}

/**
 * An action that signed the shopper in and answers with a page (checkout's account, decision 0038, refused after it):
 * the page's loaders of the same request, which run after it without JavaScript, read the new session and cart.
 */
export function readWithCookies({ context }: RequestArgs, setCookies: Headers): void {
  context.get(requestReads).withCookies(setCookies);
}

export async function currentUser(args: RequestArgs): Promise<CurrentUser | null> {
  return (await shopperOf(args)).user;
}

/** What the header shows of a shopper: the root loader's, and a joined stored page's (decision 0021). */
export async function shopperView(shopper: Shopper): Promise<ShopperView> {
  const cartCount = await getCartCount(shopper);
  return { cartCount, account: shopper.user ? { isAdmin: shopper.user.isAdmin } : null };
}

/** The views read for stored pages, kept per process until their cart changes (shopper-view-cache.server.ts). */
const views = createShopperViewCache();
registerCache('shopper-views', views.forget);

/** For server/app.ts: a shopper's write (sign-out, say) drops the view of the cookies it came with. */
export const forgetShopperViewOnWrites = views.forgetOnWrites;

/**
 * The view of the shopper whose cookies these are, for a stored page joined outside React Router (the page cache,
 * server/app.ts): one statement, as for the root loader (the session with its user and cart count, or a visitor's
 * cart count), unless this process read it lately and nothing changed it since. A failed read shows the visitor's
 * header rather than failing a page that needs nothing else, and is not kept.
 */
export async function readShopperView(cookie: string | undefined): Promise<ShopperView> {
  try {
    const owned = await views.read(cookie, async () => {
      // Only the headers are read: a Headers is a good deal cheaper to make than a Request, on every shopper's page.
      const shopper = await readShopper({ headers: new Headers(cookie ? { cookie } : {}) }, { tolerant: false });
      return { view: await shopperView(shopper), owner: shopper.user?.id ?? shopper.visitorCartId };
    });
    return owned.view;
  } catch (error) {
    logger.error({ err: error }, 'could not read the shopper for a stored page');
    return VISITOR_VIEW;
  }
}
