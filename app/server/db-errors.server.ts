/** PostgreSQL errors a write expects and answers with words for the admin, read through Drizzle's wrapping. */

/**
 * Whether `error` (or an error it wraps: Drizzle puts the driver's error in `cause`) is a unique violation (23505) of
 * the index or constraint named `constraint`: another row already holds the value, also when two saves raced.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, constraint_name } = cause as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && constraint_name === constraint) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
