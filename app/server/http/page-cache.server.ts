/**
 * Express middleware for the pages React Router renders (server.ts mounts it in front of the handler):
 * - every 200 HTML or data response that may be stored gets an ETag of its body, and a request that already
 *   holds that version gets 304 Not Modified without the body;
 * - a page its route declared shareable (http-cache.server.ts) is made `private` when the request carries a
 *   cookie, since the header then shows that shopper's cart count or name;
 * - anonymous shareable pages are kept in memory for SHARED_MAX_AGE seconds (least recently used dropped past
 *   `maxBytes`) with their compressed forms, as a CDN would keep them: a product page then costs no render
 *   and no query until it changes. contentChanged() drops them all. Decision 0007.
 * Two middlewares: `serveStored` early in the chain, `capture` just before the page handler.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentVersion, PRIVATE_PAGE_CACHE_CONTROL, SHARED_MAX_AGE } from './http-cache.server';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';
type Entry = {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  storedAt: number;
  version: number;
  bytes: number;
  variants: Partial<Record<Encoding, Promise<Buffer>>>;
  /** When a request started rendering a fresh copy; meanwhile others get this one (a stampede guard). */
  refreshingSince: number;
};

type Next = (error?: unknown) => void;

/** A request whose render takes longer than this stops holding the others on the old copy. */
const REFRESH_GRACE_MS = 10_000;
/** A copy this many times older than its freshness is not served even while a fresh one renders. */
const STALE_LIMIT = 10;
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

export function createPageCache({
  maxBytes,
  maxAgeMs = SHARED_MAX_AGE * 1000,
}: {
  maxBytes: number;
  maxAgeMs?: number;
}): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, entry: Entry) {
    forget(key);
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Map order is insertion order and a hit re-inserts: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function variant(entry: Entry, encoding: Encoding): Promise<Buffer> {
    entry.variants[encoding] ??= (
      encoding === 'br'
        ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzip(entry.body, { level: 9 })
    ).then((compressed) => {
      entry.bytes += compressed.length;
      bytes += compressed.length;
      return compressed;
    });
    return entry.variants[encoding];
  }

  async function serve(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
    res.setHeader('ETag', entry.etag);
    res.setHeader('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.setHeader('Vary', withAcceptEncoding(entry.headers.vary));
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      res.removeHeader('Content-Type');
      res.writeHead(304).end();
      return;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body = encoding ? await variant(entry, encoding) : entry.body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200).end(body);
  }

  const storable = (req: IncomingMessage) => req.method === 'GET' && !carriesStoreCookie(req) && maxBytes > 0;

  const serveStored: PageCache['serveStored'] = (req, res, next) => {
    if (!storable(req)) return next();
    const key = req.url ?? '/';
    const entry = entries.get(key);
    if (!entry) return next();
    const now = Date.now();
    if (entry.version !== contentVersion() || now - entry.storedAt > maxAgeMs * STALE_LIMIT) {
      forget(key);
      return next();
    }
    if (now - entry.storedAt < maxAgeMs || now - entry.refreshingSince < REFRESH_GRACE_MS) {
      entries.delete(key);
      entries.set(key, entry);
      serve(req, res, entry).catch(next);
      return;
    }
    // This request renders a fresh copy; others keep getting this one meanwhile.
    entry.refreshingSince = now;
    next();
  };

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
      finish(done);
      return this;
    } as ServerResponse['end'];

    function finish(done?: () => void) {
      const body = Buffer.concat(chunks);
      const etag = etagOf(body);
      const shared = /\bpublic\b/.test(String(res.getHeader('cache-control') ?? ''));
      if (shared && carriesStoreCookie(req)) res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
      res.setHeader('ETag', etag);
      // Stored only when nothing changed while it rendered (else it may hold data from before the change).
      if (key && shared && version === contentVersion()) {
        const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !NOT_STORED.has(name)));
        store(key, {
          headers,
          body,
          etag,
          storedAt: Date.now(),
          version,
          bytes: body.length,
          variants: {},
          refreshingSince: 0,
        });
      } else if (key) forget(key);
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        res.statusCode = 304;
        res.removeHeader('Content-Type');
        res.end(done);
        return;
      }
      res.end(body, done);
    }
  }
}

/**
 * The cookies that change what a page shows: the cart's (cart-cookie.server.ts, cart-notice.server.ts) and Better
 * Auth's session cookies (`better-auth.*`, `__Secure-better-auth.*`). Any other cookie (an analytics or consent
 * cookie a brand adds) leaves the page as every visitor gets it, so it is served from, and kept in, the store.
 */
const STORE_COOKIE = /^(cart|cart_notice|(__Secure-)?better-auth\.[\w.-]+)$/;

export function carriesStoreCookie(req: Pick<IncomingMessage, 'headers'>): boolean {
  const header = req.headers.cookie;
  if (!header) return false;
  return header.split(';').some((pair) => STORE_COOKIE.test(pair.split('=')[0].trim()));
}
