/**
 * `npm start` as a user runs it (the production build must exist: `npm test` builds first):
 * first start seeds, SIGTERM stops everything cleanly, a second start keeps the data without
 * re-seeding, and after kill -9 the next start recovers the PostgreSQL left running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startStore, type StoreProcess } from '../store-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lifecycle-'));
// mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
fs.chmodSync(dataDir, 0o755);
const lockFile = path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
const running: StoreProcess[] = [];

async function start(): Promise<StoreProcess> {
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: '' });
  running.push(store);
  return store;
}

async function productCount(): Promise<number> {
  const lock = fs.readFileSync(lockFile, 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'postgres', 'password'), 'utf8').trim();
  const sql = postgres(`postgres://postgres:${password}@127.0.0.1:${lock[3]}/store`, { max: 1 });
  try {
    const [row] = await sql`select count(*)::int as n from products`;
    return row.n;
  } finally {
    await sql.end();
  }
}

afterAll(() => {
  for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start lifecycle', () => {
  it('seeds once, stops cleanly, restarts without re-seeding, and recovers from kill -9', async () => {
    const first = await start();
    const home = await fetch(`${first.base}/`);
    expect(home.status).toBe(200);
    const seeded = await productCount();
    expect(seeded).toBeGreaterThanOrEqual(30);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    const second = await start();
    expect(await productCount()).toBe(seeded);
    second.child.kill('SIGKILL');
    await second.exited;
    // PostgreSQL outlives a killed app: its lock file is still there for the next start to deal with.
    expect(fs.existsSync(lockFile)).toBe(true);

    const third = await start();
    expect((await fetch(`${third.base}/`)).status).toBe(200);
    expect(await productCount()).toBe(seeded);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 400_000);
});
