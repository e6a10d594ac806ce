/**
 * `npm start` as a user runs it (the production build must exist: `npm test` builds first):
 * first start seeds, SIGTERM stops everything cleanly, a second start keeps the data without
 * re-seeding, and after kill -9 the next start recovers the PostgreSQL left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/embedded-postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lifecycle-'));
// mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
fs.chmodSync(dataDir, 0o755);
const lockFile = path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
let port = 0;
const running: ChildProcess[] = [];

async function start(): Promise<ChildProcess> {
  port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Store ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited early with ${code}:\n${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

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
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start lifecycle', () => {
  it('seeds once, stops cleanly, restarts without re-seeding, and recovers from kill -9', async () => {
    const first = await start();
    const home = await fetch(`http://localhost:${port}/`);
    expect(home.status).toBe(200);
    const seeded = await productCount();
    expect(seeded).toBeGreaterThanOrEqual(30);

    const firstExit = exited(first);
    first.kill('SIGTERM');
    expect(await firstExit).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    const second = await start();
    expect(await productCount()).toBe(seeded);
    const secondExit = exited(second);
    second.kill('SIGKILL');
    await secondExit;
    // PostgreSQL outlives a killed app: its lock file is still there for the next start to deal with.
    expect(fs.existsSync(lockFile)).toBe(true);

    const third = await start();
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
    expect(await productCount()).toBe(seeded);
    const thirdExit = exited(third);
    third.kill('SIGTERM');
    expect(await thirdExit).toBe(0);
  }, 400_000);
});
