/**
 * Whether `check` comes true within `ms`, asked every `every` ms: for changes another process or a database notice makes
 * (decision 0020's "within a second"), which a test cannot await directly.
 */
export async function within(ms: number, check: () => Promise<boolean>, every = 20): Promise<boolean> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) return false;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return true;
}
