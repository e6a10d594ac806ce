/**
 * Decision 0010, measured again: the page's scripts fetched after the first paint (the store's way) against
 * React Router's default loading (SCRIPT_LOADING=default, app/entry.server.tsx), on Lighthouse's mobile preset at 4x
 * and at 10x CPU slowdown, for the home and a product page of the demo catalog. Each cell is the median of
 * RUNS runs. Run: `npx tsx bench/script-loading.ts` (about 10 minutes on 2 cores; nothing else should run meanwhile).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, makeDataDir, seedCatalog, startApp } from './lib/app-server';
import { startLighthouse, type LighthouseFigures } from './lib/lighthouse';

const RUNS = Number(process.env.RUNS ?? 5);
const SLOWDOWNS = [4, 10];
const say = (line: string) => console.log(`[script-loading] ${line}`);

type Row = { loading: string; page: string; slowdown: number; figures: LighthouseFigures };

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? '.build-bench');
  ensureBuild(buildDir, say);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'script-loading-'));
  fs.chmodSync(work, 0o755);
  const dataDir = makeDataDir(work, 'store');
  seedCatalog(dataDir, 36);
  const rows: Row[] = [];
  try {
    for (const loading of ['after-paint', 'default']) {
      process.env.SCRIPT_LOADING = loading;
      const app = await startApp({ dataDir, buildDir });
      try {
        const home = await (await fetch(`${app.origin}/`)).text();
        const product = /\/product\/[0-9a-z]{14}/.exec(home)?.[0];
        if (!product) throw new Error('no product link on the home page');
        for (const slowdown of SLOWDOWNS) {
          const lighthouse = await startLighthouse({ cpuSlowdown: slowdown });
          try {
            for (const [page, url] of [
              ['home', '/'],
              ['product', product],
            ] as const) {
              say(`${loading}, ${page}, ${slowdown}x CPU: ${RUNS} runs...`);
              rows.push({ loading, page, slowdown, figures: await lighthouse.measure(`${app.origin}${url}`, RUNS) });
            }
          } finally {
            await lighthouse.close();
          }
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log('\nloading       page     CPU   perf   LCP ms   TBT ms   CLS');
  for (const { loading, page, slowdown, figures } of rows) {
    const cells = [
      loading.padEnd(13),
      page.padEnd(8),
      `${slowdown}x`.padStart(4),
      String(figures.performance).padStart(6),
      String(Math.round(figures.lcpMs)).padStart(8),
      String(Math.round(figures.tbtMs)).padStart(8),
      figures.cls.toFixed(3).padStart(6),
    ];
    console.log(cells.join(' '));
  }
}

main().catch((error: unknown) => {
  console.error(`[script-loading] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
