/**
 * How the cost of a listing and a product page grows with the catalog: the rendered figures of the first and the
 * last catalog size, measured with both stores running, in alternating short runs (small, large, then large,
 * small). Measured one size after the other, minutes apart, the comparison would mostly show what else the
 * machine was doing meanwhile.
 */
import type { AppServer } from './app-server';
import type { Shopper } from './shopper';
import { load, RENDER_COOKIE, type LoadFigures } from './throughput';

export type GrowthSide = { products: number; requestsPerSecond: number; p99Ms: number };
export type Growth = { key: 'collections' | 'product'; label: string; small: GrowthSide; large: GrowthSide };

type Store = { products: number; app: AppServer; shopper: Shopper };
type Options = { pages: string[]; connections: number; duration: number };

const ROUNDS = 2;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

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
    const runs = new Map<Store, LoadFigures[]>([
      [small, []],
      [large, []],
    ]);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [small, large] : [large, small];
      for (const store of order) {
        const figures = await load(`${store.app.origin}${page.path(store)}`, {
          connections: options.connections,
          duration: seconds,
          cookie: RENDER_COOKIE,
          warmup: round === 0,
        });
        runs.get(store)!.push(figures);
      }
    }
    const side = (store: Store): GrowthSide => ({
      products: store.products,
      requestsPerSecond: Math.round(mean(runs.get(store)!.map((figures) => figures.requestsPerSecond))),
      p99Ms: Math.round(mean(runs.get(store)!.map((figures) => figures.p99Ms))),
    });
    result.push({ key: page.key, label: page.label, small: side(small), large: side(large) });
  }
  return result;
}
