/**
 * Pictures with several pieces at once: the home page's hero slides (16:9, dark, moody) and the
 * collection covers (4:5, a styled group on a coloured backdrop).
 */
import type { Color } from '~/lib/catalog/catalog-constants';
import { GARMENTS, type Shape } from './garments';
import { palette, resetIds, SHARED_DEFS, type View } from './kit';
import { backdrop, floorShadow } from './scene';

export type Piece = { shape: Shape; color: Color; x: number; y: number; scale: number; view?: View; rotate?: number };

/** Places a garment (drawn around x=600, y=750 of its own frame) centred at (x, y) and scaled. */
function place(piece: Piece): string {
  const { shape, color, x, y, scale, view = 'front', rotate = 0 } = piece;
  return (
    `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale}) translate(-600 -750)">` +
    `${GARMENTS[shape].draw(palette(color), view)}</g>`
  );
}

const frame = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
  `viewBox="0 0 ${width} ${height}"><defs>${SHARED_DEFS}</defs>${body}</svg>`;

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 900;

/**
 * Dark studio, a spotlight from above right, the pieces grouped right of centre on a faint floor: pages
 * crop the picture to other shapes (taller on phones), so the group stays near the middle and the
 * text laid over the left keeps a darker ground.
 */
export function heroSvg(pieces: Piece[], glow: string): string {
  const W = HERO_WIDTH;
  const H = HERO_HEIGHT;
  resetIds();
  const shadows = pieces
    .map((piece) => floorShadow(Math.round(piece.x), 800, Math.round(300 * piece.scale), 22, 0.6))
    .join('');
  return frame(
    W,
    H,
    `<defs><radialGradient id="spot" cx="0.62" cy="0.3" r="0.7"><stop offset="0" stop-color="${glow}"/>` +
      `<stop offset="0.55" stop-color="#161617"/><stop offset="1" stop-color="#070707"/></radialGradient>\n` +
      `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#fff" stop-opacity="0.05"/></linearGradient>\n` +
      `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">` +
      `<stop offset="0" stop-color="#000" stop-opacity="0.55"/>` +
      `<stop offset="0.45" stop-color="#000" stop-opacity="0"/></linearGradient></defs>\n` +
      `<rect width="${W}" height="${H}" fill="url(#spot)"/>` +
      `<rect y="790" width="${W}" height="110" fill="url(#fl)"/>${shadows}${pieces.map(place).join('')}\n` +
      `<rect width="${W}" height="${H}" fill="url(#fade)"/>`,
  );
}

export const COLLECTION_WIDTH = 1200;
export const COLLECTION_HEIGHT = 1500;

/** A styled group on a coloured seamless backdrop, pieces overlapping like a shop-window arrangement. */
export function collectionSvg(pieces: Piece[], light: string, dark: string): string {
  const W = COLLECTION_WIDTH;
  const H = COLLECTION_HEIGHT;
  resetIds();
  const shadow = floorShadow(600, 1370, 520, 60, 0.3);
  return frame(W, H, `${backdrop(W, H, light, dark, 0.45, 0.3)}${shadow}${pieces.map(place).join('')}`);
}

export const HERO_SCENES: { pieces: Piece[]; glow: string }[] = [
  {
    glow: '#3a3532',
    pieces: [
      { shape: 'hoodie', color: 'Gray', x: 770, y: 480, scale: 0.5 },
      { shape: 'coat', color: 'Black', x: 1000, y: 450, scale: 0.56 },
      { shape: 'trousers', color: 'Black', x: 1220, y: 480, scale: 0.5 },
    ],
  },
  {
    glow: '#2c3342',
    pieces: [
      { shape: 'bomber', color: 'Navy', x: 770, y: 480, scale: 0.52 },
      { shape: 'coat', color: 'Brown', x: 1000, y: 450, scale: 0.56 },
      { shape: 'shirt', color: 'White', x: 1230, y: 480, scale: 0.5 },
    ],
  },
  {
    glow: '#3b3226',
    pieces: [
      { shape: 'bag', color: 'Brown', x: 780, y: 440, scale: 0.56 },
      { shape: 'cap', color: 'Black', x: 1020, y: 560, scale: 0.44 },
      { shape: 'sneaker', color: 'White', x: 1250, y: 560, scale: 0.44 },
    ],
  },
];
