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
import { parseBenchArgs } from './lib/options';
import type { BenchResult } from './lib/report';

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
      for (const figures of [product.throughput!.served, product.throughput!.rendered]) {
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

      const names = result.budgets.map((budget) => budget.name);
      expect(names).toContain('product page JavaScript (KiB, compressed, with headers)');
      expect(names.some((name) => name.startsWith('product page req/s vs bare node:http'))).toBe(true);
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
});
