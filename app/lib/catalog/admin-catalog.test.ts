import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  applyImageIntent,
  collectionSchema,
  cutText,
  CATALOG_MESSAGES,
  displayFileName,
  imageInputValue,
  parseImageIntent,
  parseStoredImage,
  UPLOAD_MESSAGES,
} from './admin-catalog';
import { deleteSchema } from '../admin/admin-crud';
import type { StoredImage } from '../images';

const image = (n: number): StoredImage => ({
  key: `products/17000000000${n}_shirt`,
  width: 1000,
  height: 1250,
  widths: [320, 640, 960],
});

describe('messages', () => {
  it('keeps the words of docs/requirements.md#14-messages', () => {
    expect(CATALOG_MESSAGES.saveProduct).toBe('Error saving product. Please try again.');
    expect(CATALOG_MESSAGES.saveCollection).toBe('Error saving collection. Please try again.');
    expect(CATALOG_MESSAGES.deleteProduct).toBe('Error deleting product. Please try again.');
    expect(CATALOG_MESSAGES.deleteCollection).toBe('Error deleting collection. Please try again.');
    expect(CATALOG_MESSAGES.confirmDeleteProduct).toBe('Are you sure you want to delete this product?');
    expect(CATALOG_MESSAGES.confirmDeleteCollection).toBe('Are you sure you want to delete this collection?');
  });

  it('names the file that is too large or not an image', () => {
    expect(UPLOAD_MESSAGES.tooLarge('big.jpg')).toBe(
      '"big.jpg" is larger than 10MB. Please choose an image of up to 10MB.',
    );
    expect(UPLOAD_MESSAGES.notImage('notes.png', 'Not an image.')).toBe('"notes.png" was not uploaded. Not an image.');
    expect(displayFileName('C:\\photos\\shirt.jpg')).toBe('shirt.jpg');
    expect(displayFileName('')).toBe('image');
  });
});

describe('stored images in hidden inputs', () => {
  it('round-trips an image and refuses anything else', () => {
    expect(parseStoredImage(imageInputValue(image(1)), 'products')).toEqual(image(1));
    expect(parseStoredImage(imageInputValue(image(1)), 'collections')).toBeNull();
    expect(parseStoredImage(JSON.stringify({ ...image(1), key: 'products/../../etc/passwd' }), 'products')).toBeNull();
    expect(parseStoredImage(JSON.stringify({ ...image(1), widths: [123] }), 'products')).toBeNull();
    expect(parseStoredImage('not json', 'products')).toBeNull();
  });

  it('moves and removes images as the buttons say', () => {
    expect(parseImageIntent('image-up:2')).toEqual({ op: 'up', index: 2 });
    expect(parseImageIntent('image-sideways:2')).toBeNull();
    expect(applyImageIntent(['a', 'b', 'c'], { op: 'up', index: 2 })).toEqual(['a', 'c', 'b']);
    expect(applyImageIntent(['a', 'b', 'c'], { op: 'down', index: 0 })).toEqual(['b', 'a', 'c']);
    expect(applyImageIntent(['a', 'b', 'c'], { op: 'up', index: 0 })).toEqual(['a', 'b', 'c']);
    expect(applyImageIntent(['a', 'b', 'c'], { op: 'down', index: 2 })).toEqual(['a', 'b', 'c']);
    expect(applyImageIntent(['a', 'b', 'c'], { op: 'remove', index: 1 })).toEqual(['a', 'c']);
    expect(applyImageIntent(['a'], { op: 'remove', index: 5 })).toEqual(['a']);
  });
});

describe('small rules', () => {
  it('cuts list descriptions, with an ellipsis only if there was more (even if the next character is a space)', () => {
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText('abc d', 3)).toBe('abc…');
    expect(cutText('ab cd', 3)).toBe('ab…');
    expect(cutText('😀😀😀😀', 2)).toBe('😀😀…');
  });

  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    return data;
  };

  it('reads a delete post: not a delete fails on its intent, a malformed id on the id', () => {
    const read = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: deleteSchema });
    const confirmed = read({ intent: 'delete', id: 'abcdefghijklmn', confirmed: 'yes', back: 'q=x' });
    expect(confirmed.status === 'success' && confirmed.value).toEqual({
      intent: 'delete',
      id: 'abcdefghijklmn',
      confirmed: true,
      back: 'q=x',
    });
    const asking = read({ intent: 'delete', id: 'abcdefghijklmn' });
    expect(asking.status === 'success' && asking.value).toMatchObject({ confirmed: false, back: '' });
    const archive = read({ intent: 'archive', id: 'abcdefghijklmn' });
    expect(archive.status !== 'success' && Object.keys(archive.error ?? {})).toEqual(['intent']);
    const path = read({ intent: 'delete', id: '../etc' });
    expect(path.status !== 'success' && Object.keys(path.error ?? {})).toEqual(['id']);
  });

  it('reads the collection form: trimmed, a ticked box is featured, a blank field named with its message', () => {
    const read = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: collectionSchema });
    const saved = read({ name: ' Basics ', description: 'Everyday', featured: 'on' });
    expect(saved.status === 'success' && saved.value).toEqual({
      name: 'Basics',
      description: 'Everyday',
      featured: true,
      dropsAt: null,
    });
    // A drop's opening, typed in Lagos time (decision 0036).
    const dropping = read({ name: 'Drop', description: 'Soon', dropsAt: '2026-12-12T18:00' });
    expect(dropping.status === 'success' && dropping.value.dropsAt).toEqual(new Date('2026-12-12T17:00:00Z'));
    const unticked = read({ name: 'Tee', description: 'Soft' });
    expect(unticked.status === 'success' && unticked.value.featured).toBe(false);
    const blank = read({ name: '', description: ' ' });
    expect(blank.status !== 'success' && blank.error).toEqual({
      name: ['Please enter a name.'],
      description: ['Please enter a description.'],
    });
  });
});
