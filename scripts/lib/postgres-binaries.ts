/**
 * The PostgreSQL programs the user PostgreSQL runs as can run. They ship inside node_modules; when the project
 * sits below a folder that user cannot enter (a clone in root's home, mode 700), it runs a copy kept in
 * /var/cache/street-luxe-store instead of us opening the person's folders
 * (docs/decisions/0011-postgres-outside-private-folders.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { blockingFolder, canEnter, describeFolder, ensureRootFolder, type RunAs } from './postgres-access';

export type Binaries = { pg_ctl: string; initdb: string; postgres: string };

export const BINARIES_CACHE = '/var/cache/street-luxe-store';

export function reachableBinaries(
  bin: Binaries,
  runAs: RunAs,
  log: (line: string) => void,
  cacheRoot = BINARIES_CACHE,
): Binaries {
  const blocked = blockingFolder(runAs, bin.initdb);
  if (!blocked) return bin;
  // The package's layout: native/bin holds the programs, native/lib and native/share what they load.
  const native = path.dirname(path.dirname(bin.initdb));
  const packageFile = path.join(native, '..', 'package.json');
  const { version } = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string };
  const copy = path.join(cacheRoot, `postgres-${version}-${process.platform}-${process.arch}`);
  if (!fs.existsSync(copy)) copyOnce(native, copy, cacheRoot);
  const moved: Binaries = {
    pg_ctl: path.join(copy, 'bin', path.basename(bin.pg_ctl)),
    initdb: path.join(copy, 'bin', path.basename(bin.initdb)),
    postgres: path.join(copy, 'bin', path.basename(bin.postgres)),
  };
  if (!canEnter(runAs, moved.initdb)) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user, who can run neither ${bin.initdb} nor its copy ${moved.initdb}. ` +
        `Check that ${cacheRoot} and the folders above it may be entered by others.`,
    );
  }
  log(
    `PostgreSQL's programs are below ${describeFolder(blocked)}, which the "postgres" user cannot enter: ` +
      `running their copy in ${copy}`,
  );
  return moved;
}

/** Copies under a temporary name, then renames: a copy cut short is never used; a racing process's copy wins. */
function copyOnce(native: string, copy: string, cacheRoot: string) {
  ensureRootFolder(cacheRoot);
  const partial = `${copy}.partial-${randomBytes(4).toString('hex')}`;
  try {
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    openToAll(partial);
    fs.renameSync(partial, copy);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(copy)) throw error;
  }
}

/** Readable (and, for programs and folders, runnable) by everyone, writable by root only, whatever the umask was. */
function openToAll(folder: string) {
  fs.chmodSync(folder, 0o755);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) openToAll(full);
    else if (entry.isFile()) fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}
