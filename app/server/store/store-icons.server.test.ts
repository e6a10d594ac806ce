/** The manifest's icons (decision 0043): the store's initial without a logo, the logo fitted in a square with one. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storage } from '~/server/storage.server';
import { createUser } from '../../../tests/factories';
import { getSettings } from './settings.server';
import { iconPng, monogramLetter, storeIcon, webAppManifest } from './store-icons.server';
import { setLogo } from './store-identity.server';

const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};

describe('monogramLetter', () => {
  it('takes the first letter or digit of the name, upper case, and S for a name without one', () => {
    expect(monogramLetter('maison placeholder')).toBe('M');
    expect(monogramLetter('  42 Lagos')).toBe('4');
    expect(monogramLetter('ébène')).toBe('É');
    expect(monogramLetter(' -- ')).toBe('S');
  });
});

describe('iconPng', () => {
  it('draws the initial in white on the ink colour without a logo', async () => {
    const png = await iconPng({ name: 'Maison', logo: null }, 192);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 192, 192]);
    expect(await pixel(png, 2, 2)).toEqual([17, 17, 17]);
    // The letter is there: the image has white in it.
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.max).toBe(255);
  });

  it('fits a wide logo inside a white square with a margin', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#cc0000' } })
      .webp()
      .toBuffer();
    const png = await iconPng({ name: 'Maison', logo }, 512);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect(await pixel(png, 256, 256)).toEqual([204, 0, 0]);
    expect(await pixel(png, 10, 256)).toEqual([255, 255, 255]);
    expect(await pixel(png, 256, 10)).toEqual([255, 255, 255]);
  });
});

describe('webAppManifest', () => {
  it("names the store from its settings, standalone, with the icons versioned by the store's initial", async () => {
    const { storeName } = await getSettings();
    const manifest = await webAppManifest();
    expect(manifest).toMatchObject({ name: storeName, display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.icons.map((icon) => icon.src)).toEqual([
      `/icons/192.png?v=m-${monogramLetter(storeName)}`,
      `/icons/512.png?v=m-${monogramLetter(storeName)}`,
    ]);
  });
});

describe('with a logo', () => {
  it('makes the icons from the logo, versioned by it, and from the initial again without it', async () => {
    const admin = await createUser({ admin: true });
    const actor = { id: admin.id, email: admin.email };
    const key = `brand/icon-test-${Date.now()}`;
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0044cc' } })
      .webp()
      .toBuffer();
    await storage().put(`${key}-400.webp`, logo, 'image/webp');
    await setLogo(actor, { key, width: 400, height: 400, widths: [400] });
    try {
      const manifest = await webAppManifest();
      expect(manifest.icons[0]!.src).toBe(`/icons/192.png?v=l-${encodeURIComponent(key.replace('brand/', ''))}`);
      const png = await storeIcon(192);
      expect(await pixel(png, 96, 96)).toEqual([0, 68, 204]);
    } finally {
      await setLogo(actor, null);
    }
    expect(await pixel(await storeIcon(192), 2, 2)).toEqual([17, 17, 17]);
  });
});
