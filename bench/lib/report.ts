/** The results file's shape, the budgets of docs/architecture.md#6-quality-bars / issue 6, and the printed table. */
import type { LoadTestResult } from './load-test';
import type { Growth } from './growth';
import type { LighthouseFigures } from './lighthouse';
import type { BenchOptions } from './options';
import type { LoadFigures } from './throughput';
import { ZOD_FREE_ROUTES } from './bundles';

export type Throughput = LoadFigures & { ratioToBaseline: number | null };

/**
 * `served`: anonymous requests as a shopper's phone sends them (the server's page cache answers after the
 * first). `rendered`: the same requests carrying a cookie the store ignores, so every one is rendered with
 * its queries (what a signed-in shopper, or a page not yet cached, costs).
 */
export type PageThroughput = { served: Throughput; rendered: Throughput };

export type PageRow = {
  key: string;
  label: string;
  path: string;
  lighthouse?: LighthouseFigures;
  /** Why Lighthouse has no figures for this page (it failed three times). */
  lighthouseError?: string;
  throughput?: PageThroughput;
  /**
   * Statements per page render: a visitor without a cart, a visitor with a one-line cart, a signed-in customer
   * with a one-line cart.
   */
  queries: { visitor: number | null; visitorWithCart: number | null; customer: number | null };
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
  budgets: Budget[];
  /** The shoppers' load test (bench/lib/load-test.ts), at the first catalog size; null when skipped. */
  load: LoadTestResult | null;
};

export const KIB = 1024;
const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const int = (value: number) => Math.round(value).toLocaleString('en-US');

export function budgets(sizes: SizeResult[], growth: Growth[] = []): Budget[] {
  const result: Budget[] = [];
  const add = (name: string, limit: string, actual: string, pass: boolean) =>
    result.push({ name, limit, actual, pass });
  const first = sizes[0];
  if (!first) return result;
  for (const page of first.pages) {
    if (page.lighthouseError) add(`Lighthouse ${page.label}`, 'measured', page.lighthouseError, false);
    const lh = page.lighthouse;
    if (!lh) continue;
    add(`Lighthouse performance ${page.label}`, '>= 98', String(lh.performance), lh.performance >= 98);
    add(`Lighthouse accessibility ${page.label}`, '100', String(lh.accessibility), lh.accessibility === 100);
  }
  const product = first.pages.find((page) => page.key === 'product');
  const lh = product?.lighthouse;
  if (lh) {
    add(
      'product page JavaScript (KiB, compressed, with headers)',
      '<= 120',
      kib(lh.bytes.js),
      lh.bytes.js <= 120 * KIB,
    );
    add('product page CSS (KiB)', '<= 25', kib(lh.bytes.css), lh.bytes.css <= 25 * KIB);
    const sum = lh.bytes.html + lh.bytes.css + lh.bytes.mainImage;
    add('product page HTML + CSS + main image (KiB)', '<= 150', kib(sum), sum <= 150 * KIB);
    add('product page CLS', '<= 0.02', lh.cls.toFixed(3), lh.cls <= 0.02);
  }
  for (const size of sizes) {
    const throughput = size.pages.find((page) => page.key === 'product')?.throughput?.served;
    if (!throughput) continue;
    const tag = `at ${int(size.products)} products`;
    if (throughput.ratioToBaseline !== null) {
      add(
        `product page req/s vs bare node:http ${tag}`,
        '>= 25%',
        `${Math.round(throughput.ratioToBaseline * 100)}%`,
        throughput.ratioToBaseline >= 0.25,
      );
    }
    add(`product page p99 at 20 connections ${tag} (ms)`, '< 50', String(throughput.p99Ms), throughput.p99Ms < 50);
  }
  for (const size of sizes) {
    for (const page of size.pages) {
      const counts = [page.queries.visitor, page.queries.visitorWithCart, page.queries.customer].filter(
        (count): count is number => count !== null,
      );
      if (!counts.length) continue;
      const worst = Math.max(...counts);
      add(
        `database queries ${page.label} at ${int(size.products)} products (worst case)`,
        '<= 3',
        String(worst),
        worst <= 3,
      );
    }
  }
  for (const { label, small, large } of growth) {
    const tag = `at ${int(large.products)} vs ${int(small.products)} products`;
    const rps = large.requestsPerSecond / small.requestsPerSecond;
    add(
      `${label} rendered req/s ${tag}`,
      '>= 80%',
      `${Math.round(rps * 100)}% (${int(large.requestsPerSecond)} vs ${int(small.requestsPerSecond)})`,
      rps >= 0.8,
    );
    const p99 = large.p99Ms / small.p99Ms;
    add(
      `${label} rendered p99 ${tag}`,
      '<= 120%',
      `${Math.round(p99 * 100)}% (${large.p99Ms} vs ${small.p99Ms} ms)`,
      p99 <= 1.2,
    );
  }
  return result;
}

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
  'peak RSS',
] as const;

/** One table: a row per page and catalog size; empty cells where a figure was not measured. */
export function formatTable(result: BenchResult): string {
  const rows: string[][] = [];
  for (const size of result.sizes) {
    const products = int(size.products);
    const many = size !== result.sizes[0];
    for (const page of size.pages) {
      // Past the first size only the pages whose cost could grow with the catalog are shown again.
      if (many && !page.throughput) continue;
      const lh = page.lighthouse;
      const tp = page.throughput?.served;
      const rendered = page.throughput?.rendered;
      const q = page.queries;
      const show = (count: number | null) => (count === null ? '-' : String(count));
      rows.push([
        products,
        page.label,
        lh ? String(lh.performance) : page.lighthouseError ? 'error' : '',
        lh ? String(lh.accessibility) : '',
        lh ? int(lh.lcpMs) : '',
        lh ? int(lh.tbtMs) : '',
        lh ? lh.cls.toFixed(3) : '',
        lh ? kib(lh.bytes.js) : '',
        lh ? kib(lh.bytes.css) : '',
        lh ? kib(lh.bytes.images) : '',
        lh ? kib(lh.bytes.html) : '',
        tp ? int(tp.requestsPerSecond) : '',
        tp ? String(tp.p99Ms) : '',
        tp?.ratioToBaseline != null ? `${Math.round(tp.ratioToBaseline * 100)}%` : '',
        rendered ? int(rendered.requestsPerSecond) : '',
        rendered ? String(rendered.p99Ms) : '',
        `${show(q.visitor)}/${show(q.visitorWithCart)}/${show(q.customer)}`,
        '',
      ]);
    }
    if (size.baseline) {
      rows.push([
        products,
        'bare node:http, product bytes',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        int(size.baseline.requestsPerSecond),
        String(size.baseline.p99Ms),
        '100%',
        '',
        '',
        '',
        '',
      ]);
    }
    rows.push([
      products,
      'store server process',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      `${Math.round(size.peakMemoryBytes / 1024 / 1024)} MB`,
    ]);
  }
  const widths = COLUMNS.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, index) => (index <= 1 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  return [line(COLUMNS), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Zod stays out of the storefront's first pages (bundles.ts). */
export function zodBudget(zodRoutes: string[]): Budget {
  const offending = zodRoutes.filter((route) => ZOD_FREE_ROUTES.includes(route));
  return {
    name: 'Zod in the home, listing, product and cart bundles',
    limit: 'none',
    actual: offending.length ? offending.join(', ') : 'none',
    pass: offending.length === 0,
  };
}

export function formatBudgets(list: Budget[]): string {
  return list
    .map((budget) => `${budget.pass ? 'pass' : 'FAIL'}  ${budget.name}: ${budget.actual} (budget ${budget.limit})`)
    .join('\n');
}
