import path from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { db } from './db.server';
import { installJobQueue } from './jobs/queues.server';

/**
 * Applies the migrations in drizzle/ (each exactly once; drizzle records them in its own table), then installs or
 * upgrades the job queue's tables (pg-boss keeps its own schema and version).
 */
export async function runMigrations() {
  await migrate(db(), { migrationsFolder: path.resolve(process.cwd(), 'drizzle') });
  await installJobQueue(process.env.DATABASE_URL!);
}
