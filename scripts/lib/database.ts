import path from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from './embedded-postgres';

export type ProvidedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

/** DATABASE_URL when it is set; otherwise the embedded server under `$DATA_DIR/postgres`, database "store". */
export async function provideDatabase(dataDir: string, log: (line: string) => void): Promise<ProvidedDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), log });
  await createDatabaseIfMissing(server.url('postgres'), 'store');
  return { url: server.url('store'), embedded: true, stop: server.stop };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string, template?: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await sql.end();
  }
}
