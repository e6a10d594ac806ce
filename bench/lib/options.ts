/** The command line of `npm run bench` (see USAGE). */

export const PAGES = ['home', 'collections', 'product', 'cart', 'checkout'] as const;
export type PageName = (typeof PAGES)[number];
/** Pages whose server throughput is measured (the baseline is always added). */
export const THROUGHPUT_PAGES: readonly PageName[] = ['home', 'collections', 'product'];

export type BenchOptions = {
  /** Catalog sizes, ascending; Lighthouse runs at the first only. */
  products: number[];
  /** Lighthouse runs per page (the median run is reported). */
  runs: number;
  /** Lighthouse runs per page at the 10x CPU slowdown (home, listing and product; 0 = skip). */
  slowRuns: number;
  pages: PageName[];
  /** Seconds of autocannon per target, after a warm-up of a fifth of that (at least 1 s). */
  duration: number;
  connections: number;
  lighthouse: boolean;
  throughput: boolean;
  /** The catalog CSV import at the last size (catalog-import.ts). */
  catalogImport: boolean;
  out: string;
  port?: number;
  keep: boolean;
  /** Folder for each page's median Lighthouse report (JSON, for the Lighthouse viewer). */
  reports?: string;
  /** The load test (lib/load-test.ts): seconds of concurrent shoppers at the first size (0 = skip) and how many. */
  loadSeconds: number;
  shoppers: number;
};

/** Pages Lighthouse also measures at a 10x CPU slowdown (decision 0044). */
export const SLOW_CPU_PAGES: readonly PageName[] = ['home', 'collections', 'product'];
/** Lighthouse runs at 10x CPU slowdown by default: the budgets are 5-run medians (docs/architecture.md section 6). */
const SLOW_RUNS = 5;

export const USAGE = `usage: npm run bench -- [options]
  --products N[,M]    catalog sizes (default 1000,10000; Lighthouse at the first size only)
  --runs N            Lighthouse runs per page, median reported (default 3; also caps --slow-runs)
  --slow-runs N       Lighthouse runs at 10x CPU slowdown on home, listing, product (default 5; 0 skips)
  --pages a,b         subset of ${PAGES.join(',')} (default all)
  --duration S        seconds of load per throughput target (default 10)
  --connections N     concurrent connections (default 20)
  --quick             short load (1 s per target, 3 s of 5 shoppers): checks the instrument, not the store
  --load-seconds S    seconds of the shoppers' load test at the first size (default 60; 0 skips it)
  --shoppers N        concurrent shoppers in the load test (default 50)
  --no-lighthouse     skip Lighthouse
  --no-throughput     skip autocannon
  --no-import         skip the catalog CSV import (10,000 rows at the default sizes)
  --out FILE          results file (default bench/results.json)
  --port N            the store's port (default: a free one)
  --keep              keep the temporary data folders
  --reports DIR       also save each page's median Lighthouse report (JSON) in DIR`;

const wholeNumber = (raw: string | undefined, name: string, min: number, max: number): number | string => {
  if (raw === undefined || !/^\d+$/.test(raw)) return `${name} needs a whole number, got ${raw ?? 'nothing'}`;
  const value = Number(raw);
  return value < min || value > max ? `${name} must be from ${min} to ${max}` : value;
};

/** The options, or an error text for anything not understood. */
export function parseBenchArgs(args: string[]): BenchOptions | string {
  const options: BenchOptions = {
    products: [1000, 10_000],
    runs: 3,
    slowRuns: SLOW_RUNS,
    pages: [...PAGES],
    duration: 10,
    connections: 20,
    lighthouse: true,
    throughput: true,
    catalogImport: true,
    out: 'bench/results.json',
    keep: false,
    loadSeconds: 60,
    shoppers: 50,
  };
  // --runs lowers the 10x runs for a quick look, unless --slow-runs says how many.
  let slowRunsGiven = false;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? args[++i];
    switch (flag) {
      case '--products': {
        const sizes = (value() ?? '').split(',').map((part) => wholeNumber(part, '--products', 1, 100_000));
        const bad = sizes.find((size) => typeof size === 'string');
        if (bad !== undefined) return bad as string;
        options.products = [...new Set(sizes as number[])].sort((a, b) => a - b);
        break;
      }
      case '--runs': {
        const runs = wholeNumber(value(), '--runs', 1, 9);
        if (typeof runs === 'string') return runs;
        options.runs = runs;
        if (!slowRunsGiven) options.slowRuns = Math.min(SLOW_RUNS, runs);
        break;
      }
      case '--slow-runs': {
        const runs = wholeNumber(value(), '--slow-runs', 0, 9);
        if (typeof runs === 'string') return runs;
        options.slowRuns = runs;
        slowRunsGiven = true;
        break;
      }
      case '--pages': {
        const pages = (value() ?? '').split(',').filter(Boolean);
        const unknown = pages.find((page) => !(PAGES as readonly string[]).includes(page));
        if (unknown !== undefined || pages.length === 0) return `--pages takes a list of ${PAGES.join(', ')}`;
        options.pages = PAGES.filter((page) => pages.includes(page));
        break;
      }
      case '--duration': {
        const seconds = wholeNumber(value(), '--duration', 1, 600);
        if (typeof seconds === 'string') return seconds;
        options.duration = seconds;
        break;
      }
      case '--connections': {
        const connections = wholeNumber(value(), '--connections', 1, 1000);
        if (typeof connections === 'string') return connections;
        options.connections = connections;
        break;
      }
      case '--quick':
        options.duration = 1;
        options.loadSeconds = 3;
        options.shoppers = 5;
        break;
      case '--load-seconds': {
        const seconds = wholeNumber(value(), '--load-seconds', 0, 600);
        if (typeof seconds === 'string') return seconds;
        options.loadSeconds = seconds;
        break;
      }
      case '--shoppers': {
        const shoppers = wholeNumber(value(), '--shoppers', 1, 500);
        if (typeof shoppers === 'string') return shoppers;
        options.shoppers = shoppers;
        break;
      }
      case '--no-lighthouse':
        options.lighthouse = false;
        break;
      case '--no-throughput':
        options.throughput = false;
        break;
      case '--no-import':
        options.catalogImport = false;
        break;
      case '--out': {
        const out = value();
        if (!out) return '--out needs a file name';
        options.out = out;
        break;
      }
      case '--port': {
        const port = wholeNumber(value(), '--port', 1, 65_535);
        if (typeof port === 'string') return port;
        options.port = port;
        break;
      }
      case '--keep':
        options.keep = true;
        break;
      case '--reports': {
        const dir = value();
        if (!dir) return '--reports needs a folder';
        options.reports = dir;
        break;
      }
      default:
        return `unknown argument ${args[i]}`;
    }
  }
  return options;
}
