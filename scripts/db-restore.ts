/**
 * `npm run db:restore -- FILE`: restores a backup into an EMPTY database (a fresh DATA_DIR, or a new
 * DATABASE_URL): migrations first, then the rows. It refuses a database that already holds data.
 */
import fs from 'node:fs';
import { runMigrations } from '../app/server/migrate.server';
import { restoreDatabase, RestoreRefused } from './lib/backup';
import { runTool, withStoreDatabase } from './lib/with-store-database';

runTool(async () => {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!file || !fs.existsSync(file)) {
    console.error(
      'usage: npm run db:restore -- path/to/store-….backup.gz   ' +
        '(into an empty database: a fresh DATA_DIR or DATABASE_URL)',
    );
    return 2;
  }
  return withStoreDatabase(async (url) => {
    await runMigrations();
    try {
      const counts = await restoreDatabase(url, file);
      console.log(
        `Restored ${Object.values(counts).reduce((sum, n) => sum + n, 0)} rows ` +
          `into ${Object.keys(counts).length} tables from ${file}`,
      );
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefused) {
        console.error(error.message);
        return 3;
      }
      throw error;
    }
  });
});
