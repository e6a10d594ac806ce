/**
 * Composes a garment drawing into a product photograph: a soft studio backdrop with a floor shadow
 * (front, back), a close-up (detail), or a flat-lay from above on a contrasting surface.
 */
import { type Garment, luminance, type Palette, resetIds, SHARED_DEFS, SILHOUETTE } from './kit';

export const PRODUCT_WIDTH = 1200;
export const PRODUCT_HEIGHT = 1500;

export type ProductView = 'front' | 'back' | 'detail' | 'flatlay';

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
  `viewBox="0 0 ${width} ${height}"><defs>${SHARED_DEFS}</defs>${body}</svg>`;

/** A seamless paper backdrop: lit from the upper left, falling off toward the corners. */
export function backdrop(width: number, height: number, light: string, dark: string, cx = 0.42, cy = 0.35): string {
  return (
    `<defs><radialGradient id="bd" cx="${cx}" cy="${cy}" r="0.85"><stop offset="0" stop-color="${light}"/>` +
    `<stop offset="1" stop-color="${dark}"/></radialGradient>\n` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0.72" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.07"/></linearGradient></defs>\n` +
    `<rect width="${width}" height="${height}" fill="url(#bd)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#floor)"/>`
  );
}

/** A soft contact shadow: a radial gradient, far cheaper to render than a blur filter. */
export const floorShadow = (cx: number, cy: number, rx: number, ry: number, strength = 0.28) =>
  `<defs><radialGradient id="fs${cx}${cy}"><stop offset="0" stop-color="#000" stop-opacity="${strength}"/>` +
  `<stop offset="0.6" stop-color="#000" stop-opacity="${strength * 0.35}"/>` +
  `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>\n` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#fs${cx}${cy})"/>`;

const shadow = (garment: Garment) => {
  const { y, rx } = garment.floor ?? { y: 1370, rx: 380 };
  return floorShadow(600, y, rx, Math.round(rx / 8));
};

/** Flat-lay surfaces chosen to contrast with the garment: dark stone under pale pieces, sand under dark ones. */
function surface(p: Palette): [string, string] {
  const lum = luminance(p.base);
  if (lum > 0.55) return ['#3a3b3d', '#232426'];
  if (lum < 0.2) return ['#e4d7c1', '#cbb894'];
  return p.name === 'Brown' || p.name === 'Red' ? ['#e7e4dc', '#cfcac0'] : ['#efe6d6', '#d6c7ab'];
}

export function productSvg(garment: Garment, p: Palette, view: ProductView): string {
  const W = PRODUCT_WIDTH;
  const H = PRODUCT_HEIGHT;
  resetIds();
  switch (view) {
    case 'front':
      return svg(
        W,
        H,
        `${backdrop(W, H, '#f4f1ec', '#d8d1c6')}${shadow(garment)}<g transform="translate(0 10)">` +
          `${garment.draw(p, 'front')}</g>`,
      );
    case 'back':
      return svg(
        W,
        H,
        `${backdrop(W, H, '#eeeeec', '#cfcfcb', 0.6)}${shadow(garment)}<g transform="translate(0 10)">` +
          `${garment.draw(p, 'back')}</g>`,
      );
    case 'detail': {
      const { x, y, zoom } = garment.detail;
      return svg(
        W,
        H,
        `${backdrop(W, H, '#efebe5', '#d2cabe')}` +
          `<g transform="translate(600 750) scale(${zoom}) translate(${-x} ${-y})">` +
          `${garment.draw(p, 'front')}</g>`,
      );
    }
    case 'flatlay': {
      const [light, dark] = surface(p);
      return svg(
        W,
        H,
        // The cast shadow is the garment drawn again in black, offset: a blur filter would cost more than the picture.
        `${backdrop(W, H, light, dark, 0.5, 0.45)}` +
          `<g transform="translate(600 760) rotate(-7) scale(0.9) translate(-600 -760)">\n` +
          `<g transform="translate(12 20)" opacity="0.22">${garment.draw(SILHOUETTE, 'front')}</g>` +
          `${garment.draw(p, 'front')}</g>${tag(p)}`,
      );
    }
  }
}

/** A swing tag on a cord: the small prop that makes a flat-lay read as a styled shot. */
function tag(p: Palette): string {
  const paper = luminance(p.base) > 0.55 ? '#f1ede4' : '#fbfaf7';
  return (
    `<g transform="translate(930 1210) rotate(14)">` +
    `<path d="M-120 -150 C-80 -90 -40 -60 0 -40" fill="none" stroke="#9c8f7a" stroke-width="3"/>\n` +
    `<rect x="-34" y="-44" width="96" height="150" rx="6" fill="#000" opacity="0.25" ` +
    `transform="translate(6 10)"/><rect x="-34" y="-44" width="96" height="150" rx="6" fill="${paper}"/>\n` +
    `<circle cx="14" cy="-24" r="7" fill="none" stroke="#b9ae9a" stroke-width="3"/>` +
    `<rect x="-14" y="20" width="56" height="5" fill="#222" opacity="0.75"/>` +
    `<rect x="-14" y="34" width="40" height="3" fill="#222" opacity="0.4"/>` +
    `<rect x="-14" y="78" width="56" height="10" fill="#222" opacity="0.55"/></g>`
  );
}
