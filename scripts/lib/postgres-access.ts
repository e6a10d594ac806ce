/**
 * What the user PostgreSQL runs as may reach. As root, the embedded PostgreSQL runs as the `postgres` system
 * user (scripts/lib/embedded-postgres.ts), so its programs and its cluster must sit below folders that user may
 * enter. We ask the system as that user rather than read mode bits, so group rights and ACLs count exactly as
 * they will when PostgreSQL runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The user PostgreSQL runs as; empty when it runs as we do (we are not root). */
export type RunAs = { uid?: number; gid?: number };

/** True when `runAs` may pass through every folder above `target` and enter (or run) `target` itself. */
export function canEnter(runAs: RunAs, target: string): boolean {
  if (runAs.uid === undefined) return true;
  return spawnSync('test', ['-x', target], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' }).status === 0;
}

/** The first folder on the way to `target` that `runAs` may not enter (or `target` itself); null when reachable. */
export function blockingFolder(runAs: RunAs, target: string): string | null {
  const full = path.resolve(target);
  if (canEnter(runAs, full)) return null;
  const parts = full.split(path.sep).filter(Boolean);
  for (let depth = 0; depth < parts.length; depth++) {
    const folder = path.sep + parts.slice(0, depth).join(path.sep);
    if (!canEnter(runAs, folder)) return folder;
  }
  return full;
}

/** "/root (mode 700)", for messages. */
export function describeFolder(folder: string): string {
  try {
    return `${folder} (mode ${(fs.statSync(folder).mode & 0o777).toString(8)})`;
  } catch {
    return folder;
  }
}

/**
 * Makes (or checks) one of our own folders under /var: root's, open to read and enter, writable by no one else.
 * A folder that others could write to would let them swap the programs or data PostgreSQL is given.
 */
export function ensureRootFolder(folder: string): void {
  const created = fs.mkdirSync(folder, { recursive: true, mode: 0o755 });
  // mkdir's mode is masked by the umask; ours must be enterable whatever root's umask is.
  if (created) fs.chmodSync(folder, 0o755);
  const stat = fs.statSync(folder);
  const owner = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
  if (stat.uid !== owner || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `${describeFolder(folder)} must belong to ${owner === 0 ? 'root' : 'this user'} and be writable by no one ` +
        `else before PostgreSQL's files are kept in it. Fix it with: chown ${owner} ${folder} && chmod go-w ${folder}`,
    );
  }
}
