/**
 * A machine-wide cache of the demo pictures' WebP files, keyed by a hash of the drawing (SVG text)
 * and encoder settings. Every fresh database (each end-to-end run, each `--force`) would otherwise
 * draw and encode the same pictures again; with the cache, seeding copies files. Best effort: any
 * cache failure just means drawing again. DEMO_PICTURE_CACHE=off disables it, or names another folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredImage } from '~/lib/images';
import type { Storage } from '~/server/storage.server';

/** Bump when storeImage's output changes in a way the SVG text does not capture. */
const VERSION = 'webp-q76-e2-v1';

type Entry = { width: number; height: number; widths: number[] };

export class PictureCache {
  private readonly dir: string | null;

  constructor(setting = process.env.DEMO_PICTURE_CACHE) {
    this.dir =
      setting === 'off'
        ? null
        : path.resolve(setting || path.join(import.meta.dirname, '../../node_modules/.cache/demo-pictures'));
  }

  hash(svg: string): string {
    return createHash('sha256').update(`${VERSION}\n${svg}`).digest('hex').slice(0, 24);
  }

  /** The cached variants copied into `store` under a new key, or null when the picture is not cached. */
  async restore(hash: string, newKey: () => Promise<string>, store: Storage): Promise<Omit<StoredImage, 'alt'> | null> {
    if (!this.dir) return null;
    let entry: Entry;
    let files: Buffer[];
    try {
      entry = JSON.parse(await fs.readFile(path.join(this.dir, `${hash}.json`), 'utf8')) as Entry;
      files = await Promise.all(entry.widths.map((w) => fs.readFile(path.join(this.dir!, `${hash}-${w}.webp`))));
    } catch {
      return null;
    }
    const key = await newKey();
    await Promise.all(entry.widths.map((w, i) => store.put(`${key}-${w}.webp`, files[i], 'image/webp')));
    return { key, width: entry.width, height: entry.height, widths: entry.widths };
  }

  /** A storage that also keeps a copy of every variant written, for `commit` to seal. */
  tee(hash: string, store: Storage): Storage {
    const dir = this.dir;
    return {
      put: async (key, bytes, contentType) => {
        await store.put(key, bytes, contentType);
        const width = /-(\d+)\.webp$/.exec(key)?.[1];
        if (dir && width) await writeQuietly(path.join(dir, `${hash}-${width}.webp`), bytes);
      },
      get: (key) => store.get(key),
      delete: (key) => store.delete(key),
      exists: (key) => store.exists(key),
      deleteFolder: (folder) => store.deleteFolder(folder),
    };
  }

  /** Written last: an entry without its json is never read, so a half-written entry is harmless. */
  async commit(hash: string, image: StoredImage): Promise<void> {
    if (!this.dir) return;
    const entry: Entry = { width: image.width, height: image.height, widths: image.widths };
    await writeQuietly(path.join(this.dir, `${hash}.json`), Buffer.from(JSON.stringify(entry)));
  }
}

async function writeQuietly(file: string, bytes: Buffer) {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}
