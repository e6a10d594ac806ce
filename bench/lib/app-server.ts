/**
 * The store under test: the production build in its own folder, a seeded catalog in a temporary DATA_DIR,
 * and the server started exactly as `npm start` starts it (scripts/start.ts, NODE_ENV=production) with
 * BENCH_COUNT_QUERIES=1 so pages report their SQL statement count. One store process unless asked for more
 * (WEB_CONCURRENCY): the pages' figures are one process's, and processes.ts compares one with two.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { runningEmbeddedUrl } from '../../scripts/lib/running-database';

const root = path.resolve(import.meta.dirname, '../..');
const BUILD_SOURCES = ['app', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(entries: string[]): number {
  let newest = 0;
  for (const entry of entries) {
    if (!fs.existsSync(entry)) continue;
    const stat = fs.statSync(entry);
    newest = stat.isDirectory()
      ? Math.max(newest, newestMtime(fs.readdirSync(entry).map((name) => path.join(entry, name))))
      : Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Builds the production app into `buildDir` unless its build is newer than every source. */
export function ensureBuild(buildDir: string, log: (line: string) => void): void {
  const stamp = path.join(buildDir, '.built-at');
  const sources = BUILD_SOURCES.map((entry) => path.join(root, entry));
  if (fs.existsSync(stamp) && Number(fs.readFileSync(stamp, 'utf8')) >= newestMtime(sources)) return;
  log(`building the production app into ${path.relative(root, buildDir)}...`);
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  fs.writeFileSync(stamp, String(Date.now()));
}

/** A data folder PostgreSQL (run as another user when we are root) can enter. */
export function makeDataDir(base: string, name: string): string {
  const dir = path.join(base, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  return dir;
}

const tsx = (script: string, args: string[]) =>
  [process.execPath, ['--import', 'tsx', path.join(root, script), ...args]] as const;

/** `npm run db:seed -- --products N --force` on the data folder (starts and stops its own PostgreSQL). */
export function seedCatalog(dataDir: string, products: number): void {
  const [command, args] = tsx('scripts/seed.ts', ['--products', String(products), '--force']);
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seeding ${products} products failed:\n${result.stdout}\n${result.stderr}`);
}

export type AppServer = {
  origin: string;
  pid: number;
  /** Peak resident memory of the server process so far (VmHWM), in bytes: with several, the primary's only. */
  peakMemory: () => number;
  stop: () => Promise<void>;
};

export async function startApp({
  dataDir,
  buildDir,
  port,
  processes = 1,
  databaseUrl,
}: {
  dataDir: string;
  buildDir: string;
  port?: number;
  /** WEB_CONCURRENCY: store processes sharing the port (node:cluster). */
  processes?: number;
  /** A database already running (another store's embedded one); unset, the store starts DATA_DIR's own. */
  databaseUrl?: string;
}): Promise<AppServer> {
  const chosenPort = port ?? (await freePort());
  const log = path.join(dataDir, processes === 1 ? 'server.log' : `server-${processes}-processes.log`);
  const logFile = fs.openSync(log, 'a');
  const [command, args] = tsx('scripts/start.ts', []);
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', logFile, logFile],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: String(processes),
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      BUILD_DIR: buildDir,
      BENCH_COUNT_QUERIES: '1',
      // Checkout talks to the built-in Paystack simulator, never to Paystack.
      PAYSTACK_SIMULATOR: '1',
      // The load test registers its shoppers from this one address.
      AUTH_RATE_LIMIT_FACTOR: '1000',
      // As a deployment runs: one JSON log line per request (written to server.log in the data folder).
      LOG_LEVEL: 'info',
    },
  });
  fs.closeSync(logFile);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${chosenPort}`;
  try {
    await untilReady(origin, log, processes, () => child.exitCode);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid!;
  let peak = 0;
  const peakMemory = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // No /proc (not Linux) or already gone: the last reading stands.
    }
    return peak;
  };
  return {
    origin,
    pid,
    peakMemory,
    stop: async () => {
      peakMemory();
      if (child.exitCode === null) child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/**
 * Until the store answers, and with several processes until the primary says all of them listen: the first to listen
 * answers at once, and load started then would open every connection to that one process.
 */
async function untilReady(origin: string, log: string, processes: number, exitCode: () => number | null) {
  const deadline = Date.now() + 120_000;
  const allListening = () => processes === 1 || fs.readFileSync(log, 'utf8').includes(`, ${processes} processes)`);
  for (;;) {
    if (exitCode() !== null) throw new Error(`the store exited early (code ${exitCode()}); see ${log}`);
    try {
      const response = await fetch(`${origin}/robots.txt`);
      if (response.ok && allListening()) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the store did not start within 120 s; see ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Fresh statistics and visibility maps after a bulk seed, as autovacuum would have made them on a live
 * store: otherwise the first size's plans would be measured against a freshly loaded, unanalysed table.
 */
export async function vacuumAnalyze(dataDir: string): Promise<void> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('the store’s PostgreSQL is not running');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('vacuum analyze');
  } finally {
    await sql.end();
  }
}
