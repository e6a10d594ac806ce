/**
 * Decision 0009, against a running store (the production build, as `npm start` serves it): a page carries every
 * security header; a built script, which the browser fetches for each page on a phone's slow link, carries only the
 * ones a file obeys (nosniff, Cross-Origin-Resource-Policy), not those that only a document reads, nor validators
 * it never needs (decision 0048).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { createProduct } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

const root = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/store-file-headers-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = `${dir}/tests`;
  return dir;
});
let store: StoreProcess;
let origin = '';

/** Headers only a document obeys: framing, opener, referrer and the old browsers' ones. */
const DOCUMENT_ONLY = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

beforeAll(async () => {
  // A product of its own, so the start does not seed the demo catalog into this file's database.
  const product = await createProduct();
  expect(product.id).toBeTruthy();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  store = await startStore(
    {
      DATA_DIR: path.join(root, 'store'),
      DATABASE_URL: process.env.DATABASE_URL!,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'warn',
    },
    port,
  );
}, 180_000);

afterAll(() => {
  if (store && store.child.exitCode === null) store.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('security headers by kind of response', () => {
  it('sends a page every security header, and its scripts only nosniff and the resource policy', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    for (const name of [...DOCUMENT_ONLY, 'x-content-type-options', 'cross-origin-resource-policy'])
      expect(page.headers.get(name), name).not.toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const script = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0];
    expect(script).toBeTruthy();
    const file = await fetch(`${origin}${script}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of DOCUMENT_ONLY) expect(file.headers.get(name), name).toBeNull();
    // A hashed file is kept a year and never revalidated (decision 0048): no validators to send with each script.
    expect(file.headers.get('cache-control')).toContain('immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(file.headers.get(name), name).toBeNull();
  });

  it('keeps every header on a page whose path only looks like a file’s folder', async () => {
    const answer = await fetch(`${origin}/assetsx`);
    expect(answer.headers.get('x-frame-options')).not.toBeNull();
  });
});
