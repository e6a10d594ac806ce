import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertValidKey, InvalidStorageKeyError, LocalDiskStorage } from './storage.server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
const store = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  it('puts, finds and deletes a file under its root', async () => {
    const key = 'products/1732212345_linen-shirt-640.webp';
    expect(await store.exists(key)).toBe(false);
    await store.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await store.exists(key)).toBe(true);
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('bytes');
    expect(fs.readdirSync(path.join(root, 'products'))).toEqual(['1732212345_linen-shirt-640.webp']);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('overwrites an existing file', async () => {
    await store.put('hero/a.webp', Buffer.from('one'), 'image/webp');
    await store.put('hero/a.webp', Buffer.from('two'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'hero/a.webp'), 'utf8')).toBe('two');
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
    await expect(store.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('never wrote outside its root', () => {
    expect(fs.existsSync(path.join(root, '..', 'escape.webp'))).toBe(false);
  });
});
