/**
 * `npm run bench` (through scripts/bootstrap.mjs): builds the production app into .build-bench, then for each
 * catalog size (default 1,000 and 10,000 products) seeds a fresh temporary store, starts it in bench mode and
 * measures it: Lighthouse (first size only), autocannon against the store and a bare node:http baseline,
 * SQL statements per page, and the server's peak memory; at the first size also one store process against two.
 * Prints one table and writes bench/results.json. Sections run one after another so they never compete for the
 * machine's cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, makeDataDir, seedCatalog, startApp, vacuumAnalyze, type AppServer } from './lib/app-server';
import { budgets, formatBudgets, zodBudget } from './lib/budgets';
import { catalogImportBudget, measureCatalogImport, type CatalogImportFigures } from './lib/catalog-import';
import { routesLoadingZod } from './lib/bundles';
import { compareGrowth, type Growth } from './lib/growth';
import { startLighthouse } from './lib/lighthouse';
import { formatLoadTest, runLoadTest, type LoadTestResult } from './lib/load-test';
import { parseBenchArgs, SLOW_CPU_PAGES, USAGE, type BenchOptions } from './lib/options';
import { countPage, measureThroughput, targets } from './lib/pages';
import { compareProcesses, type ProcessComparison } from './lib/processes';
import { formatProcesses, formatTable, LEGEND, type BenchResult, type PageRow, type SizeResult } from './lib/report';
import { prepareShopper, type Shopper } from './lib/shopper';

const root = path.resolve(import.meta.dirname, '..');
const say = (line: string) => console.log(`[bench] ${line}`);

let loadResult: LoadTestResult | null = null;
let loadError: string | null = null;

/** A seeded store, running, with the shopper's cookies and paths. */
type Store = { products: number; app: AppServer; dataDir: string; shopper: Shopper; collectionPath: string | null };

async function openStore(products: number, options: BenchOptions, work: string, buildDir: string): Promise<Store> {
  const dataDir = makeDataDir(work, `store-${products}`);
  const started = Date.now();
  say(`seeding ${products.toLocaleString('en-US')} products...`);
  seedCatalog(dataDir, products);
  // Two stores run at once for the growth comparison: only the first takes a port given on the command line.
  const app = await startApp({ dataDir, buildDir, port: products === options.products[0] ? options.port : undefined });
  try {
    await vacuumAnalyze(dataDir);
    say(`store ready at ${app.origin} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const shopper = await prepareShopper(app.origin);
    const home = await (await fetch(`${app.origin}/`)).text();
    const collectionPath = /\/collections\/[0-9a-z]{14}/.exec(home)?.[0] ?? null;
    return { products, app, dataDir, shopper, collectionPath };
  } catch (error) {
    await app.stop();
    throw error;
  }
}

async function measureLighthouse(store: Store, rows: PageRow[], options: BenchOptions) {
  const { app, shopper, collectionPath } = store;
  const cookies = { visitorCart: shopper.visitorCartCookie, customer: shopper.customerCookie };
  const started = Date.now();
  const runner = await startLighthouse();
  try {
    for (const target of targets(shopper, collectionPath)) {
      if (!target.lighthouse || !options.pages.includes(target.lighthouse)) continue;
      const row = rows.find((candidate) => candidate.key === target.key)!;
      say(`Lighthouse ${target.label} (${options.runs} run${options.runs > 1 ? 's' : ''})...`);
      const report = options.reports ? path.resolve(options.reports, `lighthouse-${target.key}.json`) : undefined;
      if (options.reports) fs.mkdirSync(path.resolve(options.reports), { recursive: true });
      try {
        row.lighthouse = await runner.measure(
          `${app.origin}${target.path}`,
          options.runs,
          target.cookie ? cookies[target.cookie] : undefined,
          report,
        );
      } catch (error) {
        // One page Lighthouse cannot measure fails its budget, not the whole bench.
        row.lighthouseError = error instanceof Error ? error.message : String(error);
        say(row.lighthouseError);
      }
    }
  } finally {
    await runner.close();
  }
  if (options.slowRuns > 0) await measureSlowCpu(store, rows, options);
  say(`Lighthouse done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/** Home, listing and product at a 10x CPU slowdown, a low-end Android (decision 0044). */
async function measureSlowCpu(store: Store, rows: PageRow[], options: BenchOptions) {
  const runner = await startLighthouse({ cpuSlowdown: 10 });
  try {
    for (const target of targets(store.shopper, store.collectionPath)) {
      if (!target.lighthouse || !SLOW_CPU_PAGES.includes(target.lighthouse)) continue;
      if (!options.pages.includes(target.lighthouse)) continue;
      const row = rows.find((candidate) => candidate.key === target.key)!;
      say(`Lighthouse ${target.label} at 10x CPU (${options.slowRuns} run${options.slowRuns > 1 ? 's' : ''})...`);
      try {
        const report = options.reports ? path.resolve(options.reports, `lighthouse-${target.key}-10x.json`) : undefined;
        row.lighthouse10x = await runner.measure(
          `${store.app.origin}${target.path}`,
          options.slowRuns,
          undefined,
          report,
        );
      } catch (error) {
        row.lighthouse10xError = error instanceof Error ? error.message : String(error);
        say(row.lighthouse10xError);
      }
    }
  } finally {
    await runner.close();
  }
}

async function runShoppers(store: Store, options: BenchOptions) {
  say(`load test: ${options.shoppers} shoppers browsing and checking out for ${options.loadSeconds} s...`);
  try {
    loadResult = await runLoadTest({
      origin: store.app.origin,
      dataDir: store.dataDir,
      shoppers: options.shoppers,
      durationMs: options.loadSeconds * 1000,
    });
  } catch (error) {
    // Reported (and the bench exits 1), but the figures measured so far are still printed and written.
    loadError =
      error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
        : String(error);
    say(`load test failed: ${loadError}`);
  }
}

/** Everything measured on one store; `first`: the first catalog size, where Lighthouse and the load test run. */
async function measureStore(store: Store, options: BenchOptions, first: boolean): Promise<SizeResult> {
  const rows: PageRow[] = [];
  for (const target of targets(store.shopper, store.collectionPath)) rows.push(await countPage(store, target));
  if (first && options.lighthouse) await measureLighthouse(store, rows, options);
  const baseline = options.throughput ? await measureThroughput(store, rows, options, say) : undefined;
  if (first && options.loadSeconds > 0) await runShoppers(store, options);
  return { products: store.products, pages: rows, baseline, peakMemoryBytes: store.app.peakMemory() };
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n${USAGE}`);
    process.exit(2);
  }
  const options = parsed;
  const startedAt = new Date();
  const loadAverageBefore = os.loadavg()[0];
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? '.build-bench');
  ensureBuild(buildDir, say);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  // mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
  fs.chmodSync(work, 0o755);
  const sizes: SizeResult[] = [];
  const stores: Store[] = [];
  let growth: Growth[] = [];
  let processes: ProcessComparison | null = null;
  let catalogImport: CatalogImportFigures | { error: string } | null = null;
  try {
    for (const [index, products] of options.products.entries()) {
      // The first store stays up for the growth comparison with the last; any in between is closed when done.
      if (stores.length > 1) await stores.pop()!.app.stop();
      const store = await openStore(products, options, work, buildDir);
      stores.push(store);
      sizes.push(await measureStore(store, options, index === 0));
      // Last at the first size: the two-process store's simulator takes over the data folder's control file.
      if (index === 0 && options.throughput && options.pages.includes('product'))
        processes = await compareProcesses(store, buildDir, options, say);
    }
    if (stores.length > 1 && options.throughput)
      growth = await compareGrowth(stores[0], stores[stores.length - 1], options, say);
    for (const [index, store] of stores.entries())
      sizes[index === 0 ? 0 : sizes.length - 1].peakMemoryBytes = store.app.peakMemory();
    // Last, on the last size's store: it adds as many products again (catalog-import.ts).
    if (options.catalogImport) {
      try {
        catalogImport = await measureCatalogImport(stores[stores.length - 1].dataDir, say);
      } catch (error) {
        catalogImport = { error: error instanceof Error ? error.message : String(error) };
        say(`catalog CSV import failed: ${catalogImport.error}`);
      }
    }
  } finally {
    await Promise.all(stores.map((store) => store.app.stop()));
    if (!options.keep) fs.rmSync(work, { recursive: true, force: true });
    else say(`data kept in ${work}`);
  }
  const zodRoutes = await routesLoadingZod(buildDir);
  const cpus = os.cpus();
  const result: BenchResult = {
    version: 1,
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${process.platform} ${os.release()}`,
      loadAverageBefore: Math.round(loadAverageBefore * 100) / 100,
      loadAverageAfter: Math.round(os.loadavg()[0] * 100) / 100,
    },
    options,
    sizes,
    growth,
    processes,
    budgets: [
      ...budgets({ sizes, growth, processes, connections: options.connections }),
      zodBudget(zodRoutes),
      ...(catalogImport ? [catalogImportBudget(catalogImport)] : []),
    ],
    catalogImport,
    zodRoutes,
    load: loadResult,
  };
  const out = path.resolve(root, options.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatTable(result)}\n`);
  if (result.processes) console.log(formatProcesses(result.processes));
  console.log(LEGEND);
  console.log(`Routes whose browser bundle loads Zod: ${zodRoutes.join(', ') || 'none'}.`);
  console.log(`\n${formatBudgets(result.budgets)}\n`);
  if (result.load) console.log(`${formatLoadTest(result.load)}\n`);
  if (loadError) {
    console.log(`FAIL  load test: ${loadError}\n`);
    process.exitCode = 1;
  }
  const benchmarkIndex = sizes[0]?.pages.find((page) => page.lighthouse)?.lighthouse?.benchmarkIndex;
  console.log(
    `${cpus.length} CPUs (${result.machine.cpuModel})` +
      `${benchmarkIndex ? `, Lighthouse CPU benchmark ${benchmarkIndex}` : ''}, ` +
      `load average ${result.machine.loadAverageBefore} before and ${result.machine.loadAverageAfter} after, ` +
      `Node ${process.version}.`,
  );
  console.log(
    `Took ${Math.floor(result.seconds / 60)} min ${result.seconds % 60} s. Results in ${path.relative(root, out)}.`,
  );
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
