/**
 * Database (embedded unless DATABASE_URL), migrations, demo seed on an empty database, then the HTTP server: one
 * process, or WEB_CONCURRENCY processes on one port (node:cluster) supervised by a primary that restarts a worker
 * that dies. SIGINT/SIGTERM drain requests, close the pool, stop PostgreSQL. Entered through start.ts.
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { provideDatabase } from './lib/database';

const dev = process.argv.includes('--dev');

/**
 * The store, always through one module graph (server/app.ts, decision 0018): the production build's bundle, or in
 * development the same file loaded by Vite's dev server, which then also serves the browser's modules.
 */
type Store = typeof import('../server/app');
async function loadStore(): Promise<{ store: Store; vite?: import('vite').ViteDevServer }> {
  if (!dev) {
    const bundle = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js');
    return { store: (await import(bundle)) as Store };
  }
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }));
  const store = (await vite.ssrLoadModule('/server/app.ts')) as Store;
  leaveShutdownToUs();
  return { store, vite };
}

/**
 * React Router's Vite plugin starts a second Vite server, not in middleware mode, and Vite then exits the process on
 * SIGTERM (or when stdin ends) as soon as that server is closed: the embedded PostgreSQL was left running. Our own
 * signal handlers below stop everything in order, Vite included (`vite.close()`), so Vite's listeners are taken off.
 */
function leaveShutdownToUs() {
  for (const listener of process.listeners('SIGTERM')) {
    process.off('SIGTERM', listener);
    process.stdin.off('end', listener as () => void);
  }
}
const { store, vite } = await loadStore();
const {
  closeDb,
  createApp,
  createDemoAccounts,
  env,
  listenForChanges,
  logger,
  paymentSettingsProblem,
  publicOrigin,
  runMigrations,
  seedDemoIfEmpty,
  startDropClock,
  startJobs,
  stopJobs,
  useSimulator,
  wantsSimulator,
} = store;
type Simulator = import('../server/paystack-simulator/simulator.server').Simulator;
/**
 * The Paystack simulator is a development tool outside the production bundle (decision 0032): loaded here, under
 * tsx, only when this process starts one. It brings its own copy of the stateless logger and signature modules.
 */
const loadSimulator = async () => ({
  ...(await import('../server/paystack-simulator/simulator.server')),
  ...(await import('../server/paystack-simulator/control.server')),
});
const settings = env();
const log = (line: string) => logger.info(line);
const worker = cluster.isWorker;
/** How a worker learns the simulator the primary started (another process: the environment, not module state). */
const SIMULATOR_ENV = 'STORE_PAYSTACK_SIMULATOR';

/**
 * WEB_CONCURRENCY store processes share the port (node:cluster); default: one per core in production, one in
 * development (hot reload) and tests. With more than one, the primary prepares the database, starts the simulator
 * and supervises; the workers serve.
 */
function webConcurrency(): number {
  if (dev) return 1;
  const given = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(given) && given > 0) return Math.min(given, 64);
  return settings.NODE_ENV === 'production' ? os.availableParallelism() : 1;
}

if (!worker) {
  // Test keys, keys of two modes or the simulator on a deployment would take orders no money paid for (decision 0008).
  const paymentProblem = paymentSettingsProblem();
  if (paymentProblem) {
    console.error(`\n  The store cannot start: ${paymentProblem}\n`);
    process.exit(1);
  }
}

/** The database, migrated, with the demo seed on an empty one: once, by the primary (or the only process). */
async function prepareDatabase() {
  const database = await provideDatabase(settings.dataDir, log);
  process.env.DATABASE_URL = database.url;
  await runMigrations();
  const seeded = await seedDemoIfEmpty({ log });
  // Demo accounts only for a demo store: never on a production deployment's own database.
  if (seeded && (database.embedded || settings.NODE_ENV !== 'production'))
    await createDemoAccounts({ log: console.log });
  return database;
}

type SimulatorSettings = NonNullable<Parameters<typeof useSimulator>[0]>;
/**
 * A simulator another process started and named in the environment: the primary's, in a worker; in a store started
 * on its own, one a test runs for several stores on one database, since a payment one process initialised may be
 * verified or announced through another, and each simulator knows only its own transactions.
 */
const handedSimulator = (): SimulatorSettings | undefined => {
  const given = process.env[SIMULATOR_ENV];
  return given ? (JSON.parse(given) as SimulatorSettings) : undefined;
};

/**
 * Without Paystack keys, outside a production deployment, payments go to the simulator: the one handed over, else
 * one started here (returned, for the caller to stop).
 */
async function startSimulator(port: number): Promise<Simulator | undefined> {
  if (!wantsSimulator()) {
    if (!settings.PAYSTACK_SECRET_KEY || !settings.PAYSTACK_PUBLIC_KEY)
      logger.warn('PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are not set: checkout refuses payments until they are');
    return undefined;
  }
  const handed = handedSimulator();
  if (handed) {
    // Its owner holds the control token and stops it; cluster workers inherit the variable from this process.
    useSimulator(handed);
    log(`Test mode: payments go to the Paystack simulator at ${handed.baseUrl} (started by another process)`);
    return undefined;
  }
  const { startPaystackSimulator, writeSimulatorControl } = await loadSimulator();
  const simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack` });
  useSimulator({ baseUrl: simulator.baseUrl, secretKey: simulator.secretKey, publicKey: simulator.publicKey });
  writeSimulatorControl(settings.dataDir, { baseUrl: simulator.baseUrl, controlToken: simulator.controlToken });
  log(
    `Test mode: payments go to the Paystack simulator at ${simulator.baseUrl} ` +
      '(set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY for real payments)',
  );
  return simulator;
}

/**
 * One store process serving HTTP: it listens for other processes' changes (shared-invalidation.server.ts) and runs
 * the job queue's workers (pg-boss runs each job once across processes and hosts). Returns how to stop it.
 */
async function serve(): Promise<{ server: Server; stop: () => Promise<void> }> {
  const stopListening = await listenForChanges();
  // Stored pages go at the minute a drop opens (decision 0036).
  const stopDropClock = await startDropClock();
  // Started before the server listens, so a database that fails here fails the start, not a running store.
  await startJobs();
  const app = await createApp({ vite });
  const server: Server = app.listen(settings.PORT, settings.HOST);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const stop = async () => {
    const forced = setTimeout(() => server.closeAllConnections(), 10_000);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    // Running jobs get a few seconds to finish; what is left is retried by the next process to start.
    await stopJobs({ timeoutMs: 5_000 }).catch((error: unknown) =>
      logger.error({ err: error }, 'the job queue did not stop cleanly'),
    );
    await stopListening().catch(() => {});
    stopDropClock();
    await vite?.close();
    await closeDb();
  };
  return { server, stop };
}

/** PORT=0 lets the system choose: then the address shown is the chosen one, unless PUBLIC_URL names another. */
const shownOrigin = (port: number) =>
  settings.PUBLIC_URL || settings.PORT !== 0 ? publicOrigin() : `http://localhost:${port}`;
const ready = (processes: number, port: number) =>
  console.log(
    `\n  Store ready at ${shownOrigin(port)}  (${dev ? 'development, hot reload' : 'production build'}` +
      `${processes > 1 ? `, ${processes} processes` : ''})\n`,
  );

let stopping = false;
function onSignals(stop: (signal: string) => Promise<void>) {
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}

const processes = webConcurrency();

if (worker) {
  // A worker of the primary below: the database is ready, the simulator (if any) named in the environment.
  const simulator = handedSimulator();
  if (simulator) useSimulator(simulator);
  const { stop } = await serve();
  onSignals(async () => {
    await stop();
  });
} else if (processes === 1) {
  const database = await prepareDatabase();
  const { server, stop } = await serve();
  // The simulator needs the port for its webhooks; the store is ready once checkout can use it.
  const simulator = await startSimulator((server.address() as AddressInfo).port);
  ready(1, (server.address() as AddressInfo).port);
  onSignals(async (signal) => {
    log(`${signal} received: finishing requests in flight, then stopping`);
    await stop();
    await stopSimulator(simulator);
    await database.stop();
    log('stopped cleanly');
  });
} else {
  const database = await prepareDatabase();
  // The primary serves nothing: its connections go back before the workers open theirs.
  await closeDb();
  // Workers share one port; when PORT is 0 the primary picks it first, so the simulator's webhook knows it.
  const port = settings.PORT === 0 ? await freePort(settings.HOST) : settings.PORT;
  const simulator = await startSimulator(port);
  const workerEnv = {
    PORT: String(port),
    DATABASE_URL: database.url,
    ...(simulator
      ? {
          [SIMULATOR_ENV]: JSON.stringify({
            baseUrl: simulator.baseUrl,
            secretKey: simulator.secretKey,
            publicKey: simulator.publicKey,
          }),
        }
      : {}),
  };
  let listening = 0;
  const fork = () => {
    const child = cluster.fork(workerEnv);
    child.once('listening', () => {
      if (++listening === processes) ready(processes, port);
    });
  };
  // A worker that dies is replaced; a worker that keeps dying at once is not retried in a tight loop.
  cluster.on('exit', (child, code, signal) => {
    if (stopping) return;
    logger.error({ worker: child.process.pid, code, signal }, 'a store process stopped: starting another');
    setTimeout(fork, 1_000).unref();
  });
  for (let i = 0; i < processes; i++) fork();
  onSignals(async (signal) => {
    log(`${signal} received: the store processes finish their requests, then stop`);
    const children = Object.values(cluster.workers ?? {}).filter((child) => child !== undefined);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.isDead()) return resolve();
            const killer = setTimeout(() => child.process.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(killer);
              resolve();
            });
            child.process.kill('SIGTERM');
          }),
      ),
    );
    await stopSimulator(simulator);
    await database.stop();
    log('stopped cleanly');
  });
}

/** At shutdown: the simulator this process started stops, and its control token goes with it. */
async function stopSimulator(simulator: Simulator | undefined) {
  if (!simulator) return;
  await simulator.close();
  const { removeSimulatorControl } = await loadSimulator();
  removeSimulatorControl(settings.dataDir);
}

async function freePort(host: string): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
