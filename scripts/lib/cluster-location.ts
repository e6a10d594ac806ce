/**
 * Where the embedded PostgreSQL of a data folder keeps its cluster: in `$DATA_DIR/postgres/cluster`, or, when
 * the user PostgreSQL runs as (as root, "postgres") cannot enter that folder (root's home and `mktemp -d` are
 * mode 700), in a folder of its own under /var/lib/street-luxe-store that `$DATA_DIR/postgres/cluster-location`
 * points to. We change no permission of the person's folders; everything but the cluster (the password,
 * uploads, outbox, secrets, backups) stays in the data folder
 * (docs/decisions/0011-postgres-outside-private-folders.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { blockingFolder, describeFolder, ensureRootFolder, type RunAs } from './postgres-access';

export const CLUSTERS_ROOT = '/var/lib/street-luxe-store';
/** In `$DATA_DIR/postgres`: the path of the cluster kept outside. */
export const POINTER_FILE = 'cluster-location';
/** In the outside folder: the data folder it belongs to, to tell a moved data folder from a copied one. */
const OWNER_FILE = 'data-dir';

type Log = (line: string) => void;

/** The cluster of the embedded PostgreSQL kept for `dir` (`$DATA_DIR/postgres`), wherever it lives. */
export function clusterDir(dir: string, root = CLUSTERS_ROOT): string {
  return pointedCluster(dir, root) ?? path.join(dir, 'cluster');
}

/** The outside cluster `dir` points to, or null. Only a `cluster` folder right under `root` is accepted. */
function pointedCluster(dir: string, root: string): string | null {
  let recorded: string;
  try {
    recorded = fs.readFileSync(path.join(dir, POINTER_FILE), 'utf8').trim();
  } catch {
    return null;
  }
  // The start empties a cluster folder that was never initialised: the pointer must not name just any folder.
  const home = path.dirname(recorded);
  const valid = path.normalize(recorded) === recorded && path.basename(recorded) === 'cluster';
  if (!valid || path.dirname(home) !== path.resolve(root)) {
    throw new Error(
      `${path.join(dir, POINTER_FILE)} names ${recorded}, which is not a cluster folder under ${root}. ` +
        'Delete the file to start this store on a new, empty database.',
    );
  }
  return recorded;
}

/**
 * The cluster folder to use for `dir`, chosen on its first start: inside it when `runAs` can enter it, else a
 * new folder under `root`. Throws when a cluster inside has become unreachable, or when `dir` is a copy of
 * another data folder whose cluster it names (two stores on one cluster would stop each other's server).
 */
export function placeCluster(dir: string, runAs: RunAs, log: Log, root = CLUSTERS_ROOT): string {
  const pointed = pointedCluster(dir, root);
  if (pointed) {
    claim(dir, pointed, root);
    log(`PostgreSQL keeps this store's data in ${pointed} (recorded in ${path.join(dir, POINTER_FILE)})`);
    reportLeftovers(root, log);
    return pointed;
  }
  const inside = path.join(dir, 'cluster');
  // `dir` itself is handed to the postgres user; the folders above it must let that user through.
  const blocked = blockingFolder(runAs, path.dirname(dir));
  if (!blocked) return inside;
  if (fs.existsSync(path.join(inside, 'PG_VERSION'))) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user and cannot enter ${describeFolder(blocked)}, above this store's data ` +
        `in ${inside}. Let that user pass through (and nothing more) with: setfacl -m u:postgres:x ${blocked}` +
        `   (Debian package "acl"), or: chmod o+x ${blocked}`,
    );
  }
  ensureRootFolder(root);
  const home = path.join(root, `${label(dir)}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(home, { mode: 0o755 });
  fs.chmodSync(home, 0o755);
  const cluster = path.join(home, 'cluster');
  fs.writeFileSync(path.join(dir, POINTER_FILE), cluster + '\n');
  fs.writeFileSync(path.join(home, OWNER_FILE), fs.realpathSync(dir) + '\n');
  log(
    `PostgreSQL runs as the "postgres" user, who cannot enter ${describeFolder(blocked)}: its data goes to ` +
      `${cluster} (recorded in ${path.join(dir, POINTER_FILE)}; no permission was changed)`,
  );
  reportLeftovers(root, log);
  return cluster;
}

/** Deletes the outside folder holding the cluster of `dir`, if any: for harnesses removing a temporary data folder. */
export function removeOutsideCluster(dir: string, root = CLUSTERS_ROOT): void {
  const cluster = pointedCluster(dir, root);
  if (cluster) fs.rmSync(path.dirname(cluster), { recursive: true, force: true });
}

/** "root-store-data" for /root/store/data/postgres: tells the owner which store an outside folder serves. */
function label(dir: string): string {
  const parts = fs.realpathSync(dir).split(path.sep).filter(Boolean).slice(0, -1);
  return (
    parts
      .join('-')
      .replace(/[^\w.-]+/g, '_')
      .slice(-40) || 'data'
  ).replace(/^[.-]+/, '');
}

function claim(dir: string, cluster: string, root: string) {
  const home = path.dirname(cluster);
  const ownerFile = path.join(home, OWNER_FILE);
  const here = fs.realpathSync(dir);
  let owner = '';
  try {
    owner = fs.readFileSync(ownerFile, 'utf8').trim();
  } catch {
    /* a new folder, or one removed by hand: this data folder claims it */
  }
  if (owner === here) return;
  if (owner && ownsCluster(owner, cluster, root)) {
    throw new Error(
      `${dir} is a copy of ${owner}: both name the PostgreSQL data in ${cluster}, and two stores on one cluster ` +
        `would stop each other's database. To start this copy on a new, empty database, delete ` +
        path.join(dir, POINTER_FILE),
    );
  }
  // The data folder was moved (the pointer moved with it): it is the owner now.
  ensureRootFolder(root);
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  fs.writeFileSync(ownerFile, here + '\n');
}

function ownsCluster(dir: string, cluster: string, root: string): boolean {
  try {
    return pointedCluster(dir, root) === cluster;
  } catch {
    return false;
  }
}

/** Names the outside clusters whose data folder is gone, so the owner can delete them; never deletes data itself. */
function reportLeftovers(root: string, log: Log) {
  const left: string[] = [];
  for (const name of fs.readdirSync(root)) {
    const home = path.join(root, name);
    let owner: string;
    try {
      owner = fs.readFileSync(path.join(home, OWNER_FILE), 'utf8').trim();
    } catch {
      continue;
    }
    if (!ownsCluster(owner, path.join(home, 'cluster'), root)) left.push(home);
  }
  if (left.length > 0) {
    log(
      `PostgreSQL data of data folders that no longer exist is still kept in: ${left.join(', ')}. ` +
        'Delete those folders if you do not need them.',
    );
  }
}
