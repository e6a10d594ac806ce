/**
 * /media from both backends, through a real Express app on a free port: a bucket on a real S3-compatible server
 * (storage/s3-test-server.ts) and a local folder. After /media the app answers everything with "app", so a request
 * that fell through would show. Needs no database.
 */
import express from 'express';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '~/server/storage/s3-test-server';
import { LocalDiskStorage, S3Storage, storageFor, type Storage } from '~/server/storage.server';
import { MEDIA_CACHE_CONTROL, mediaFiles, mediaKeyOf } from './media-files';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One raw request: unlike fetch, node:http sends `..` and `%2e%2e` exactly as written. */
function send(port: number, pathname: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const servers: http.Server[] = [];
const folders: string[] = [];
let s3: TestS3;
let s3Store: S3Storage;
let webp: Buffer;

/** An app with /media over `store`, then the app itself: what server/app.ts does. */
async function serve(store: Storage): Promise<number> {
  const app = express();
  app.use('/media', mediaFiles(store));
  app.use((_req, res) => {
    res.send('app');
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  webp = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#14213d' } })
    .webp()
    .toBuffer();
  s3 = await startTestS3();
  s3Store = storageFor(s3.storageUrl()) as S3Storage;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await s3Store?.close();
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const MISSING_OR_INVALID = [
  '/media/products/missing-320.webp',
  '/media/../package.json',
  '/media/products/../../package.json',
  '/media/products/%2e%2e/%2e%2e/package.json',
  '/media/%2e%2e%2fpackage.json',
  '/media/products/.hidden',
  '/media/products//1_shirt-320.webp',
  '/media/products/',
  '/media/products',
  '/media/',
  '/media',
  '/media/%E0%A4%A',
  '/media/products%5c1_shirt-320.webp',
];

function expectProtected(answer: Answer) {
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

function expectMediaRules(name: string, setUp: () => Promise<{ port: number }>) {
  describe(name, () => {
    let port: number;
    beforeAll(async () => {
      ({ port } = await setUp());
    });

    it('serves a stored picture, immutable for a year, never sniffed, running nothing', async () => {
      const answer = await send(port, '/media/products/1_shirt-320.webp');
      expect(answer.status).toBe(200);
      expect(answer.body.equals(webp)).toBe(true);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.headers['content-length']).toBe(String(webp.length));
      expect(answer.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(MEDIA_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
      expectProtected(answer);
      expect(answer.headers.etag).toBeTruthy();
    });

    it('answers a revalidation with 304 and HEAD with the headers alone', async () => {
      const { headers } = await send(port, '/media/products/1_shirt-320.webp');
      const again = await send(port, '/media/products/1_shirt-320.webp', {
        headers: { 'If-None-Match': String(headers.etag) },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const head = await send(port, '/media/products/1_shirt-320.webp', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    });

    it.each(MISSING_OR_INVALID)('answers %s with a 404 of its own, never the app', async (pathname) => {
      const answer = await send(port, pathname);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toBe('app');
      expect(answer.headers['cache-control']).toBeUndefined();
      expectProtected(answer);
    });

    it('refuses other methods', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await send(port, '/media/products/1_shirt-320.webp', { method });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD');
      }
      expect((await send(port, '/media/products/1_shirt-320.webp')).status).toBe(200);
    });
  });
}

expectMediaRules('mediaFiles over an S3 bucket', async () => {
  await s3Store.put('products/1_shirt-320.webp', webp, 'image/webp');
  return { port: await serve(s3Store) };
});

expectMediaRules('mediaFiles over the local folder', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-files-'));
  folders.push(folder);
  // Files above the store's folder: what `..` would reach if it were let through.
  fs.mkdirSync(path.join(folder, 'media'));
  for (const above of [folder, path.join(folder, 'media')])
    fs.writeFileSync(path.join(above, 'package.json'), '{"secret": true}');
  const store = new LocalDiskStorage(path.join(folder, 'media', 'uploads'));
  await store.put('products/1_shirt-320.webp', webp, 'image/webp');
  return { port: await serve(store) };
});

describe('mediaFiles, backend by backend', () => {
  it('keeps byte ranges on local disk (express.static)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-files-'));
    folders.push(folder);
    const store = new LocalDiskStorage(folder);
    await store.put('hero/range.webp', webp, 'image/webp');
    const answer = await send(await serve(store), '/media/hero/range.webp', { headers: { Range: 'bytes=0-9' } });
    expect(answer.status).toBe(206);
    expect(answer.body.equals(webp.subarray(0, 10))).toBe(true);
  });

  it('streams an S3 object through the store, not by redirect', async () => {
    const port = await serve(s3Store);
    const before = s3.requests.length;
    const answer = await send(port, '/media/products/1_shirt-320.webp');
    expect(answer.status).toBe(200);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers.etag).toBe((await s3Store.get('products/1_shirt-320.webp'))?.etag);
    // One GET of the object for the answer, one for the ETag just compared; nothing else went to the bucket.
    expect(s3.requests.slice(before).map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('answers 503, kept by no cache, when the bucket cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = storageFor(
      `s3://media?endpoint=http://127.0.0.1:${deadPort}&region=us-east-1&forcePathStyle=true`,
    ) as S3Storage;
    try {
      const answer = await send(await serve(unreachable), '/media/products/1_shirt-320.webp');
      expect(answer.status).toBe(503);
      expect(answer.headers['cache-control']).toBe('no-store');
      expectProtected(answer);
    } finally {
      await unreachable.close();
    }
  });
});

describe('mediaKeyOf', () => {
  it('decodes the path into a storage key, or null', () => {
    expect(mediaKeyOf('/products/1_shirt-320.webp')).toBe('products/1_shirt-320.webp');
    expect(mediaKeyOf('/products/1%5Fshirt-320.webp')).toBe('products/1_shirt-320.webp');
    for (const pathname of ['/', '/..', '/a/%2e%2e/b', '/%ZZ', '/a b', '/a\\b'])
      expect(mediaKeyOf(pathname)).toBeNull();
  });
});
