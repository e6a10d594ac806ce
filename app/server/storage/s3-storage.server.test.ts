/**
 * The S3 backend against a real S3-compatible server (s3-test-server.ts): no mock of the SDK, signatures checked,
 * the SDK's default checksums on. Needs no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, resetEnv } from '../env.server';
import { storeImage } from '../catalog/media.server';
import {
  InvalidStorageKeyError,
  LocalDiskStorage,
  resetStorage,
  S3Storage,
  storage,
  storageFor,
  uploadsDir,
} from '../storage.server';
import { startTestS3, type TestS3 } from './s3-test-server';

let s3: TestS3;
let store: S3Storage;
const opened: S3Storage[] = [];

/** An S3Storage for a STORAGE_URL, closed after the file. */
function open(url: string): S3Storage {
  const made = storageFor(url);
  if (!(made instanceof S3Storage)) throw new Error(`${url} did not make an S3Storage`);
  opened.push(made);
  return made;
}

const bytesOf = async (body: Readable) => Buffer.concat(await body.toArray());

beforeAll(async () => {
  s3 = await startTestS3();
  store = open(s3.storageUrl());
});

afterAll(async () => {
  await Promise.all(opened.map((each) => each.close()));
  await s3?.close();
});

describe('S3Storage', () => {
  it('puts, reads, finds and deletes an object', async () => {
    const key = 'products/1732212345_linen-shirt-640.webp';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await store.exists(key)).toBe(true);
    const object = await store.get(key);
    expect(object).toMatchObject({ contentType: 'image/webp', length: 5, etag: expect.stringMatching(/^".+"$/) });
    expect(object!.lastModified).toBeInstanceOf(Date);
    expect((await bytesOf(object!.body)).toString()).toBe('bytes');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('overwrites an object whole', async () => {
    await store.put('hero/a.webp', Buffer.from('one'), 'image/webp');
    await store.put('hero/a.webp', Buffer.from('two, longer'), 'image/webp');
    expect((await bytesOf((await store.get('hero/a.webp'))!.body)).toString()).toBe('two, longer');
  });

  it('keeps to the folder STORAGE_URL names', async () => {
    const shop = open(s3.storageUrl({ folder: 'shop-a/' }));
    await shop.put('hero/b.webp', Buffer.from('b'), 'image/webp');
    expect(await shop.exists('hero/b.webp')).toBe(true);
    expect(await store.exists('shop-a/hero/b.webp')).toBe(true);
    expect(await store.exists('hero/b.webp')).toBe(false);
  });

  it('deletes a folder and only that folder', async () => {
    const keys = ['collections/1_a-320.webp', 'collections/1_a-640.webp', 'collections/2_b-320.webp'];
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/webp');
    await store.put('collections-old/1_a-320.webp', Buffer.from('x'), 'image/webp');
    await store.put('products/kept-320.webp', Buffer.from('x'), 'image/webp');
    await store.deleteFolder('collections');
    for (const key of keys) expect(await store.exists(key), key).toBe(false);
    expect(await store.exists('collections-old/1_a-320.webp')).toBe(true);
    expect(await store.exists('products/kept-320.webp')).toBe(true);
    await expect(store.deleteFolder('collections')).resolves.toBeUndefined();
  });

  it.each(['../escape.webp', 'products/../../escape.webp', '/etc/passwd', 'products//a.webp', '.hidden', '', 'a b'])(
    'refuses the key %j before sending any request',
    async (key) => {
      const fresh = open(s3.storageUrl());
      const before = s3.requests.length;
      await expect(fresh.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(InvalidStorageKeyError);
      await expect(fresh.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(fresh.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(fresh.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(fresh.deleteFolder(key)).rejects.toThrow(InvalidStorageKeyError);
      expect(s3.requests.length).toBe(before);
    },
  );

  it("works with the SDK's default checksums, and checksums=when_required leaves them out", async () => {
    const sentFor = (key: string, method: string) =>
      s3.requests.filter((request) => request.method === method && request.url.startsWith(`/media/${key}`)).at(-1);
    await store.put('products/sum-320.webp', Buffer.from('checked'), 'image/webp');
    expect((await bytesOf((await store.get('products/sum-320.webp'))!.body)).toString()).toBe('checked');
    // The SDK's default (when_supported): a CRC of every upload, and a request for the server's on every download.
    expect(sentFor('products/sum-320.webp', 'PUT')?.headers['x-amz-checksum-crc32']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sentFor('products/sum-320.webp', 'GET')?.headers['x-amz-checksum-mode']).toBe('ENABLED');

    const plain = open(s3.storageUrl({ options: 'checksums=when_required' }));
    await plain.put('products/plain-320.webp', Buffer.from('plain'), 'image/webp');
    expect((await bytesOf((await plain.get('products/plain-320.webp'))!.body)).toString()).toBe('plain');
    expect(sentFor('products/plain-320.webp', 'PUT')?.headers['x-amz-checksum-crc32']).toBeUndefined();
    expect(sentFor('products/plain-320.webp', 'GET')?.headers['x-amz-checksum-mode']).toBeUndefined();
    // DeleteObjects is one of the calls S3 requires a checksum for: still sent, still accepted.
    await plain.deleteFolder('products');
    expect(await plain.exists('products/plain-320.webp')).toBe(false);
  });

  it('signs with the credentials of the environment, which the server checks', async () => {
    const secret = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-secret';
    try {
      const wrong = open(s3.storageUrl());
      await expect(wrong.put('hero/c.webp', Buffer.from('c'), 'image/webp')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = secret;
    }
    expect(await store.exists('hero/c.webp')).toBe(false);
  });

  it('treats a missing bucket as an error, not as a missing picture', async () => {
    const nowhere = open(s3.storageUrl().replace('s3://media', 's3://no-such-bucket'));
    await expect(nowhere.get('hero/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(nowhere.put('hero/a.webp', Buffer.from('a'), 'image/webp')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});

describe('storage() and STORAGE_URL', () => {
  it('keeps local disk under $DATA_DIR/uploads when STORAGE_URL is unset or file:', () => {
    for (const url of [undefined, 'file:']) {
      const local = storageFor(url);
      expect(local).toBeInstanceOf(LocalDiskStorage);
      expect((local as LocalDiskStorage).root).toBe(path.resolve(uploadsDir()));
    }
  });

  it('sends the WebP variants of an upload to the bucket STORAGE_URL names', async () => {
    process.env.STORAGE_URL = s3.storageUrl({ folder: 'app' });
    resetEnv();
    resetStorage();
    try {
      expect(storage()).toBeInstanceOf(S3Storage);
      opened.push(storage() as S3Storage);
      const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#b4283c' } })
        .png()
        .toBuffer();
      const image = await storeImage(png, { folder: 'products', filename: 'Linen Shirt.png' });
      expect(image.widths).toEqual([320, 640]);
      for (const w of image.widths) {
        const object = await store.get(`app/${image.key}-${w}.webp`);
        expect(object?.contentType).toBe('image/webp');
        const meta = await sharp(await bytesOf(object!.body)).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: w });
        expect(fs.existsSync(path.join(env().dataDir, 'uploads', `${image.key}-${w}.webp`))).toBe(false);
      }
    } finally {
      delete process.env.STORAGE_URL;
      resetEnv();
      resetStorage();
    }
  });
});
