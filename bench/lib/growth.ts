/**
 * How the cost of a listing and a product page grows with the catalog: the rendered figures of the first and the
 * last catalog size, measured with both stores running, in alternating short runs (small, large, then large,
 * small): see alternate() in throughput.ts.
 */
import type { AppServer } from './app-server';
import { renderTarget } from './render';
import type { Shopper } from './shopper';
import { alternate, load } from './throughput';

export type GrowthSide = { products: number; requestsPerSecond: number; p99Ms: number };
export type Growth = { key: 'collections' | 'product'; label: string; small: GrowthSide; large: GrowthSide };

type Store = { products: number; app: AppServer; shopper: Shopper };
type Options = { pages: string[]; connections: number; duration: number };

const ROUNDS = 2;

export async function compareGrowth(
  small: Store,
  large: Store,
  options: Options,
  say: (line: string) => void,
): Promise<Growth[]> {
  const seconds = Math.max(1, Math.round(options.duration / 2));
  const pages = [
    { key: 'collections' as const, label: 'listing', path: () => '/collections' },
    { key: 'product' as const, label: 'product page', path: (store: Store) => store.shopper.productPath },
  ].filter((page) => options.pages.includes(page.key));
  const result: Growth[] = [];
  for (const page of pages) {
    say(
      `growth: ${page.label} rendered at ${small.products.toLocaleString('en-US')} and ` +
        `${large.products.toLocaleString('en-US')} products, ${ROUNDS} alternating runs of ${seconds} s each...`,
    );
    const targets = new Map<Store, string>();
    for (const store of [small, large]) targets.set(store, await renderTarget(store.app.origin, page.path(store)));
    const figures = await alternate([small, large], ROUNDS, (store, warmup) =>
      load(store.app.origin, targets.get(store)!, { connections: options.connections, duration: seconds, warmup }),
    );
    const side = (store: Store): GrowthSide => ({
      products: store.products,
      requestsPerSecond: figures.get(store)!.requestsPerSecond,
      p99Ms: figures.get(store)!.p99Ms,
    });
    result.push({ key: page.key, label: page.label, small: side(small), large: side(large) });
  }
  return result;
}
