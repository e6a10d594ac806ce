/**
 * Where image files live. The app only needs put/delete/exists by key; the default keeps files on
 * local disk under `$DATA_DIR/uploads`, which server.ts serves at `/media/`. Another backend (an
 * object store) can implement the same interface later without touching callers.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { env } from './env.server';

export interface Storage {
  /** Writes the whole file; a reader never sees a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the file; deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Segments of letters, digits, '.', '_' and '-', not starting with a dot: no "..", no hidden files,
// no absolute paths, no backslashes or other characters a file system or URL would treat specially.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws unless `key` is a safe relative path like `products/1732212345_linen-shirt-640.webp`. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(String(key));
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) throw new InvalidStorageKeyError(key);
}

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

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

let instance: Storage | undefined;

/** The storage the app uses: local disk under `$DATA_DIR/uploads`. */
export function storage(): Storage {
  instance ??= new LocalDiskStorage(uploadsDir());
  return instance;
}

export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads');
}
