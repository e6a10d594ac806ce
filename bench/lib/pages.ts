/**
 * The storefront's pages on one running store: SQL statements per page (rendered, and as served to the shoppers with
 * cookies) and autocannon throughput of the pages in THROUGHPUT_PAGES, against the bare node:http baseline measured
 * in the same run.
 */
import type { AppServer } from './app-server';
import { THROUGHPUT_PAGES, type BenchOptions, type PageName } from './options';
import { countRender, countServed } from './queries';
import { renderTarget } from './render';
import type { PageRow, ShopperThroughput, SizeResult, Throughput } from './report';
import { personalPageProblem, type Shopper } from './shopper';
import { load, startBaseline } from './throughput';

type Store = { app: AppServer; dataDir: string; shopper: Shopper; collectionPath: string | null };
export type Target = {
  key: string;
  label: string;
  path: string;
  lighthouse?: PageName;
  cookie?: 'visitorCart' | 'customer';
};

/** Every storefront page; `lighthouse` marks the ones Lighthouse measures, with the cookie they are measured with. */
export function targets(shopper: Shopper, collectionPath: string | null): Target[] {
  const list: Target[] = [
    { key: 'home', label: '/', path: '/', lighthouse: 'home' },
    { key: 'collections', label: '/collections', path: '/collections', lighthouse: 'collections' },
    { key: 'product', label: '/product/{id}', path: shopper.productPath, lighthouse: 'product' },
    { key: 'cart', label: '/cart (1 line)', path: '/cart', lighthouse: 'cart', cookie: 'visitorCart' },
    { key: 'checkout', label: '/checkout (signed in)', path: '/checkout', lighthouse: 'checkout', cookie: 'customer' },
    { key: 'new-arrivals', label: '/new-arrivals', path: '/new-arrivals' },
    { key: 'about', label: '/about', path: '/about' },
    { key: 'contact', label: '/contact', path: '/contact' },
    { key: 'terms', label: '/terms', path: '/terms' },
    { key: 'privacy', label: '/privacy', path: '/privacy' },
    { key: '404', label: '/404', path: '/404' },
  ];
  if (collectionPath) list.splice(2, 0, { key: 'collection', label: '/collections/{id}', path: collectionPath });
  return list;
}

/** A page's row with its SQL counts; checkout is for signed-in customers only (others are sent to sign in). */
export async function countPage({ app, shopper }: Store, target: Target): Promise<PageRow> {
  const { origin } = app;
  const { visitorCartCookie: cart, customerCookie: customer } = shopper;
  const rendered = await renderTarget(origin, target.path);
  const customersOnly = target.key === 'checkout';
  const unlessCustomersOnly = async (count: () => Promise<number | null>) => (customersOnly ? null : count());
  return {
    key: target.key,
    label: target.label,
    path: target.path,
    queries: {
      visitor: await unlessCustomersOnly(() => countRender(origin, rendered)),
      visitorWithCart: await unlessCustomersOnly(() => countRender(origin, rendered, cart)),
      customer: await countRender(origin, rendered, customer),
    },
    servedQueries: {
      visitorWithCart: await unlessCustomersOnly(() => countServed(origin, target.path, cart)),
      customer: await countServed(origin, target.path, customer),
    },
  };
}

type Settings = { connections: number; duration: number };

/** The page as served to a shopper with cookies, measured only once it is checked to be that shopper's own page. */
async function shopperLoad(
  origin: string,
  path: string,
  cookie: string,
  signedIn: boolean,
  settings: Settings,
): Promise<ShopperThroughput> {
  const problem = await personalPageProblem(origin, path, cookie, signedIn);
  if (problem) return { error: problem };
  return { ...(await load(origin, path, { ...settings, cookie })), ratioToBaseline: null };
}

/**
 * Each page of THROUGHPUT_PAGES as served and rendered (the product page also as served to a visitor with a cart and
 * to a signed-in customer), then the bare server; fills the rows' throughput and returns the baseline.
 */
export async function measureThroughput(
  store: Store,
  rows: PageRow[],
  options: BenchOptions,
  say: (line: string) => void,
): Promise<SizeResult['baseline']> {
  const { origin } = store.app;
  const { shopper } = store;
  const settings = { connections: options.connections, duration: options.duration };
  for (const key of THROUGHPUT_PAGES) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!options.pages.includes(key) || !row) continue;
    const product = key === 'product';
    say(
      `autocannon ${row.label}, ${options.connections} connections, ${options.duration} s, ` +
        `as served and rendered${product ? ', and as served to a visitor with a cart and to a customer' : ''}...`,
    );
    const served = await load(origin, row.path, settings);
    const rendered = await load(origin, await renderTarget(origin, row.path), settings);
    row.throughput = { served: { ...served, ratioToBaseline: null }, rendered: { ...rendered, ratioToBaseline: null } };
    if (!product) continue;
    row.throughput.visitorWithCart = await shopperLoad(origin, row.path, shopper.visitorCartCookie, false, settings);
    row.throughput.customer = await shopperLoad(origin, row.path, shopper.customerCookie, true, settings);
  }
  const bare = await startBaseline(origin, shopper.productPath, store.dataDir);
  let baseline: SizeResult['baseline'];
  try {
    say(
      `autocannon bare node:http sending the product page's ${bare.bytes.toLocaleString('en-US')} compressed bytes...`,
    );
    baseline = { ...(await load(bare.origin, '/', settings)), bodyBytes: bare.bytes };
  } finally {
    await bare.stop();
  }
  for (const row of rows) {
    const measured = Object.values(row.throughput ?? {}) as ShopperThroughput[];
    for (const figures of measured.filter((entry): entry is Throughput => !('error' in entry)))
      figures.ratioToBaseline = figures.requestsPerSecond / baseline.requestsPerSecond;
  }
  return baseline;
}
