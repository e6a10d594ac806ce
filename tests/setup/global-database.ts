/**
 * Once per test run: one PostgreSQL server (embedded in a temporary directory, or the server of
 * TEST_DATABASE_URL) and a migrated template database that every test file clones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeOutsideCluster } from '../../scripts/lib/cluster-location';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres';
import { createTemplateDatabase } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-pg-'));
    const server = await startEmbeddedPostgres({ dir });
    adminUrl = server.url('postgres');
    stop = server.stop;
  }
  await createTemplateDatabase(adminUrl);
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) {
      // Kept outside `dir` when the postgres user cannot reach the temp folder (a private TMPDIR).
      removeOutsideCluster(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
