/**
 * `npm run dev` as a developer runs it: SIGTERM to npm (what a process manager or an editor's task runner sends)
 * reaches the store through npm's shell and scripts/bootstrap.mjs, and the store stops PostgreSQL before it exits.
 * React Router's Vite plugin used to exit the process on SIGTERM first (scripts/serve.ts, `leaveShutdownToUs`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../job-helpers';
import { startStore, type StoreProcess } from '../store-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dev-'));
// mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
fs.chmodSync(dataDir, 0o755);
const lockFile = path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
let dev: StoreProcess | undefined;

afterAll(() => {
  if (dev?.child.exitCode === null) dev.child.kill('SIGKILL');
  // A PostgreSQL this test failed to see stopped is stopped here (its lock file's first line is its pid).
  if (fs.existsSync(lockFile)) process.kill(Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]), 'SIGINT');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('stops the store and its PostgreSQL on SIGTERM to npm', async () => {
    dev = await startStore({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' }, undefined, {
      command: 'npm',
      args: ['run', '--silent', 'dev'],
    });
    expect((await fetch(`${dev.base}/healthz`)).status).toBe(200);
    expect(fs.existsSync(lockFile)).toBe(true);

    dev.child.kill('SIGTERM');
    expect(await dev.exited).toBe(0);
    // The store has exited: its output is whole, and says why when PostgreSQL is still up.
    await eventually(
      () => !fs.existsSync(lockFile),
      20_000,
      `PostgreSQL stopped (its lock file gone)\n${dev.output()}`,
    );
  }, 300_000);
});
