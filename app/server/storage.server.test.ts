import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { assertValidKey, InvalidStorageKeyError, LocalDiskStorage } from './storage.server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
const store = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const textOf = async (body: Readable) => Buffer.concat(await body.toArray()).toString('utf8');

describe('LocalDiskStorage', () => {
  it('puts, finds, reads and deletes a file under its root', async () => {
    const key = 'products/1732212345_linen-shirt-640.webp';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await store.exists(key)).toBe(true);
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('bytes');
    expect(fs.readdirSync(path.join(root, 'products'))).toEqual(['1732212345_linen-shirt-640.webp']);
    const object = await store.get(key);
    expect(object).toMatchObject({ contentType: 'image/webp', length: 5 });
    expect(await textOf(object!.body)).toBe('bytes');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('overwrites an existing file', async () => {
    await store.put('hero/a.webp', Buffer.from('one'), 'image/webp');
    await store.put('hero/a.webp', Buffer.from('two'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'hero/a.webp'), 'utf8')).toBe('two');
  });

  it('finds no object where a folder is, or under a file', async () => {
    await store.put('hero/b.webp', Buffer.from('b'), 'image/webp');
    expect(await store.get('hero')).toBeNull();
    expect(await store.exists('hero')).toBe(false);
    expect(await store.get('hero/b.webp/c.webp')).toBeNull();
    expect(await store.exists('hero/b.webp/c.webp')).toBe(false);
  });

  it('deletes a folder and only that folder', async () => {
    await store.put('collections/1-320.webp', Buffer.from('x'), 'image/webp');
    await store.put('collections/nested/2-320.webp', Buffer.from('x'), 'image/webp');
    await store.put('collections-old/1-320.webp', Buffer.from('x'), 'image/webp');
    await store.deleteFolder('collections');
    expect(fs.existsSync(path.join(root, 'collections'))).toBe(false);
    expect(await store.exists('collections-old/1-320.webp')).toBe(true);
    await expect(store.deleteFolder('collections')).resolves.toBeUndefined();
  });

  it.each([
    '../escape.webp',
    'products/../../escape.webp',
    '/etc/passwd',
    'products//a.webp',
    'products/.hidden',
    'products\\..\\a.webp',
    '..',
    '',
    'products/a b.webp',
    'products/%2e%2e/a.webp',
    'products/a.webp\0',
  ])('refuses the key %j', async (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidStorageKeyError);
    await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.deleteFolder(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('never wrote outside its root', () => {
    expect(fs.existsSync(path.join(root, '..', 'escape.webp'))).toBe(false);
  });
});
