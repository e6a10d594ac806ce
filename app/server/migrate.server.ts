import path from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { db } from './db.server';

/** Applies the migrations in drizzle/ (each exactly once; drizzle records them in its own table). */
export async function runMigrations() {
  await migrate(db(), { migrationsFolder: path.resolve(process.cwd(), 'drizzle') });
}
