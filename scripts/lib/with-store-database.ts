/**
 * For command-line tools: the store's database, wherever it is. DATABASE_URL when set; otherwise the embedded
 * PostgreSQL `npm start` is running on DATA_DIR (used in place, never restarted); otherwise that embedded
 * server is started for the tool and stopped after it.
 */
import { env } from '../../app/server/env.server';
import { closeDb } from '../../app/server/db.server';
import { provideDatabase } from './database';
import { runningEmbeddedUrl } from './running-database';

/** `work` learns the database's URL, and whether it is the one a running store uses (then it was not started here). */
export async function withStoreDatabase<T>(work: (url: string, storeRunning: boolean) => Promise<T>): Promise<T> {
  const settings = env();
  const running = process.env.DATABASE_URL ? null : runningEmbeddedUrl(settings.dataDir);
  const database = running
    ? { url: running, stop: async () => {} }
    : await provideDatabase(settings.dataDir, (line) => console.error(line));
  process.env.DATABASE_URL = database.url;
  try {
    return await work(database.url, running !== null);
  } finally {
    await closeDb();
    await database.stop();
  }
}

/** Runs a tool's main function when the file is the entry point; errors become a message and exit code 1. */
export function runTool(main: () => Promise<number>) {
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
