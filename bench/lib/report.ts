/** The results file's shape and the printed table (the budgets are in budgets.ts). */
import type { CatalogImportFigures } from './catalog-import';
import type { LoadTestResult } from './load-test';
import type { Growth } from './growth';
import type { LighthouseFigures } from './lighthouse';
import type { BenchOptions } from './options';
import type { ProcessComparison } from './processes';
import type { LoadFigures } from './throughput';

export type Throughput = LoadFigures & { ratioToBaseline: number | null };

/** A page as served to a shopper with the store's cookies, or why it was not measured (personalPageProblem). */
export type ShopperThroughput = Throughput | { error: string };

/**
 * `served`: anonymous requests to the page's URL as a shopper's phone sends them (the server's page cache answers
 * after the first). `rendered`: the same requests, each to a URL of its own (render.ts), so every one misses the
 * page cache and is rendered with its queries (what a page not yet stored costs). Product page only:
 * `visitorWithCart` and `customer`, the page's URL as served to a visitor with a one-line cart and to a signed-in
 * customer with a one-line cart, with their cookies.
 */
export type PageThroughput = {
  served: Throughput;
  rendered: Throughput;
  visitorWithCart?: ShopperThroughput;
  customer?: ShopperThroughput;
};

export type PageRow = {
  key: string;
  label: string;
  path: string;
  lighthouse?: LighthouseFigures;
  /** Why Lighthouse has no figures for this page (it failed three times). */
  lighthouseError?: string;
  /** Lighthouse at a 10x CPU slowdown, a low-end Android (home, listing and product; decision 0044). */
  lighthouse10x?: LighthouseFigures;
  lighthouse10xError?: string;
  throughput?: PageThroughput;
  /**
   * Statements per page render (a URL of its own, render.ts): a visitor without a cart, a visitor with a one-line
   * cart, a signed-in customer with a one-line cart. Null: redirected, or overlapping another request.
   */
  queries: { visitor: number | null; visitorWithCart: number | null; customer: number | null };
  /**
   * Statements as served at the page's own URL (the second request) to the visitor with a cart and to the customer,
   * whom the page cache does not answer with the stored page as it does anonymous visitors. Null: redirected, or
   * no count (answered before the store's counter).
   */
  servedQueries: { visitorWithCart: number | null; customer: number | null };
};

export type SizeResult = {
  products: number;
  pages: PageRow[];
  baseline?: LoadFigures & { bodyBytes: number };
  peakMemoryBytes: number;
};

export type Budget = { name: string; limit: string; actual: string; pass: boolean };

export type BenchResult = {
  version: 1;
  startedAt: string;
  seconds: number;
  /** Load averages before and after: other work on the same cores inflates blocking time and latency. */
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    loadAverageBefore: number;
    loadAverageAfter: number;
  };
  options: BenchOptions;
  sizes: SizeResult[];
  /** Route ids whose browser bundle loads Zod (bundles.ts). */
  zodRoutes?: string[];
  /** Rendered listing and product figures of the first and last size, measured side by side (growth.ts). */
  growth: Growth[];
  /** The product page on one store process and on two, at the first size (processes.ts); null when skipped. */
  processes: ProcessComparison | null;
  budgets: Budget[];
  /** The shoppers' load test (bench/lib/load-test.ts), at the first catalog size; null when skipped. */
  load: LoadTestResult | null;
  /** The catalog CSV import on the last size's store (catalog-import.ts); null when skipped (--no-import). */
  catalogImport?: CatalogImportFigures | { error: string } | null;
};

export const KIB = 1024;
export const kib = (bytes: number) => (bytes / KIB).toFixed(1);
export const int = (value: number) => Math.round(value).toLocaleString('en-US');
export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

const COLUMNS = [
  'products',
  'page',
  'perf',
  'a11y',
  'LCP ms',
  'TBT ms',
  'CLS',
  'JS KiB',
  'CSS KiB',
  'img KiB',
  'HTML KiB',
  'req/s',
  'p99 ms',
  'vs bare',
  'render req/s',
  'render p99',
  'queries',
  'served q',
  'peak RSS',
] as const;
type Column = (typeof COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;

const row = (cells: Cells) => COLUMNS.map((column) => cells[column] ?? '');
const count = (value: number | null) => (value === null ? '-' : String(value));

const lighthouseCells = (page: PageRow): Cells => {
  const lh = page.lighthouse;
  if (!lh) return page.lighthouseError ? { perf: 'error' } : {};
  return {
    perf: String(lh.performance),
    a11y: String(lh.accessibility),
    'LCP ms': int(lh.lcpMs),
    'TBT ms': int(lh.tbtMs),
    CLS: lh.cls.toFixed(3),
    'JS KiB': kib(lh.bytes.js),
    'CSS KiB': kib(lh.bytes.css),
    'img KiB': kib(lh.bytes.images),
    'HTML KiB': kib(lh.bytes.html),
  };
};

const servedCells = (figures: LoadFigures & { ratioToBaseline?: number | null }): Cells => ({
  'req/s': int(figures.requestsPerSecond),
  'p99 ms': String(figures.p99Ms),
  'vs bare': figures.ratioToBaseline != null ? percent(figures.ratioToBaseline) : '',
});

const renderedCells = (figures: LoadFigures): Cells => ({
  'render req/s': int(figures.requestsPerSecond),
  'render p99': String(figures.p99Ms),
});

function pageCells(page: PageRow): Cells {
  const { queries: q, servedQueries: s, throughput } = page;
  return {
    page: page.label,
    ...lighthouseCells(page),
    ...(throughput ? { ...servedCells(throughput.served), ...renderedCells(throughput.rendered) } : {}),
    queries: `${count(q.visitor)}/${count(q.visitorWithCart)}/${count(q.customer)}`,
    'served q': `${count(s.visitorWithCart)}/${count(s.customer)}`,
  };
}

/** The page as served to the shoppers with cookies, one row each, under the page's row. */
function shopperRows(page: PageRow): Cells[] {
  const shoppers = [
    { label: 'visitor with a cart', figures: page.throughput?.visitorWithCart },
    { label: 'signed-in customer', figures: page.throughput?.customer },
  ];
  return shoppers.flatMap(({ label, figures }) => {
    if (!figures) return [];
    const cells = 'error' in figures ? { 'req/s': 'error' } : servedCells(figures);
    return [{ page: `${page.label}, ${label}`, ...cells }];
  });
}

/** The page at a 10x CPU slowdown, one row under the page's own (its Lighthouse columns only). */
function slowCpuRows(page: PageRow): Cells[] {
  const label = `${page.label}, 10x CPU`;
  if (page.lighthouse10xError) return [{ page: label, perf: 'error' }];
  const lh = page.lighthouse10x;
  if (!lh) return [];
  return [{ page: label, perf: String(lh.performance), 'LCP ms': int(lh.lcpMs), 'TBT ms': int(lh.tbtMs) }];
}

function processRows(comparison: ProcessComparison): Cells[] {
  return [comparison.one, comparison.two].map((side) => ({
    products: int(comparison.products),
    page: `/product/{id}, ${side.processes} process${side.processes > 1 ? 'es' : ''}`,
    ...servedCells(side.served),
    ...renderedCells(side.rendered),
  }));
}

/** One table: a row per page and catalog size; empty cells where a figure was not measured. */
export function formatTable(result: BenchResult): string {
  const rows: Cells[] = [];
  for (const size of result.sizes) {
    const products = int(size.products);
    const many = size !== result.sizes[0];
    for (const page of size.pages) {
      // Past the first size only the pages whose cost could grow with the catalog are shown again.
      if (many && !page.throughput) continue;
      rows.push({ products, ...pageCells(page) }, ...shopperRows(page).map((cells) => ({ products, ...cells })));
      if (!many) rows.push(...slowCpuRows(page).map((cells) => ({ products, ...cells })));
    }
    if (size.baseline) {
      const page = 'bare node:http, product bytes';
      rows.push({ products, page, ...servedCells(size.baseline), 'vs bare': '100%' });
    }
    if (!many && result.processes) rows.push(...processRows(result.processes));
    const peak = `${Math.round(size.peakMemoryBytes / 1024 / 1024)} MB`;
    rows.push({ products, page: 'store server process', 'peak RSS': peak });
  }
  const table = rows.map(row);
  const widths = COLUMNS.map((title, index) => Math.max(title.length, ...table.map((cells) => cells[index].length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, index) => (index <= 1 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  return [line(COLUMNS), widths.map((width) => '-'.repeat(width)).join('  '), ...table.map(line)].join('\n');
}

/** What a second store process adds, in one line under the table. */
export function formatProcesses(comparison: ProcessComparison): string {
  const ratio = (pick: (side: ProcessComparison['one']) => LoadFigures) =>
    `${(pick(comparison.two).requestsPerSecond / pick(comparison.one).requestsPerSecond).toFixed(2)}x`;
  return (
    `2 processes vs 1, product page at ${int(comparison.products)} products: ` +
    `rendered ${ratio((side) => side.rendered)} the requests per second, as served ${ratio((side) => side.served)}.`
  );
}

/** What the table's figures are, printed under it. */
export const LEGEND = [
  "req/s, p99: requests to the page's URL, as served (anonymous: the page cache answers); render: every request " +
    'to a URL of its own, so each misses the page cache and is rendered (bench/lib/render.ts).',
  '"visitor with a cart", "signed-in customer": the product page\'s URL as served to a shopper with the store\'s ' +
    "cookies (checked first to be that shopper's page: private, their cart count, their account links).",
  "vs bare: req/s against a bare node:http server sending the product page's bytes as the store sends them, " +
    'compressed once (bench/lib/baseline-server.ts).',
  '1 process, 2 processes: the product page at the first size on one store process and on two (WEB_CONCURRENCY) on ' +
    'the same data, in alternating runs; autocannon runs in this process on the same cores, so the rendered ' +
    'figures (bound by the server) are the ones that show what a second process adds.',
  'queries: SQL statements per render for a visitor / a visitor with a cart / a signed-in customer with a cart; ' +
    "served q: as served (the page's URL, second request) to the visitor with a cart / the customer " +
    '("-": redirected, or not counted).',
  'KiB: bytes over the wire as Lighthouse counts them, headers included; ' +
    'img is every picture, the budget uses the largest.',
  '10x CPU: Lighthouse mobile with cpuSlowdownMultiplier 10 (a low-end Android), median of its own runs ' +
    '(--slow-runs, default 5).',
].join('\n');
