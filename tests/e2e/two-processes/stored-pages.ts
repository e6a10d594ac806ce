/**
 * What an anonymous visitor gets straight from one store process, bypassing the proxy: the page that process keeps
 * in memory (server/page-cache/page-cache.ts, decision 0007) until a change, its own or announced by another process,
 * drops it.
 */
import { expect } from '../fixtures';

/**
 * Asks for `url` twice and checks the second answer came from the process's page cache (a stored copy carries `Age`),
 * so a later check proves the copy was dropped, not that none was kept. Returns the stored page.
 */
export async function storedCopy(origin: string, url: string): Promise<string> {
  const rendered = await fetch(`${origin}${url}`);
  expect(rendered.status, `${origin}${url}`).toBe(200);
  await rendered.arrayBuffer();
  const stored = await fetch(`${origin}${url}`);
  expect(stored.status, `${origin}${url}`).toBe(200);
  expect(stored.headers.get('age'), `${origin}${url} was not answered from the page cache`).not.toBeNull();
  return stored.text();
}

/**
 * Asks each origin for `url` every 50 ms for up to `ms` after `since` until its page contains `text`. Returns, per
 * origin, how long after `since` the request that first showed it was sent, or null if none did in time.
 */
export async function firstSeen(origins: string[], url: string, text: string, since: number, ms = 1_000) {
  const seen: (number | null)[] = origins.map(() => null);
  while (seen.includes(null) && Date.now() - since <= ms) {
    const round = Date.now();
    await Promise.all(
      origins.map(async (origin, i) => {
        if (seen[i] !== null) return;
        const sent = Date.now() - since;
        if (sent > ms) return;
        const page = await (await fetch(`${origin}${url}`)).text();
        if (page.includes(text)) seen[i] = sent;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - (Date.now() - round))));
  }
  return seen;
}
