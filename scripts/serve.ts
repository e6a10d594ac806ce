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
import { publicOrigin } from '../app/server/public-url.server';
import { startJobs, stopJobs } from '../app/server/jobs/workers.server';
import { paymentSettingsProblem, useSimulator, wantsSimulator } from '../app/server/payments/config.server';
import { removeSimulatorControl, writeSimulatorControl } from '../app/server/paystack-simulator/control.server';
import { startPaystackSimulator, type Simulator } from '../app/server/paystack-simulator/simulator.server';
import { provideDatabase } from './lib/database';
import { createDemoAccounts } from './demo-accounts';
import { seedDemoIfEmpty } from './seed/seed-demo';

const dev = process.argv.includes('--dev');
const settings = env();
const log = (line: string) => logger.info(line);

// Test keys, keys of two modes or the simulator on a deployment would take orders no money paid for (issue 13).
const paymentProblem = paymentSettingsProblem();
if (paymentProblem) {
  console.error(`\n  The store cannot start: ${paymentProblem}\n`);
  process.exit(1);
}

const database = await provideDatabase(settings.dataDir, log);
process.env.DATABASE_URL = database.url;
await runMigrations();
const seeded = await seedDemoIfEmpty({ log });
// Demo accounts only for a demo store: never on a production deployment's own database.
if (seeded && (database.embedded || settings.NODE_ENV !== 'production')) await createDemoAccounts({ log: console.log });

// The job queue (its tables came with the migrations): mails, and the payment sweep every minute and right now.
// Started before the server listens, so a database that fails here fails the start, not a running store.
await startJobs();

const app = await createApp({ dev });
const server: Server = app.listen(settings.PORT, settings.HOST, () => {
  const shown = publicOrigin();
  console.log(`\n  Store ready at ${shown}  (${dev ? 'development, hot reload' : 'production build'})\n`);
});
server.keepAliveTimeout = 65_000;
await new Promise<void>((resolve) => server.once('listening', resolve));

// Without Paystack keys, outside a production deployment, payments go to the simulator.
let simulator: Simulator | undefined;
if (wantsSimulator()) {
  const port = (server.address() as import('node:net').AddressInfo).port;
  simulator = await startPaystackSimulator({ webhookUrl: `http://127.0.0.1:${port}/webhooks/paystack` });
  useSimulator({ baseUrl: simulator.baseUrl, secretKey: simulator.secretKey, publicKey: simulator.publicKey });
  writeSimulatorControl(settings.dataDir, { baseUrl: simulator.baseUrl, controlToken: simulator.controlToken });
  log(
    `Test mode: payments go to the Paystack simulator at ${simulator.baseUrl} ` +
      '(set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY for real payments)',
  );
} else if (!settings.PAYSTACK_SECRET_KEY || !settings.PAYSTACK_PUBLIC_KEY) {
  logger.warn('PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are not set: checkout refuses payments until they are');
}

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
  // Running jobs get a few seconds to finish; what is left is retried by the next process to start.
  await stopJobs({ timeoutMs: 5_000 }).catch((error: unknown) =>
    logger.error({ err: error }, 'the job queue did not stop cleanly'),
  );
  await simulator?.close();
  if (simulator) removeSimulatorControl(settings.dataDir);
  await closeDb();
  await database.stop();
  log('stopped cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
