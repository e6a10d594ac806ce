/** The budgets of docs/architecture.md#6-quality-bars (decisions 0010 and 0021), checked against a run's figures. */
import { ZOD_FREE_ROUTES } from './bundles';
import type { Growth } from './growth';
import type { ProcessComparison } from './processes';
import { int, kib, KIB, percent, type Budget, type PageRow, type ShopperThroughput, type SizeResult } from './report';

type Add = (name: string, limit: string, actual: string, pass: boolean) => void;

/** A store process serves at least this share of the bare node:http server's requests per second. */
const SHARE_OF_BARE = 0.25;
/** Two store processes serve at least this many times one's rendered product pages (on 2 cores). */
const TWO_PROCESSES = 1.7;

function lighthouseBudgets(pages: PageRow[], add: Add) {
  for (const page of pages) {
    if (page.lighthouseError) add(`Lighthouse ${page.label}`, 'measured', page.lighthouseError, false);
    const lh = page.lighthouse;
    if (!lh) continue;
    add(`Lighthouse performance ${page.label}`, '>= 98', String(lh.performance), lh.performance >= 98);
    add(`Lighthouse accessibility ${page.label}`, '100', String(lh.accessibility), lh.accessibility === 100);
  }
  slowCpuBudgets(pages, add);
  const lh = pages.find((page) => page.key === 'product')?.lighthouse;
  if (!lh) return;
  add('product page JavaScript (KiB, compressed, with headers)', '<= 120', kib(lh.bytes.js), lh.bytes.js <= 120 * KIB);
  add('product page CSS (KiB)', '<= 25', kib(lh.bytes.css), lh.bytes.css <= 25 * KIB);
  const sum = lh.bytes.html + lh.bytes.css + lh.bytes.mainImage;
  add('product page HTML + CSS + main image (KiB)', '<= 150', kib(sum), sum <= 150 * KIB);
  add('product page CLS', '<= 0.02', lh.cls.toFixed(3), lh.cls <= 0.02);
}

/** At a 10x CPU slowdown (a low-end Android, decision 0044): performance >= 90 and blocking time <= 300 ms. */
function slowCpuBudgets(pages: PageRow[], add: Add) {
  for (const page of pages) {
    if (page.lighthouse10xError) add(`Lighthouse 10x CPU ${page.label}`, 'measured', page.lighthouse10xError, false);
    const lh = page.lighthouse10x;
    if (!lh) continue;
    const runs = `${lh.runs}-run median`;
    add(
      `Lighthouse performance ${page.label} at 10x CPU, ${runs}`,
      '>= 90',
      String(lh.performance),
      lh.performance >= 90,
    );
    add(`Lighthouse TBT ${page.label} at 10x CPU, ${runs} (ms)`, '<= 300', String(lh.tbtMs), lh.tbtMs <= 300);
  }
}

/**
 * The product page's speed: anonymous (p99 under 50 ms), and for a visitor with a cart and a signed-in customer,
 * each with the store's cookies (p99 under 100 ms, decision 0021), all at >= 25% of the bare server.
 */
function throughputBudgets(size: SizeResult, connections: number, add: Add) {
  const throughput = size.pages.find((page) => page.key === 'product')?.throughput;
  if (!throughput) return;
  const tag = `at ${int(size.products)} products`;
  const shoppers: { who: string; figures: ShopperThroughput | undefined; p99Ms: number }[] = [
    { who: '', figures: throughput.served, p99Ms: 50 },
    { who: ', visitor with a cart', figures: throughput.visitorWithCart, p99Ms: 100 },
    { who: ', signed-in customer', figures: throughput.customer, p99Ms: 100 },
  ];
  for (const { who, figures, p99Ms } of shoppers) {
    if (!figures) continue;
    if ('error' in figures) {
      add(`product page${who} ${tag}`, 'the shopper’s own page', figures.error, false);
      continue;
    }
    // A run too short for the server to answer once (a busy machine, --quick) measured nothing: p99 would read 0.
    if (figures.requests === 0) {
      add(`product page${who} ${tag}`, 'measured', 'no request answered during the run', false);
      continue;
    }
    const ratio = figures.ratioToBaseline;
    if (ratio !== null)
      add(
        `product page${who} req/s vs bare node:http ${tag}`,
        `>= ${percent(SHARE_OF_BARE)}`,
        percent(ratio),
        ratio >= SHARE_OF_BARE,
      );
    const p99 = figures.p99Ms;
    add(`product page${who} p99 at ${connections} connections ${tag} (ms)`, `< ${p99Ms}`, String(p99), p99 < p99Ms);
  }
}

/** At most 3 statements per render of any storefront page; the product page as served to shoppers with cookies: 1. */
function queryBudgets(size: SizeResult, add: Add) {
  const tag = `at ${int(size.products)} products`;
  for (const page of size.pages) {
    const counts = [page.queries.visitor, page.queries.visitorWithCart, page.queries.customer].filter(
      (value): value is number => value !== null,
    );
    if (!counts.length) continue;
    const worst = Math.max(...counts);
    add(`database queries ${page.label} ${tag} (worst case)`, '<= 3', String(worst), worst <= 3);
  }
  const product = size.pages.find((page) => page.key === 'product');
  if (!product) return;
  const served = [
    { who: 'visitor with a cart', value: product.servedQueries.visitorWithCart },
    { who: 'signed-in customer with a cart', value: product.servedQueries.customer },
  ];
  for (const { who, value } of served)
    add(
      `database queries ${product.label} as served to a ${who} ${tag}`,
      '<= 1',
      value === null ? 'not counted' : String(value),
      value !== null && value <= 1,
    );
}

function growthBudgets(growth: Growth[], add: Add) {
  for (const { label, small, large } of growth) {
    const tag = `at ${int(large.products)} vs ${int(small.products)} products`;
    const rps = large.requestsPerSecond / small.requestsPerSecond;
    const rpsActual = `${percent(rps)} (${int(large.requestsPerSecond)} vs ${int(small.requestsPerSecond)})`;
    // A side with no request answered gives no ratio (Infinity or NaN), not a pass.
    add(`${label} rendered req/s ${tag}`, '>= 80%', rpsActual, Number.isFinite(rps) && rps >= 0.8);
    const p99 = large.p99Ms / small.p99Ms;
    add(`${label} rendered p99 ${tag}`, '<= 120%', `${percent(p99)} (${large.p99Ms} vs ${small.p99Ms} ms)`, p99 <= 1.2);
  }
}

function processBudget({ products, one, two }: ProcessComparison, add: Add) {
  const ratio = two.rendered.requestsPerSecond / one.rendered.requestsPerSecond;
  add(
    `product page rendered req/s, 2 processes vs 1 at ${int(products)} products`,
    `>= ${percent(TWO_PROCESSES)}`,
    `${percent(ratio)} (${int(two.rendered.requestsPerSecond)} vs ${int(one.rendered.requestsPerSecond)})`,
    Number.isFinite(ratio) && ratio >= TWO_PROCESSES,
  );
}

export function budgets({
  sizes,
  growth = [],
  processes = null,
  connections,
}: {
  sizes: SizeResult[];
  growth?: Growth[];
  processes?: ProcessComparison | null;
  connections: number;
}): Budget[] {
  const result: Budget[] = [];
  const add: Add = (name, limit, actual, pass) => result.push({ name, limit, actual, pass });
  if (!sizes[0]) return result;
  lighthouseBudgets(sizes[0].pages, add);
  for (const size of sizes) throughputBudgets(size, connections, add);
  for (const size of sizes) queryBudgets(size, add);
  growthBudgets(growth, add);
  if (processes) processBudget(processes, add);
  return result;
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
