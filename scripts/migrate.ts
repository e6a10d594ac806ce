/** `npm run db:migrate`: applies pending migrations to the store's database (npm start does this itself). */
import { runMigrations } from '../app/server/migrate.server';
import { runTool, withStoreDatabase } from './lib/with-store-database';

runTool(() =>
  withStoreDatabase(async () => {
    await runMigrations();
    console.log('Migrations are up to date.');
    return 0;
  }),
);
