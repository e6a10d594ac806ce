/**
 * The default storage: files under one folder ($DATA_DIR/uploads), served at /media by express.static
 * (server/middleware/media-files.ts), which brings ETags and ranges for free.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage, StoredObject } from '../storage.server';
import { assertValidKey, InvalidStorageKeyError } from './keys.server';

/** What express.static would say for the extensions the store writes; anything else is plain bytes. */
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A file that is not there, or a path through a file (ENOTDIR): no object under that key. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute file path of a key, refusing anything that would land outside the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Write beside the target and rename: rename is atomic, so /media never serves a partial file.
    const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, full);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const full = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(full, 'r');
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      // A folder opens too (products/): it is not an object.
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // The open handle keeps reading the file it opened even if a put renames a new one over it meanwhile.
      return {
        body: handle.createReadStream(),
        contentType: contentTypeOf(key),
        length: stats.size,
        lastModified: stats.mtime,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return false;
      throw error;
    }
  }

  async deleteFolder(folder: string): Promise<void> {
    await fs.rm(this.pathOf(folder), { recursive: true, force: true });
  }
}
