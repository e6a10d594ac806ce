/**
 * What one store process changes, every process and host forgets within a second (decision 0020): a
 * process that drops a cache (the stored anonymous pages, the store settings) also sends a PostgreSQL NOTIFY on
 * one channel, and every process LISTENs on it and drops its own copy. The database is the one thing all hosts
 * share, so no broker is needed. When the listening connection was lost, a process cannot know what it missed:
 * on reconnecting it drops everything.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { db } from '../db.server';
import { logger } from '../logger.server';

export const CHANGES_CHANNEL = 'store_changes';

/**
 * The caches a change can concern. 'shopper-views' (shopper-view-cache.server.ts) is told by the database itself: a
 * trigger on cart_lines notifies the cart's owner at every commit that changed a cart (drizzle/0013).
 */
export type CacheName = 'content' | 'settings' | 'shopper-views';

/** Drops a cache: all of it, or only what concerns `key` when the notice names one. */
type Flush = (key?: string) => void;

const flushes = new Map<CacheName, Flush>();
/** Tells this process's own notices apart from others' (a process forgets its own caches at once, not twice). */
const PROCESS_ID = randomUUID();

/** A cache registers how it is dropped (http-cache.server.ts, settings.server.ts). */
export function registerCache(name: CacheName, flush: Flush): void {
  flushes.set(name, flush);
}

function flushAll(): void {
  for (const flush of flushes.values()) flush();
}

/**
 * The stored pages show the settings (store name, banner): dropping the settings drops them too, after, so a page
 * rendered in between with the old settings goes with them. A save's two notices ('settings', then 'content') may
 * arrive in either order, each on its own connection; without this, 'content' first left such a page stored.
 */
const SHOWN_IN: Partial<Record<CacheName, CacheName>> = { settings: 'content' };

function flush(name: CacheName, key?: string): boolean {
  const drop = flushes.get(name);
  if (!drop) return false;
  drop(key);
  const shownIn = SHOWN_IN[name];
  if (shownIn) flushes.get(shownIn)?.();
  return true;
}

/**
 * Drops `name` here at once and tells the other processes. Called after the change committed, so a process that
 * re-reads on the notice sees it. A failed notice is logged, not thrown: the write itself succeeded, and the other
 * processes' copies expire on their own (SHARED_MAX_AGE).
 */
export function announceChange(name: CacheName): void {
  flush(name);
  if (!listening) return;
  const payload = JSON.stringify({ name, from: PROCESS_ID });
  db()
    .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`)
    .catch((error: unknown) => logger.error({ err: error, cache: name }, 'could not tell other processes of a change'));
}

let listening: { close: () => Promise<void> } | undefined;

function received(payload: string): void {
  try {
    const { name, from, key } = JSON.parse(payload) as { name?: unknown; from?: unknown; key?: unknown };
    if (from === PROCESS_ID) return;
    // A change this version does not know (a newer process during a deploy): drop everything to be safe.
    if (typeof name !== 'string' || !flush(name as CacheName, typeof key === 'string' ? key : undefined)) flushAll();
  } catch {
    flushAll();
  }
}

/**
 * Starts listening (scripts/serve.ts, once per process). postgres.js keeps the LISTEN on its own connection and
 * reconnects by itself; `onlisten` runs at every (re)connection, and after the first one it means notices may have
 * been missed. Returns a function that stops listening.
 */
export async function listenForChanges(url = process.env.DATABASE_URL): Promise<() => Promise<void>> {
  if (!url) throw new Error('DATABASE_URL is not set');
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'store-listen' } });
  let connections = 0;
  await client.listen(CHANGES_CHANNEL, received, () => {
    connections++;
    if (connections > 1) {
      logger.warn('the change listener reconnected: dropping every cache, changes may have been missed');
      flushAll();
    }
  });
  const close = async () => {
    if (listening === current) listening = undefined;
    await client.end({ timeout: 5 });
  };
  const current = { close };
  listening = current;
  return close;
}
