/**
 * The response side of the page cache (page-cache.ts `capture`): a storable response is buffered to give it an ETag
 * (and answer 304 when the browser holds it), made `private` when it was rendered for a shopper with cookies, kept
 * in the page store when it may be shared, and joined for the shopper it was rendered for (decision 0021).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentVersion, PRIVATE_PAGE_CACHE_CONTROL, SHARED_PAGE_CACHE_CONTROL } from '~/server/http/http-cache.server';
import { carriesStoreCookie } from '~/server/http/store-cookies.server';
import { etagOf, matchesEtag } from './content-negotiation';
import { type Joiner, pathOf, type ShareablePaths } from './joined-pages';
import type { Copy, Entry, PageStore } from './page-store';

/** Response headers never replayed from a stored page. */
const NOT_STORED = new Set(['content-length', 'content-encoding', 'date', 'etag', 'set-cookie', 'x-db-queries', 'age']);

/** What the response side shares with the request side of one page cache (page-cache.ts). */
export type CaptureContext<View> = {
  pages: PageStore;
  joiner: Joiner<View>;
  shareable: ShareablePaths;
  /** Requests rendered as a visitor's page to be joined for their shopper (their cookies taken off meanwhile). */
  joining: WeakMap<IncomingMessage, Promise<View>>;
  /** Sends the shopper back to render the page for themselves, when it has nothing to join. */
  sendBackToRender: (req: IncomingMessage, res: ServerResponse) => void;
};

/** Buffers a storable response to give it an ETag (and keep it when `key` is set); anything else streams through. */
export function captureResponse<View>(
  context: CaptureContext<View>,
  req: IncomingMessage,
  res: ServerResponse,
  key: string | null,
) {
  const { store, forget } = context.pages;
  const { joinedCopy, joinCopy } = context.joiner;
  const { joining, sendBackToRender } = context;
  const rememberShareable = context.shareable.remember;
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
