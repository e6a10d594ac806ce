/** The one database handle. Connects lazily so tests can point DATABASE_URL at their own database first. */
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '~/db/schema';
import { queryCountOptions } from './query-count.server';

export type Database = PostgresJsDatabase<typeof schema>;

let client: postgres.Sql | undefined;
let database: Database | undefined;

export function db(): Database {
  if (database) return database;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the app through scripts/start.ts or set it.');
  client = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    connection: { application_name: 'store' },
    ...queryCountOptions(),
  });
  database = drizzle(client, { schema });
  return database;
}

export async function closeDb() {
  const current = client;
  client = undefined;
  database = undefined;
  await current?.end({ timeout: 5 });
}

/**
 * A statement built once per database handle (a test file or a reconnect gets a new one) instead of per call: for the
 * few queries every page asks, such as the shopper's session and cart count (decision 0021).
 */
export function preparedOnce<Statement>(build: (database: Database) => Statement): () => Statement {
  const built = new WeakMap<Database, Statement>();
  return () => {
    const database = db();
    let statement = built.get(database);
    if (!statement) built.set(database, (statement = build(database)));
    return statement;
  };
}
