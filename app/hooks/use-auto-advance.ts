import { useEffect, useState } from 'react';
import { HERO_INTERVAL_MS } from '../lib/catalog/catalog-constants';

/**
 * The rotation rule of docs/requirements.md#4-what-each-page-shows, for the home hero and the shop banner alike: while
 * `running`, the next item every HERO_INTERVAL_MS, wrapping from the last to the first. A jump
 * (setIndex) restarts the wait.
 */
export function useAutoAdvance(count: number, running: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, count]);
  return [index, setIndex] as const;
}
