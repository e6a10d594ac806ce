/**
 * One store process against two (WEB_CONCURRENCY, scripts/serve.ts) on the same data: the first catalog size's
 * running store (one process) and a second store of two processes started on that store's database and data folder,
 * measured in alternating short runs (alternate() in throughput.ts) on the product page, rendered and as served.
 *
 * autocannon runs in this process, on the same cores as the store: a page the server answers from memory is
 * bounded by the load generator as much as by the server, so the rendered page (server-bound: render, queries,
 * compression) is the figure that shows what a second process adds.
 */
import { runningEmbeddedUrl } from '../../scripts/lib/running-database';
import { startApp, type AppServer } from './app-server';
import { renderTarget } from './render';
import { alternate, load, type LoadFigures } from './throughput';

export type ProcessSide = { processes: number; served: LoadFigures; rendered: LoadFigures };
export type ProcessComparison = { products: number; path: string; one: ProcessSide; two: ProcessSide };

type Store = { products: number; app: AppServer; dataDir: string; shopper: { productPath: string } };
type Options = { connections: number; duration: number };

const ROUNDS = 2;

export async function compareProcesses(
  store: Store,
  buildDir: string,
  options: Options,
  say: (line: string) => void,
): Promise<ProcessComparison> {
  const databaseUrl = runningEmbeddedUrl(store.dataDir);
  if (!databaseUrl) throw new Error('the store’s PostgreSQL is not running');
  say(`starting the same store with 2 processes beside the one-process store...`);
  // Its Paystack simulator replaces the first store's control file in the data folder: nothing pays after this.
  const two = await startApp({ dataDir: store.dataDir, buildDir, processes: 2, databaseUrl });
  try {
    const path = store.shopper.productPath;
    const seconds = Math.max(1, Math.round(options.duration / 2));
    const stores: [AppServer, AppServer] = [store.app, two];
    const figures = async (target: (app: AppServer) => Promise<string>) => {
      const targets = new Map<AppServer, string>();
      for (const app of stores) targets.set(app, await target(app));
      return alternate(stores, ROUNDS, (app, warmup) =>
        load(app.origin, targets.get(app)!, { connections: options.connections, duration: seconds, warmup }),
      );
    };
    say(`1 vs 2 processes: product page rendered and as served, ${ROUNDS} alternating runs of ${seconds} s each...`);
    const rendered = await figures((app) => renderTarget(app.origin, path));
    const served = await figures(async () => path);
    const side = (app: AppServer, processes: number): ProcessSide => ({
      processes,
      served: served.get(app)!,
      rendered: rendered.get(app)!,
    });
    return { products: store.products, path, one: side(store.app, 1), two: side(two, 2) };
  } finally {
    await two.stop();
  }
}
