/**
 * Where image files live, behind one interface so callers (media.server.ts, the seed, /media) never know which
 * store holds them: local disk under `$DATA_DIR/uploads` by default, or an S3-compatible bucket when STORAGE_URL
 * names one (docs/decisions/0017-object-storage.md). Each backend is in storage/.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { env } from './env.server';
import { LocalDiskStorage } from './storage/local-disk.server';
import { S3Storage } from './storage/s3-storage.server';
import { parseStorageUrl } from './storage/storage-url.server';

export { assertValidKey, InvalidStorageKeyError, isValidKey } from './storage/keys.server';
export { LocalDiskStorage } from './storage/local-disk.server';
export { S3Storage } from './storage/s3-storage.server';

/** A stored file being read. Whoever gets one must read `body` to the end or destroy it (it holds a connection). */
export type StoredObject = {
  body: Readable;
  contentType: string;
  /** Bytes, when the store says. */
  length?: number;
  /** The store's own validator (S3's quoted MD5), when it has one. */
  etag?: string;
  lastModified?: Date;
};

/** Every method checks its key with assertValidKey before touching anything. */
export interface Storage {
  /** Writes the whole file; a reader never sees a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes every file under `folder/` (the seed's `--force`); a missing folder is not an error. */
  deleteFolder(folder: string): Promise<void>;
}

/** The storage a STORAGE_URL value names (env.server.ts has already refused a malformed one at start). */
export function storageFor(url: string | undefined): Storage {
  const parsed = parseStorageUrl(url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.location.kind === 's3' ? new S3Storage(parsed.location) : new LocalDiskStorage(uploadsDir());
}

let instance: Storage | undefined;

/** The storage the app uses: the one STORAGE_URL names, local disk under `$DATA_DIR/uploads` by default. */
export function storage(): Storage {
  instance ??= storageFor(env().STORAGE_URL);
  return instance;
}

/** Forgets the storage chosen, so the next storage() follows STORAGE_URL again (tests that change it). */
export function resetStorage(): void {
  instance = undefined;
}

/** The local store's folder (and where a STORAGE_URL-less store keeps its pictures). */
export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads');
}
