/**
 * Express middleware for the pages React Router renders (server/app.ts mounts it in front of the handler):
 * - every 200 HTML or data response that may be stored gets an ETag of its body, and a request that already
 *   holds that version gets 304 Not Modified without the body;
 * - a page its route declared shareable (http-cache.server.ts) is made `private` when the request carries one of the
 *   store's cookies, since the header then shows that shopper's cart count and account links;
 * - shareable pages are kept in memory as a visitor without cookies gets them, for SHARED_MAX_AGE seconds (least
 *   recently used dropped past `maxBytes`) with their compressed forms, as a CDN would keep them: a product page
 *   then costs no render and no query until it changes. contentChanged() drops them all. Decision 0007.
 * - a shopper with the store's cookies gets the same stored page with their own header joined in by a Personalizer:
 *   one SQL statement, no render (decision 0021).
 * Two middlewares: `serveStored` early in the chain (this module), `capture` just before the page handler
 * (capture-response.ts). The pages are kept by page-store.ts, shoppers' copies made by joined-pages.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_MAX_AGE } from '~/server/http/http-cache.server';
import { carriesStoreCookie, withoutStoreCookies } from '~/server/http/store-cookies.server';
import { captureResponse, type CaptureContext } from './capture-response';
import { matchesEtag, negotiateEncoding, withAcceptEncoding } from './content-negotiation';
import { createJoiner, createShareablePaths, pathOf, type Personalizer } from './joined-pages';
import { type Copy, createPageStore, type Entry } from './page-store';

export type { Personalizer } from './joined-pages';

type Next = (error?: unknown) => void;

export type PageCache = {
  /**
   * Mounted first (before compression and security headers: a stored page replays the headers it was first sent
   * with): answers anonymous GETs from memory while the copy is fresh, 304 when the browser holds it.
   */
  serveStored: (req: IncomingMessage, res: ServerResponse, next: Next) => void;
  /** Mounted just before the page handler: ETag, 304, the private rule, and storing anonymous shareable pages. */
  capture: (req: IncomingMessage, res: ServerResponse, next: Next) => void;
};

export function createPageCache<View = never>({
  maxBytes,
  maxAgeMs = SHARED_MAX_AGE * 1000,
  personalizer,
}: {
  maxBytes: number;
  maxAgeMs?: number;
  personalizer?: Personalizer<View>;
}): PageCache {
  const pages = createPageStore({ maxBytes, maxAgeMs });
  const { variant, usableEntry } = pages;
  const joiner = createJoiner(personalizer, pages.grow);
  const { joinedCopy } = joiner;
  const shareable = createShareablePaths();
  /** Requests rendered as a visitor's page to be joined for their shopper (their cookies taken off meanwhile). */
  const joining = new WeakMap<IncomingMessage, Promise<View>>();

  async function serve(req: IncomingMessage, res: ServerResponse, entry: Entry, copy: Copy = entry) {
    for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
    res.setHeader('ETag', copy.etag);
    if (copy === entry) res.setHeader('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    // A copy for a shopper's cookies is theirs alone, as a page rendered for them would be.
    else res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    res.setHeader('Vary', withAcceptEncoding(entry.headers.vary));
    if (matchesEtag(req.headers['if-none-match'], copy.etag)) {
      res.removeHeader('Content-Type');
      res.writeHead(304).end();
      return;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body = encoding ? await variant(entry, copy, encoding) : copy.body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200).end(body);
  }

  const storable = (req: IncomingMessage) =>
    req.method === 'GET' && !carriesStoreCookie(req.headers.cookie) && maxBytes > 0;
  /**
   * A shopper's request that may be answered with the stored page joined for them: a document (not a `.data`
   * request, whose root data would be the visitor's) for a path already seen to be shareable.
   */
  const joinable = (req: IncomingMessage) =>
    personalizer !== undefined &&
    req.method === 'GET' &&
    maxBytes > 0 &&
    !pathOf(req).endsWith('.data') &&
    shareable.has(pathOf(req));

  const serveStored: PageCache['serveStored'] = (req, res, next) => {
    const key = req.url ?? '/';
    if (storable(req)) {
      const entry = usableEntry(key);
      if (entry) serve(req, res, entry).catch(next);
      else next();
      return;
    }
    if (!joinable(req)) return next();
    const view = personalizer!.read(req.headers.cookie);
    const entry = usableEntry(key);
    if (entry) {
      serveJoined(req, res, entry, view).catch(next);
      return;
    }
    // Rendered as a visitor's page (kept for everyone), then joined for this shopper in `capture`.
    joining.set(req, view);
    const kept = withoutStoreCookies(req.headers.cookie);
    if (kept) req.headers.cookie = kept;
    else delete req.headers.cookie;
    next();
  };

  async function serveJoined(req: IncomingMessage, res: ServerResponse, entry: Entry, view: Promise<View>) {
    const copy = await joinedCopy(entry, await view);
    if (copy) return serve(req, res, entry, copy);
    sendBackToRender(req, res);
    res.end();
  }

  /**
   * No header to join in this shareable page (none is known): the shopper is sent back to the same address, which
   * from now on is rendered for each shopper, as before the path was known.
   */
  function sendBackToRender(req: IncomingMessage, res: ServerResponse) {
    shareable.forget(pathOf(req));
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    res.setHeader('Location', req.url ?? '/');
    res.statusCode = 307;
  }

  const context: CaptureContext<View> = { pages, joiner, shareable, joining, sendBackToRender };
  const capture: PageCache['capture'] = (req, res, next) => {
    if (req.method !== 'GET') return next();
    captureResponse(context, req, res, storable(req) ? (req.url ?? '/') : null);
    next();
  };

  return { serveStored, capture };
}
