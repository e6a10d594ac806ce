/**
 * The minute a drop opens (decision 0036), what shoppers see changes with no write to announce it: the product page
 * loses its countdown and gains Add to cart, the cards lose "Drops Fri 12 Dec". Every store process keeps the next
 * opening in memory and sets a timer for it; when it fires, the process drops its stored pages (the same version
 * bump as contentChanged(), for this process only, since each process fires its own timer) and looks for the next
 * one. The HTTP cache headers of a shareable page are cut so no cache keeps it past that moment either
 * (http-cache.server.ts). The next opening is read again after every content change (an admin moving a time,
 * in any process: shared-invalidation.server.ts) and after each opening.
 */
import { nextOpening } from '../catalog/drops.server';
import { logger } from '../logger.server';

/** Node's timers hold at most about 24.8 days: a later opening is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * The stored pages are dropped a second time this long after the opening: a page rendered right after the timer
 * fired, by a database whose clock is a little behind this process's, may still show the countdown.
 */
const SECOND_LOOK_MS = 1_000;

/** What else happens at an opening in this process (jobs/workers.server.ts queues the drop mails). */
const listeners = new Set<() => void>();

/** Runs `listener` at each opening this process's clock sees. Returns how to stop. */
export function onOpening(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Clock = { next: number | null; timer?: NodeJS.Timeout; expire: () => void; generation: number };
let clock: Clock | null = null;

/** The next opening (ms since the epoch) this process knows of, or null. */
export function nextOpeningAt(): number | null {
  const next = clock?.next ?? null;
  return next !== null && next > Date.now() ? next : null;
}

function arm(current: Clock, at: number | null) {
  clearTimeout(current.timer);
  current.next = at;
  if (at === null) return;
  const fire = () => {
    const left = at - Date.now();
    if (left > 0) {
      current.timer = setTimeout(fire, Math.min(left, LONGEST_TIMER_MS)).unref();
      return;
    }
    current.expire();
    setTimeout(() => current.expire(), SECOND_LOOK_MS).unref();
    for (const listener of listeners) listener();
    void refreshOpenings();
  };
  current.timer = setTimeout(fire, Math.min(Math.max(at - Date.now(), 0), LONGEST_TIMER_MS)).unref();
}

/** Reads the next opening again and sets the timer for it (nothing until the clock was started). */
export async function refreshOpenings(): Promise<void> {
  const current = clock;
  if (!current) return;
  const generation = ++current.generation;
  try {
    const next = await nextOpening(new Date());
    // A later refresh (another change meanwhile) decides.
    if (clock === current && generation === current.generation) arm(current, next?.getTime() ?? null);
  } catch (error) {
    logger.error({ err: error }, 'could not read the next drop opening; stored pages keep their usual minute');
  }
}

/**
 * Starts this process's clock (scripts/serve.ts, through http-cache.server.ts): `expire` drops the stored pages.
 * Returns how to stop it.
 */
export async function startOpeningClock(expire: () => void): Promise<() => void> {
  if (clock) clearTimeout(clock.timer);
  const current: Clock = { next: null, expire, generation: 0 };
  clock = current;
  await refreshOpenings();
  return () => {
    clearTimeout(current.timer);
    if (clock === current) clock = null;
  };
}
