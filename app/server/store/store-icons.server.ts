/**
 * The web app manifest and its icons (docs/decisions/0043-installable-store.md): the store's name and colours from
 * its settings, and PNG icons of 192 and 512 px made with sharp from the store's logo, or a monogram of the store's
 * initial (white on the ink colour) while it has none. Icons are made once per size and source, then kept in memory.
 */
import sharp from 'sharp';
import type { StoreIdentity } from '~/lib/store/store-identity';
import { logoBytes, storeIdentity } from './store-identity.server';

/** The sizes a browser needs to offer the install: 192 px for the home screen, 512 px for the splash screen. */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** The storefront's colours (app/app.css: --color-ink, --color-paper). */
export const THEME_COLOUR = '#111111';
export const BACKGROUND_COLOUR = '#ffffff';

/** What an icon is made from: the logo's bytes, or none (then the store name's initial). */
export type IconSource = { name: string; logo: Buffer | null };

/** The store's initial for the monogram: its first letter or digit, upper case; "S" for a name without one. */
export function monogramLetter(name: string): string {
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0];
  return letter ? letter.toLocaleUpperCase('en') : 'S';
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A square of the ink colour with the initial in white, in the middle: the safe zone of a maskable icon. */
function monogramSvg(letter: string, size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${THEME_COLOUR}"/>` +
    '<text x="50" y="50" dy="0.35em" text-anchor="middle"' +
    ' font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"' +
    ` font-weight="700" font-size="52" fill="${BACKGROUND_COLOUR}">${escapeXml(letter)}</text></svg>`
  );
}

/**
 * A PNG icon of `size` px: the logo fitted inside a square of the background colour with a margin (so a round mask
 * does not cut it), or the monogram.
 */
export async function iconPng(source: IconSource, size: IconSize): Promise<Buffer> {
  if (!source.logo)
    return sharp(Buffer.from(monogramSvg(monogramLetter(source.name), size)))
      .png()
      .toBuffer();
  const inner = Math.round(size * 0.8);
  const logo = await sharp(source.logo)
    .resize(inner, inner, { fit: 'contain', background: BACKGROUND_COLOUR })
    .flatten({ background: BACKGROUND_COLOUR })
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: BACKGROUND_COLOUR } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** The icons' version: it changes with the logo, or with the store's initial while there is none. */
function iconVersion({ name, logo }: StoreIdentity): string {
  return logo
    ? `l-${encodeURIComponent(logo.key.replace(/^brand\//, ''))}`
    : `m-${encodeURIComponent(monogramLetter(name))}`;
}

const made = new Map<string, Promise<Buffer>>();

/**
 * The icon of this size for the current settings; made once per version and size. The logo's file is read from
 * storage only then; a logo whose file is missing gives the monogram.
 */
export async function storeIcon(size: IconSize): Promise<Buffer> {
  const identity = await storeIdentity();
  const key = `${iconVersion(identity)}:${size}`;
  let png = made.get(key);
  if (!png) {
    png = logoBytes(identity.logo).then((logo) => iconPng({ name: identity.name, logo: logo?.bytes ?? null }, size));
    made.set(key, png);
    png.catch(() => made.delete(key));
  }
  return png;
}

/** The web app manifest of the store (https://www.w3.org/TR/appmanifest/). */
export async function webAppManifest() {
  const identity = await storeIdentity();
  const name = identity.name.trim() || 'Store';
  const version = iconVersion(identity);
  return {
    id: '/',
    name,
    short_name: name.length <= 12 ? name : name.split(/\s+/)[0]!.slice(0, 12),
    lang: 'en-NG',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICON_SIZES.map((size) => ({
      src: `/icons/${size}.png?v=${version}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any maskable',
    })),
  };
}
