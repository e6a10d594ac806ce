/**
 * `npm run bench` end to end on a tiny catalog: seeds, starts the production build, runs Lighthouse once and a
 * one-second load, and writes results.json with every figure the table shows. Figures are checked for shape,
 * never for speed: timings belong to the bench, not to a test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets } from './lib/budgets';
import { parseBenchArgs } from './lib/options';
import type { ProcessComparison } from './lib/processes';
import { formatProcesses, formatTable, type BenchResult, type PageRow, type SizeResult } from './lib/report';
import type { LoadFigures } from './lib/throughput';

const root = path.resolve(import.meta.dirname, '..');

describe('npm run bench', () => {
  it('runs on 20 products and writes the results file', { timeout: 240_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-test-'));
    const out = path.join(dir, 'results.json');
    try {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'bench/run.ts',
          '--products',
          '20',
          '--runs',
          '1',
          '--pages',
          'product',
          '--quick',
          '--out',
          out,
        ],
        {
          cwd: root,
          // The build `npm test` has just made (the bench rebuilds it only if a source is newer).
          env: { ...process.env, NODE_ENV: '', BUILD_DIR: process.env.BUILD_DIR ?? path.join(root, 'build') },
          encoding: 'utf8',
        },
      );
      expect(run.stderr).not.toMatch(/\[bench\] failed/);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/products\s+page\s+perf\s+a11y/);
      expect(run.stdout).toMatch(/Took \d+ min \d+ s/);

      const result = JSON.parse(fs.readFileSync(out, 'utf8')) as BenchResult;
      expect(result.version).toBe(1);
      // --quick runs a 3 s load test of 5 shoppers: it must find nothing wrong.
      expect(result.load).toMatchObject({ shoppers: 5, serverErrors: 0, lostOrDuplicated: 0, negativeStock: 0 });
      expect(result.load!.requests).toBeGreaterThan(0);
      // Shoppers must get through checkout: a load test whose every checkout is refused proves nothing about orders.
      expect(result.load!.paid).toBeGreaterThan(0);
      expect(run.stdout).toMatch(/Load test: 5 shoppers/);
      expect(result.sizes.map((size) => size.products)).toEqual([20]);
      // One size: nothing to compare growth with.
      expect(result.growth).toEqual([]);
      const [size] = result.sizes;
      expect(size.peakMemoryBytes).toBeGreaterThan(0);
      expect(size.baseline?.requestsPerSecond).toBeGreaterThan(0);

      const product = size.pages.find((page) => page.key === 'product')!;
      expect(product.path).toMatch(/^\/product\/[0-9a-z]{14}$/);
      const lh = product.lighthouse!;
      expect(lh.runs).toBe(1);
      for (const score of [lh.performance, lh.accessibility]) expect(score).toBeGreaterThanOrEqual(0);
      expect(lh.accessibility).toBeLessThanOrEqual(100);
      expect(lh.lcpMs).toBeGreaterThan(0);
      expect(lh.tbtMs).toBeGreaterThanOrEqual(0);
      expect(lh.cls).toBeGreaterThanOrEqual(0);
      for (const kind of ['js', 'css', 'html', 'images', 'mainImage'] as const)
        expect(lh.bytes[kind]).toBeGreaterThan(0);
      // The shoppers with cookies are measured once their page is checked to be theirs; a wrong page is an error.
      for (const shopper of [product.throughput!.visitorWithCart, product.throughput!.customer]) {
        expect(shopper).toBeDefined();
        if (shopper && 'error' in shopper) expect(shopper.error).toMatch(/^GET \/product\//);
      }
      const measured = [product.throughput!.served, product.throughput!.rendered, ...shoppersMeasured(product)];
      for (const figures of measured) {
        expect(figures.requestsPerSecond).toBeGreaterThan(0);
        expect(figures.p99Ms).toBeGreaterThanOrEqual(0);
        expect(figures.errors).toBe(0);
        expect(figures.non2xx).toBe(0);
        expect(figures.ratioToBaseline).toBeGreaterThan(0);
      }
      // Other pages are counted, not measured: the whole storefront's query counts.
      for (const key of ['home', 'collections', 'product', 'cart', 'about', '404']) {
        const page = size.pages.find((candidate) => candidate.key === key)!;
        expect(page.queries.customer).toEqual(expect.any(Number));
        expect(page.lighthouse ?? null).toBe(key === 'product' ? lh : null);
      }
      expect(size.pages.find((page) => page.key === 'cart')!.queries.visitorWithCart).toBeGreaterThan(0);
      expect(size.pages.find((page) => page.key === 'checkout')!.queries.visitor).toBeNull();
      expect(size.pages.find((page) => page.key === 'checkout')!.servedQueries.visitorWithCart).toBeNull();

      // One store process against two, at the first (here the only) size.
      expect(result.processes).toMatchObject({ products: 20, path: product.path });
      for (const side of [result.processes!.one, result.processes!.two])
        for (const figures of [side.served, side.rendered]) {
          expect(figures.requestsPerSecond).toBeGreaterThan(0);
          expect(figures.errors + figures.non2xx).toBe(0);
        }
      expect(run.stdout).toMatch(/\/product\/\{id\}, 2 processes/);
      expect(run.stdout).toMatch(/2 processes vs 1, product page at 20 products: rendered \d+\.\d\dx/);

      const names = result.budgets.map((budget) => budget.name);
      expect(names).toContain('product page JavaScript (KiB, compressed, with headers)');
      expect(names.some((name) => name.startsWith('product page req/s vs bare node:http'))).toBe(true);
      expect(names).toContain('product page rendered req/s, 2 processes vs 1 at 20 products');
      expect(names).toContain('database queries /product/{id} as served to a visitor with a cart at 20 products');
      for (const budget of result.budgets)
        expect(budget).toEqual({
          name: expect.any(String),
          limit: expect.any(String),
          actual: expect.any(String),
          pass: expect.any(Boolean),
        });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The product page's figures for the shoppers with cookies that were measured (not refused as the wrong page). */
function shoppersMeasured(page: PageRow) {
  return [page.throughput?.visitorWithCart, page.throughput?.customer].flatMap((figures) =>
    figures && !('error' in figures) ? [figures] : [],
  );
}

describe('parseBenchArgs', () => {
  it('defaults to both catalog sizes, three Lighthouse runs and every page', () => {
    expect(parseBenchArgs([])).toMatchObject({
      products: [1000, 10_000],
      runs: 3,
      pages: ['home', 'collections', 'product', 'cart', 'checkout'],
      duration: 10,
      connections: 20,
    });
  });

  it('reads the flags and refuses what it does not know', () => {
    expect(parseBenchArgs(['--products', '10000,20', '--runs=1', '--pages', 'product,home', '--quick'])).toMatchObject({
      products: [20, 10_000],
      runs: 1,
      pages: ['home', 'product'],
      duration: 1,
    });
    expect(parseBenchArgs(['--products', 'many'])).toMatch(/whole number/);
    expect(parseBenchArgs(['--pages', 'basket'])).toMatch(/--pages takes/);
    expect(parseBenchArgs(['--fast'])).toBe('unknown argument --fast');
  });

  it('runs Lighthouse 5 times at 10x CPU unless --runs lowers it or --slow-runs says how many', () => {
    expect(parseBenchArgs([])).toMatchObject({ slowRuns: 5 });
    expect(parseBenchArgs(['--runs', '1'])).toMatchObject({ runs: 1, slowRuns: 1 });
    expect(parseBenchArgs(['--runs', '7'])).toMatchObject({ runs: 7, slowRuns: 5 });
    expect(parseBenchArgs(['--slow-runs', '0', '--runs', '1'])).toMatchObject({ runs: 1, slowRuns: 0 });
    expect(parseBenchArgs(['--slow-runs', 'x'])).toMatch(/whole number/);
  });
});

describe('10x CPU budgets', () => {
  const lighthouse = (performance: number, tbtMs: number) => ({
    runs: 5,
    performance,
    accessibility: 100,
    lcpMs: 1_000,
    tbtMs,
    cls: 0,
    bytes: { js: 0, css: 0, images: 0, html: 0, fonts: 0, total: 0, mainImage: 0 },
    failedAccessibility: [],
    weakPerformance: [],
    benchmarkIndex: 1_500,
  });
  const page = (key: string, label: string, extra: Partial<PageRow>): PageRow => ({
    key,
    label,
    path: label,
    queries: { visitor: 1, visitorWithCart: 1, customer: 1 },
    servedQueries: { visitorWithCart: null, customer: null },
    ...extra,
  });

  it('holds home, listing and product to >= 90 and TBT <= 300 ms, and fails a page it could not measure', () => {
    const pages = [
      page('home', '/', { lighthouse10x: lighthouse(90, 300) }),
      page('collections', '/collections', { lighthouse10x: lighthouse(89, 301) }),
      page('product', '/product/{id}', { lighthouse10xError: 'Lighthouse failed' }),
    ];
    const list = budgets({ sizes: [{ products: 20, pages, peakMemoryBytes: 0 }], connections: 20 });
    const verdict = (name: string) => list.find((budget) => budget.name === name)?.pass;
    expect(verdict('Lighthouse performance / at 10x CPU, 5-run median')).toBe(true);
    expect(verdict('Lighthouse TBT / at 10x CPU, 5-run median (ms)')).toBe(true);
    expect(verdict('Lighthouse performance /collections at 10x CPU, 5-run median')).toBe(false);
    expect(verdict('Lighthouse TBT /collections at 10x CPU, 5-run median (ms)')).toBe(false);
    expect(verdict('Lighthouse 10x CPU /product/{id}')).toBe(false);
  });
});

const figures = (requestsPerSecond: number, p99Ms: number, ratioToBaseline: number | null = null) => ({
  requestsPerSecond,
  p99Ms,
  requests: requestsPerSecond * 10,
  errors: 0,
  non2xx: 0,
  ratioToBaseline,
});

const product = (): PageRow => ({
  key: 'product',
  label: '/product/{id}',
  path: '/product/abcdefghijklmn',
  throughput: {
    served: figures(2_000, 30, 0.4),
    rendered: figures(300, 90, 0.06),
    visitorWithCart: figures(1_500, 60, 0.3),
    customer: { error: 'GET /product/abcdefghijklmn did not show the signed-in account links' },
  },
  queries: { visitor: 2, visitorWithCart: 3, customer: 3 },
  servedQueries: { visitorWithCart: 1, customer: null },
});

const size = (): SizeResult => ({
  products: 1000,
  pages: [product()],
  baseline: { ...figures(5_000, 10), bodyBytes: 20_000 },
  peakMemoryBytes: 200 * 1024 * 1024,
});

const side = (processes: number, rendered: number, served: number) => ({
  processes,
  served: figures(served, 20) as LoadFigures,
  rendered: figures(rendered, 80) as LoadFigures,
});
const comparison: ProcessComparison = {
  products: 1000,
  path: '/product/abcdefghijklmn',
  one: side(1, 300, 2_000),
  two: side(2, 540, 2_400),
};

describe('report', () => {
  it('shows the shoppers with cookies under the product page, and one process against two', () => {
    const table = formatTable({ sizes: [size()], processes: comparison } as BenchResult).split('\n');
    const rowOf = (page: string) =>
      table
        .find((line) => line.includes(` ${page} `))!
        .trim()
        .split(/\s{2,}/);
    expect(table[0]).toMatch(/queries\s+served q\s+peak RSS$/);
    expect(rowOf('/product/{id}')).toEqual([
      '1,000',
      '/product/{id}',
      '2,000',
      '30',
      '40%',
      '300',
      '90',
      '2/3/3',
      '1/-',
    ]);
    expect(rowOf('/product/{id}, visitor with a cart')).toEqual([
      '1,000',
      '/product/{id}, visitor with a cart',
      '1,500',
      '60',
      '30%',
    ]);
    expect(rowOf('/product/{id}, signed-in customer')).toEqual(['1,000', '/product/{id}, signed-in customer', 'error']);
    expect(rowOf('/product/{id}, 1 process')).toEqual([
      '1,000',
      '/product/{id}, 1 process',
      '2,000',
      '20',
      '300',
      '80',
    ]);
    expect(rowOf('/product/{id}, 2 processes')).toEqual([
      '1,000',
      '/product/{id}, 2 processes',
      '2,400',
      '20',
      '540',
      '80',
    ]);
    expect(formatProcesses(comparison)).toBe(
      '2 processes vs 1, product page at 1,000 products: rendered 1.80x the requests per second, as served 1.20x.',
    );
  });

  it('holds the shoppers with cookies and two processes to their budgets', () => {
    const list = budgets({ sizes: [size()], processes: comparison, connections: 20 });
    const verdict = (name: string) => list.find((budget) => budget.name === name);
    expect(verdict('product page, visitor with a cart req/s vs bare node:http at 1,000 products')).toMatchObject({
      limit: '>= 25%',
      actual: '30%',
      pass: true,
    });
    expect(verdict('product page, visitor with a cart p99 at 20 connections at 1,000 products (ms)')).toMatchObject({
      limit: '< 100',
      pass: true,
    });
    expect(verdict('product page, signed-in customer at 1,000 products')).toMatchObject({
      actual: expect.stringMatching(/account links/),
      pass: false,
    });
    expect(
      verdict('database queries /product/{id} as served to a visitor with a cart at 1,000 products'),
    ).toMatchObject({ limit: '<= 1', actual: '1', pass: true });
    expect(
      verdict('database queries /product/{id} as served to a signed-in customer with a cart at 1,000 products'),
    ).toMatchObject({ actual: 'not counted', pass: false });
    expect(verdict('product page rendered req/s, 2 processes vs 1 at 1,000 products')).toMatchObject({
      limit: '>= 170%',
      actual: '180% (540 vs 300)',
      pass: true,
    });
    expect(verdict('product page p99 at 20 connections at 1,000 products (ms)')).toMatchObject({ limit: '< 50' });
  });

  it('fails a run that answered nothing rather than reading its p99 of 0 as a pass', () => {
    const idle = size();
    idle.pages[0].throughput!.visitorWithCart = { ...figures(0, 0, 0), requests: 0 };
    const list = budgets({ sizes: [idle], processes: { ...comparison, one: side(1, 0, 2_000) }, connections: 20 });
    const verdict = (name: string) => list.find((budget) => budget.name === name);
    expect(verdict('product page, visitor with a cart at 1,000 products')).toMatchObject({
      limit: 'measured',
      pass: false,
    });
    expect(list.some((budget) => budget.name.includes('visitor with a cart p99'))).toBe(false);
    expect(verdict('product page rendered req/s, 2 processes vs 1 at 1,000 products')?.pass).toBe(false);
  });

  it('fails a slow shopper with a cart and a second process that adds too little', () => {
    const slow = size();
    slow.pages[0].throughput!.visitorWithCart = figures(1_000, 120, 0.2);
    const list = budgets({
      sizes: [slow],
      processes: { ...comparison, two: side(2, 450, 2_100) },
      connections: 40,
    });
    const failed = list.filter((budget) => !budget.pass).map((budget) => budget.name);
    expect(failed).toEqual(
      expect.arrayContaining([
        'product page, visitor with a cart req/s vs bare node:http at 1,000 products',
        'product page, visitor with a cart p99 at 40 connections at 1,000 products (ms)',
        'product page rendered req/s, 2 processes vs 1 at 1,000 products',
      ]),
    );
  });
});
