import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidImageError, safeBaseName, storeImage, variantWidths } from './media.server';
import { LocalDiskStorage } from '../storage.server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
const store = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .png()
    .toBuffer();

describe('storeImage', () => {
  it('turns a PNG into WebP variants with the right dimensions', async () => {
    const stored = await storeImage(await png(1000, 1250), {
      folder: 'products',
      filename: 'Linen Shirt.PNG',
      alt: 'A shirt',
      storage: store,
    });
    expect(stored.key).toMatch(/^products\/\d{13}_linen-shirt$/);
    expect(stored).toMatchObject({ width: 1000, height: 1250, widths: [320, 640, 960], alt: 'A shirt' });
    for (const w of stored.widths) {
      const file = path.join(root, `${stored.key}-${w}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * 1250) / 1000));
    }
    expect(fs.existsSync(path.join(root, `${stored.key}-1280.webp`))).toBe(false);
  });

  it('keeps a small original at the smallest width without enlarging it', async () => {
    const stored = await storeImage(await png(200, 100), {
      folder: 'collections',
      filename: 'tiny.png',
      storage: store,
    });
    expect(stored.widths).toEqual([320]);
    const meta = await sharp(path.join(root, `${stored.key}-320.webp`)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
    expect(stored.alt).toBeUndefined();
  });

  it('applies EXIF orientation: width and height are those of the upright picture', async () => {
    const rotated = await sharp(await png(800, 400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await storeImage(rotated, { folder: 'products', filename: 'phone.jpg', storage: store });
    expect([stored.width, stored.height]).toEqual([400, 800]);
    const meta = await sharp(path.join(root, `${stored.key}-320.webp`)).metadata();
    expect([meta.width, meta.height]).toEqual([320, 640]);
  });

  it('gives two uploads of the same name distinct keys', async () => {
    const bytes = await png(400, 500);
    const [a, b] = await Promise.all([
      storeImage(bytes, { folder: 'products', filename: 'same.png', storage: store }),
      storeImage(bytes, { folder: 'products', filename: 'same.png', storage: store }),
    ]);
    expect(a.key).not.toBe(b.key);
  });

  it('refuses a text file renamed .jpg, and writes nothing', async () => {
    const before = fs.readdirSync(root, { recursive: true }).length;
    await expect(
      storeImage(Buffer.from('this is not a picture, just text'), {
        folder: 'products',
        filename: 'photo.jpg',
        storage: store,
      }),
    ).rejects.toBeInstanceOf(InvalidImageError);
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(before);
  });

  it('refuses SVG and truncated images', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(storeImage(svg, { folder: 'products', filename: 'x.svg', storage: store })).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    const jpeg = await sharp(await png(600, 600))
      .jpeg()
      .toBuffer();
    await expect(
      storeImage(jpeg.subarray(0, 400), { folder: 'products', filename: 'cut.jpg', storage: store }),
    ).rejects.toBeInstanceOf(InvalidImageError);
  });
});

describe('helpers', () => {
  it('makes file names safe for keys', () => {
    expect(safeBaseName('../../etc/Passwd.png')).toBe('passwd');
    expect(safeBaseName('Ça Va Été!!.jpeg')).toBe('ca-va-ete');
    expect(safeBaseName('.jpg')).toBe('image');
    expect(safeBaseName('C:\\Users\\me\\My Photo.JPG')).toBe('my-photo');
  });

  it('picks widths not larger than the original, at least the smallest', () => {
    expect(variantWidths(1200)).toEqual([320, 640, 960]);
    expect(variantWidths(1600)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(50)).toEqual([320]);
  });
});
