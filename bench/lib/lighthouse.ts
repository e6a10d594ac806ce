/**
 * Lighthouse with its default config, which is the mobile preset (Moto G Power screen, 4x CPU slowdown,
 * simulated slow 4G), driving Debian's Chromium. Each page is run several times and the median run
 * is reported, chosen as Lighthouse's own tooling does (closest to the median FCP and TTI).
 */
import * as chromeLauncher from 'chrome-launcher';
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../scripts/lib/chromium';

export type PageBytes = {
  js: number;
  css: number;
  images: number;
  html: number;
  fonts: number;
  total: number;
  mainImage: number;
};

export type LighthouseFigures = {
  runs: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire (compressed bodies plus headers), as Lighthouse's network records count them. */
  bytes: PageBytes;
  /** Accessibility audits that failed in the median run (ids), to say what to fix. */
  failedAccessibility: string[];
  /** Performance audits scored below 0.9 in the median run, for the same reason. */
  weakPerformance: string[];
  /**
   * Lighthouse's measure of this machine's CPU (a fast desktop scores about 1,500 or more; the 4x slowdown
   * assumes one).
   */
  benchmarkIndex: number;
};

type Audit = {
  score: number | null;
  numericValue?: number;
  scoreDisplayMode?: string;
  details?: { items?: Record<string, unknown>[] };
};
type Lhr = {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
};

const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The run closest to the median first contentful paint and time to interactive (lighthouse/core/lib/median-run.js). */
export function medianRun<T extends Lhr>(runs: T[]): T {
  const fcp = median(runs.map((run) => numeric(run, 'first-contentful-paint')));
  const tti = median(runs.map((run) => numeric(run, 'interactive')));
  const distance = (run: Lhr) =>
    (fcp - numeric(run, 'first-contentful-paint')) ** 2 + (tti - numeric(run, 'interactive')) ** 2;
  return [...runs].sort(
    (a, b) => distance(a) - distance(b) || numeric(a, 'interactive') - numeric(b, 'interactive'),
  )[0];
}

function bytesOf(lhr: Lhr): PageBytes {
  const bytes: PageBytes = { js: 0, css: 0, images: 0, html: 0, fonts: 0, total: 0, mainImage: 0 };
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    const size = Number(item.transferSize ?? 0);
    bytes.total += size;
    switch (item.resourceType) {
      case 'Script':
        bytes.js += size;
        break;
      case 'Stylesheet':
        bytes.css += size;
        break;
      case 'Image':
        bytes.images += size;
        // The largest picture stands for the main image (the product photo): an upper bound.
        bytes.mainImage = Math.max(bytes.mainImage, size);
        break;
      case 'Document':
        bytes.html += size;
        break;
      case 'Font':
        bytes.fonts += size;
        break;
    }
  }
  return bytes;
}

function summarise(lhr: Lhr, runs: number): LighthouseFigures {
  const failing = (category: string, below: number) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < below &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map(({ id }) => id);
  return {
    runs,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    bytes: bytesOf(lhr),
    failedAccessibility: failing('accessibility', 1),
    weakPerformance: failing('performance', 0.9),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

export type LighthouseRunner = {
  /** The median of `runs` runs; its full report is written to `reportFile` when given. */
  measure: (url: string, runs: number, cookie?: string, reportFile?: string) => Promise<LighthouseFigures>;
  close: () => Promise<void>;
};

/** `cpuSlowdown`: Lighthouse's CPU slowdown for the simulated phone (its mobile default is 4). */
export async function startLighthouse({ cpuSlowdown }: { cpuSlowdown?: number } = {}): Promise<LighthouseRunner> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  return {
    async measure(url, runs, cookie, reportFile) {
      const results: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        // A run now and then loses its trace (NO_NAVSTART and the like): such a run is made again, twice at most.
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            extraHeaders: cookie ? { Cookie: cookie } : undefined,
            ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
          });
          const lhr = result?.lhr as unknown as Lhr | undefined;
          const problem = !lhr
            ? 'no result'
            : lhr.runtimeError
              ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
              : null;
          if (!problem) {
            results.push(lhr!);
            break;
          }
          if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${problem}`);
        }
      }
      const median = medianRun(results);
      if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(median));
      return summarise(median, runs);
    },
    async close() {
      chrome.kill();
    },
  };
}
