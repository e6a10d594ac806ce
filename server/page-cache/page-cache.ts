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
 * Two middlewares: `serveStored` early in the chain, `capture` just before the page handler.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  contentVersion,
  PRIVATE_PAGE_CACHE_CONTROL,
  SHARED_MAX_AGE,
  SHARED_PAGE_CACHE_CONTROL,
} from '~/server/http/http-cache.server';
import { carriesStoreCookie, withoutStoreCookies } from '~/server/http/store-cookies.server';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';
/** A body with its ETag and its compressed forms, made when first asked for. */
type Copy = { body: Buffer; etag: string; variants: Partial<Record<Encoding, Promise<Buffer>>> };
type Entry = Copy & {
  key: string;
  headers: OutgoingHttpHeaders;
  storedAt: number;
  version: number;
  bytes: number;
  /** When a request started rendering a fresh copy; meanwhile others get this one (a stampede guard). */
  refreshingSince: number;
  /** The page joined for shoppers with cookies, by view (Personalizer.key): kept with the page, dropped with it. */
  joined: Map<string, Promise<Copy | null>>;
};

/**
 * How a stored page is made a shopper's own (decision 0021; server/app.ts hands in
 * server/page-cache/shopper-parts.tsx): a request with the store's cookies to a page known to be shareable gets
 * the page as stored with its personal parts joined in, instead of a render of its own.
 */
export type Personalizer<View> = {
  /** The view of the request's shopper, from their cookies (at most one SQL statement; never rejects). */
  read: (cookie: string | undefined) => Promise<View>;
  /** Joined copies are kept per key. */
  key: (view: View) => string;
  /** The stored body made the view's, or null when the page has nothing to join (it is then rendered for them). */
  join: (body: Buffer, view: View) => Promise<Buffer | null>;
};

type Next = (error?: unknown) => void;

/** A request whose render takes longer than this stops holding the others on the old copy. */
const REFRESH_GRACE_MS = 10_000;
/** A copy this many times older than its freshness is not served even while a fresh one renders. */
const STALE_LIMIT = 10;
/** Joined copies kept per stored page (different cart counts and accounts); the oldest goes first. */
const JOINED_PER_PAGE = 32;
/** Paths remembered as shareable pages, so a shopper's request for one is joined rather than rendered. */
const SHAREABLE_PATHS = 20_000;
/** Response headers never replayed from a stored page. */
const NOT_STORED = new Set(['content-length', 'content-encoding', 'date', 'etag', 'set-cookie', 'x-db-queries', 'age']);

/** Which compressions an Accept-Encoding header allows (q=0 refuses one; `*` stands for any not named). */
export function acceptedEncodings(header: string | undefined): Record<Encoding, boolean> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return { br: allows('br'), gzip: allows('gzip') };
}

/** The encoding to send a stored page in: br, else gzip, else none. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

const withAcceptEncoding = (vary: unknown) => {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === 'accept-encoding')
    ? names.join(', ')
    : [...names, 'Accept-Encoding'].join(', ');
};

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
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** Paths whose pages came out shareable: the same for everyone but the header's shopper parts. */
  const shareablePaths = new Set<string>();
  /** Shareable paths whose pages had nothing to join: their shoppers' requests are rendered for them. */
  const unjoinablePaths = new Set<string>();
  /** Requests rendered as a visitor's page to be joined for their shopper (their cookies taken off meanwhile). */
  const joining = new WeakMap<IncomingMessage, Promise<View>>();

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(entry: Entry) {
    forget(entry.key);
    if (entry.bytes > maxBytes) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    // Map order is insertion order and a hit re-inserts: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Memory made for a stored page after it was stored counts against it while it is still the one kept. */
  function grow(entry: Entry, by: number) {
    entry.bytes += by;
    if (entries.get(entry.key) === entry) bytes += by;
  }

  function variant(entry: Entry, copy: Copy, encoding: Encoding): Promise<Buffer> {
    copy.variants[encoding] ??= (
      encoding === 'br'
        ? brotli(copy.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzip(copy.body, { level: 9 })
    ).then((compressed) => {
      grow(entry, compressed.length);
      return compressed;
    });
    return copy.variants[encoding];
  }

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

  /** The stored page joined for a view, made once per view and kept with the page; null if it cannot be joined. */
  function joinedCopy(entry: Entry, view: View): Promise<Copy | null> {
    const key = personalizer!.key(view);
    let copy = entry.joined.get(key);
    if (!copy) {
      if (entry.joined.size >= JOINED_PER_PAGE) entry.joined.delete(entry.joined.keys().next().value!);
      copy = joinCopy(entry.body, view).then((joined) => {
        if (joined) grow(entry, joined.body.length);
        return joined;
      });
      entry.joined.set(key, copy);
    }
    return copy;
  }

  const storable = (req: IncomingMessage) =>
    req.method === 'GET' && !carriesStoreCookie(req.headers.cookie) && maxBytes > 0;
  const pathOf = (req: IncomingMessage) => (req.url ?? '/').split(/[?#]/)[0];
  /**
   * A shopper's request that may be answered with the stored page joined for them: a document (not a `.data`
   * request, whose root data would be the visitor's) for a path already seen to be shareable.
   */
  const joinable = (req: IncomingMessage) =>
    personalizer !== undefined &&
    req.method === 'GET' &&
    maxBytes > 0 &&
    !pathOf(req).endsWith('.data') &&
    shareablePaths.has(pathOf(req));

  /** The stored copy to answer with, or null when this request must render one (none, changed, or due a refresh). */
  function usableEntry(key: string): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const now = Date.now();
    if (entry.version !== contentVersion() || now - entry.storedAt > maxAgeMs * STALE_LIMIT) {
      forget(key);
      return null;
    }
    if (now - entry.storedAt < maxAgeMs || now - entry.refreshingSince < REFRESH_GRACE_MS) {
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    }
    // This request renders a fresh copy; others keep getting this one meanwhile.
    entry.refreshingSince = now;
    return null;
  }

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
    forgetShareable(pathOf(req));
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    res.setHeader('Location', req.url ?? '/');
    res.statusCode = 307;
  }

  const capture: PageCache['capture'] = (req, res, next) => {
    if (req.method !== 'GET') return next();
    captureResponse(req, res, storable(req) ? (req.url ?? '/') : null);
    next();
  };

  return { serveStored, capture };

  /** Buffers a storable response to give it an ETag (and keep it when `key` is set); anything else streams through. */
  function captureResponse(req: IncomingMessage, res: ServerResponse, key: string | null) {
    const version = contentVersion();
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    const chunks: Buffer[] = [];
    let decided = false;
    let buffering = false;

    const restore = () => Object.assign(res, original);
    const decide = () => {
      decided = true;
      const type = String(res.getHeader('content-type') ?? '');
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      buffering =
        res.statusCode === 200 &&
        !res.hasHeader('set-cookie') &&
        !res.hasHeader('content-encoding') &&
        /^text\/(html|x-script)\b/.test(type) &&
        !/\bno-store\b/.test(cacheControl);
      if (!buffering) {
        restore();
        // A refresh that did not produce a storable page: the old copy must not be served any more.
        if (key) forget(key);
      }
    };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, (encoding as BufferEncoding) || 'utf8')
          : Buffer.from(chunk as Uint8Array);

    res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      this.statusCode = statusCode;
      const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
      if (typeof rest[0] === 'string') this.statusMessage = rest[0];
      if (Array.isArray(headers))
        for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(String(headers[i]), headers[i + 1] as string);
      else if (headers && typeof headers === 'object')
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) this.setHeader(name, value as string);
      if (!decided) decide();
      return buffering ? this : original.writeHead.call(this, this.statusCode);
    } as ServerResponse['writeHead'];

    res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!decided) decide();
      if (!buffering) return (original.write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
      chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done as () => void);
      return true;
    } as ServerResponse['write'];

    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!decided) decide();
      if (!buffering)
        return (original.end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      restore();
      finish(done).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return this;
    } as ServerResponse['end'];

    async function finish(done?: () => void) {
      const body = Buffer.concat(chunks);
      const etag = etagOf(body);
      const shared = /\bpublic\b/.test(String(res.getHeader('cache-control') ?? ''));
      const view = joining.get(req);
      if (shared && (view || carriesStoreCookie(req.headers.cookie)))
        res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
      if (shared) rememberShareable(pathOf(req));
      res.setHeader('ETag', etag);
      let entry: Entry | null = null;
      // Stored only when nothing changed while it rendered (else it may hold data from before the change).
      if (key && shared && version === contentVersion()) {
        const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !NOT_STORED.has(name)));
        if (view) headers['cache-control'] = SHARED_PAGE_CACHE_CONTROL;
        entry = {
          key,
          headers,
          body,
          etag,
          variants: {},
          storedAt: Date.now(),
          version,
          bytes: body.length,
          refreshingSince: 0,
          joined: new Map(),
        };
        store(entry);
      } else if (key) forget(key);
      let sent: Copy = { body, etag, variants: {} };
      if (view) {
        // Not kept when it changed while it rendered: then joined for this request only.
        const joined = entry ? await joinedCopy(entry, await view) : await joinCopy(body, await view);
        if (!joined) {
          sendBackToRender(req, res);
          res.removeHeader('ETag');
          res.removeHeader('Content-Type');
          res.end(done);
          return;
        }
        sent = joined;
        res.setHeader('ETag', sent.etag);
      }
      if (matchesEtag(req.headers['if-none-match'], sent.etag)) {
        res.statusCode = 304;
        res.removeHeader('Content-Type');
        res.end(done);
        return;
      }
      res.end(sent.body, done);
    }
  }

  /** The page `body` joined for a view, with its ETag; null when it has nothing to join. */
  async function joinCopy(body: Buffer, view: View): Promise<Copy | null> {
    const joined = await personalizer!.join(body, view);
    return joined ? { body: joined, etag: etagOf(joined), variants: {} } : null;
  }

  function rememberShareable(path: string) {
    if (shareablePaths.has(path) || unjoinablePaths.has(path)) return;
    remember(shareablePaths, path);
  }

  function forgetShareable(path: string) {
    shareablePaths.delete(path);
    remember(unjoinablePaths, path);
  }
}

/** Adds to a bounded set of paths, the oldest going first. */
function remember(paths: Set<string>, path: string) {
  if (paths.size >= SHAREABLE_PATHS) paths.delete(paths.values().next().value!);
  paths.add(path);
}
