/**
 * Database (embedded unless DATABASE_URL), migrations, demo seed on an empty database, then the HTTP
 * server. SIGINT/SIGTERM drain requests, close the pool, stop PostgreSQL. Entered through start.ts.
 */
import type { Server } from 'node:http';
import { createApp } from '../server';
import { env } from '../app/server/env.server';
import { closeDb } from '../app/server/db.server';
import { runMigrations } from '../app/server/migrate.server';
import { logger } from '../app/server/logger.server';
import { scheduleSweeps } from '../app/server/checkout/payment-sweep.server';
import { useSimulator, wantsSimulator } from '../app/server/payments/config.server';
import { startPaystackSimulator, type Simulator } from '../app/server/payments/simulator.server';
import { provideDatabase } from './lib/database';
import { createDemoAccounts } from './demo-accounts';
import { seedDemoIfEmpty } from './seed/seed-demo';

const dev = process.argv.includes('--dev');
const settings = env();
const log = (line: string) => logger.info(line);

const database = await provideDatabase(settings.dataDir, log);
process.env.DATABASE_URL = database.url;
await runMigrations();
const seeded = await seedDemoIfEmpty({ log });
// Demo accounts only for a demo store: never on a production deployment's own database.
if (seeded && (database.embedded || settings.NODE_ENV !== 'production')) await createDemoAccounts({ log: console.log });

const app = await createApp({ dev });
const server: Server = app.listen(settings.PORT, settings.HOST, () => {
  const shown = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  console.log(`\n  Store ready at ${shown}  (${dev ? 'development, hot reload' : 'production build'})\n`);
});
server.keepAliveTimeout = 65_000;
await new Promise<void>((resolve) => server.once('listening', resolve));

// Without Paystack keys (outside production, or with PAYSTACK_SIMULATOR=1) payments go to the simulator.
let simulator: Simulator | undefined;
if (wantsSimulator()) {
  const port = (server.address() as import('node:net').AddressInfo).port;
  simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack` });
  useSimulator({ baseUrl: simulator.baseUrl, secretKey: simulator.secretKey, publicKey: simulator.publicKey });
  log(`Test mode: payments go to the Paystack simulator at ${simulator.baseUrl} (set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY for real payments)`);
} else if (!settings.PAYSTACK_SECRET_KEY || !settings.PAYSTACK_PUBLIC_KEY) {
  logger.warn('PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are not set: checkout refuses payments until they are');
}
// Pending payments past their timeout are re-verified and, unless paid, released; also right after a restart.
const stopSweeps = scheduleSweeps();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal} received: finishing requests in flight, then stopping`);
  const forced = setTimeout(() => server.closeAllConnections(), 10_000);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forced);
  stopSweeps();
  await simulator?.close();
  await closeDb();
  await database.stop();
  log('stopped cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
