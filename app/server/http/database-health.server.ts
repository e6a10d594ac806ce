/**
 * Is the database there? Connection failures (server stopped, restarting, unreachable) are told apart from
 * query errors, so a page can answer a clear 503 instead of a 500; postgres.js reconnects by itself on the
 * next query, so the store recovers without a restart when the database comes back.
 */
import { sql } from 'drizzle-orm';
import { db } from '../db.server';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** PostgreSQL SQLSTATEs meaning "not available right now": 08xxx connection exceptions, 57P0x shutdown/starting. */
const UNAVAILABLE_STATE = /^(08...|57P0[1-4])$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One cheap round trip, bounded in time: the health check's question. */
export async function databaseReachable(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = db()
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
