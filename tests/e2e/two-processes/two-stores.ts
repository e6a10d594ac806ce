/**
 * Two store processes on one database behind a round-robin proxy (decision 0020), each started as `npm start` starts
 * the store (tests/store-process.ts: scripts/start.ts, production build, one process each). Store A owns the embedded
 * PostgreSQL of a fresh data folder and seeds the demo catalog and accounts on it; store B joins through
 * DATABASE_URL. Both share that folder (the embedded database's password marks it as one store, not a deployment,
 * so both may use the simulator; mails and uploads land in one place, as on one host), the auth secret, PUBLIC_URL
 * (the proxy's origin, so origin checks and links hold through it) and one Paystack simulator, run here as the
 * cluster primary runs it for its workers: a payment initialised through one process may be verified, or its
 * webhook received, through the other. TRUST_PROXY stays unset: nothing here needs the shopper's own address (every
 * request comes from 127.0.0.1 either way; AUTH_RATE_LIMIT_FACTOR widens the sign-in limits as for the other specs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPaystackSimulator, type Simulator } from '../../../server/paystack-simulator/simulator.server';
import { removeOutsideCluster } from '../../../scripts/lib/cluster-location';
import { runningEmbeddedUrl } from '../../../scripts/lib/running-database';
import { startStore, type StoreProcess } from '../../store-process';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

export type TwoStores = {
  proxy: RoundRobinProxy;
  /** Store A (owns the database) and store B, each reachable directly. */
  stores: [StoreProcess, StoreProcess];
  simulator: Simulator;
  /** The demo admin store A created on the empty database and printed once, as `npm start` does. */
  admin: { email: string; password: string };
  stop: () => Promise<void>;
};

/** A store's own address, not the proxy's (the stores listen on IPv4: HOST=0.0.0.0). */
export const direct = (store: StoreProcess) => `http://127.0.0.1:${store.port}`;

const DEMO_ADMIN_LINE = /^\s*admin\s+(\S+@\S+)\s+password: (\S+)$/m;

async function stopStore(store: StoreProcess | undefined, name: string) {
  if (!store) return;
  store.child.kill('SIGTERM');
  const code = await store.exited;
  // The store logs at LOG_LEVEL warn: what it said is worth reading when a step failed.
  const said = store
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'));
  if (said.length > 0 || code !== 0) console.log(`[store ${name}, exit ${code}]\n${said.join('\n')}`);
}

export async function startTwoStores(): Promise<TwoStores> {
  // An owner-only folder, as `npm test` makes: as root the cluster then lives outside it (cluster-location.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-two-processes-'));
  let storeA: StoreProcess | undefined;
  let storeB: StoreProcess | undefined;
  let simulator: Simulator | undefined;
  const proxy = await startRoundRobinProxy();
  const stop = async () => {
    // B first: A stops the database B uses.
    await stopStore(storeB, 'B');
    await stopStore(storeA, 'A');
    await simulator?.close();
    await proxy.close();
    if (proxy.failures.length > 0) console.log(`[proxy] requests no store answered:\n${proxy.failures.join('\n')}`);
    removeOutsideCluster(path.join(dataDir, 'postgres'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Paystack's webhooks reach the store where Paystack would send them: PUBLIC_URL, through the proxy.
    simulator = await startPaystackSimulator({ webhookUrl: `${proxy.origin}/webhooks/paystack` });
    const shared = {
      DATA_DIR: dataDir,
      PUBLIC_URL: proxy.origin,
      BETTER_AUTH_SECRET: 'two-processes-e2e-secret-0123456789abcdef',
      AUTH_RATE_LIMIT_FACTOR: '50',
      PAYSTACK_SIMULATOR: '1',
      STORE_PAYSTACK_SIMULATOR: JSON.stringify({
        baseUrl: simulator.baseUrl,
        secretKey: simulator.secretKey,
        publicKey: simulator.publicKey,
      }),
    };
    storeA = await startStore({ ...shared, DATABASE_URL: '' });
    const databaseUrl = runningEmbeddedUrl(dataDir);
    if (!databaseUrl) throw new Error(`store A runs no database in ${dataDir}:\n${storeA.output()}`);
    storeB = await startStore({ ...shared, DATABASE_URL: databaseUrl });
    const demoAdmin = DEMO_ADMIN_LINE.exec(storeA.output());
    if (!demoAdmin) throw new Error(`store A printed no demo admin:\n${storeA.output()}`);
    proxy.route([storeA, storeB].map(direct));
    return {
      proxy,
      stores: [storeA, storeB],
      simulator,
      admin: { email: demoAdmin[1], password: demoAdmin[2] },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
