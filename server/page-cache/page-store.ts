/**
 * The pages the page cache keeps in memory (page-cache.ts): each with its ETag and compressed forms, kept for
 * `maxAgeMs` and dropped least recently used past `maxBytes`, or at once when the content version moves on
 * (contentChanged(), decision 0007).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentVersion } from '~/server/http/http-cache.server';
import type { Encoding } from './content-negotiation';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A body with its ETag and its compressed forms, made when first asked for. */
export type Copy = { body: Buffer; etag: string; variants: Partial<Record<Encoding, Promise<Buffer>>> };
export type Entry = Copy & {
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

/** A request whose render takes longer than this stops holding the others on the old copy. */
const REFRESH_GRACE_MS = 10_000;
/** A copy this many times older than its freshness is not served even while a fresh one renders. */
const STALE_LIMIT = 10;

export type PageStore = {
  forget: (key: string) => void;
  store: (entry: Entry) => void;
  /** Memory made for a stored page after it was stored counts against it while it is still the one kept. */
  grow: (entry: Entry, by: number) => void;
  /** A copy's body compressed, made once and counted against its page. */
  variant: (entry: Entry, copy: Copy, encoding: Encoding) => Promise<Buffer>;
  /** The stored copy to answer with, or null when this request must render one (none, changed, or due a refresh). */
  usableEntry: (key: string) => Entry | null;
};

export function createPageStore({ maxBytes, maxAgeMs }: { maxBytes: number; maxAgeMs: number }): PageStore {
  const entries = new Map<string, Entry>();
  let bytes = 0;

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

  return { forget, store, grow, variant, usableEntry };
}
