/**
 * For command-line tools run beside a live store: the URL of the embedded PostgreSQL that `npm start` is
 * already running on DATA_DIR (read from its lock file), so the tool connects to it instead of starting it
 * again, which would stop the store's database. Null when none is running.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clusterDir } from './cluster-location';

export function runningEmbeddedUrl(dataDir: string, database = 'store'): string | null {
  const dir = path.join(dataDir, 'postgres');
  let lines: string[];
  let password: string;
  try {
    // The cluster may live outside DATA_DIR (docs/decisions/0011-postgres-outside-private-folders.md).
    lines = fs.readFileSync(path.join(clusterDir(dir), 'postmaster.pid'), 'utf8').split('\n');
    password = fs.readFileSync(path.join(dir, 'password'), 'utf8').trim();
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(pid > 0) || !(port > 0)) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but owned by another user (PostgreSQL runs as "postgres" when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
