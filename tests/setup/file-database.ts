/** Before each integration test file: its own database, cloned from the migrated template. */
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { closeDb } from '~/server/db.server';
import { cloneTemplate, dropDatabase } from './template';

const adminUrl = inject('adminDatabaseUrl');
const name = `store_test_${randomBytes(6).toString('hex')}`;
process.env.DATABASE_URL = await cloneTemplate(adminUrl, name);

afterAll(async () => {
  await closeDb();
  await dropDatabase(adminUrl, name);
});
