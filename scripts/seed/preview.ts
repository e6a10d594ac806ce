/**
 * Renders a contact sheet of demo pictures to a PNG, to look at the drawings without seeding:
 * `COLORS=Black,Red VIEWS=front TILE=600 npx tsx scripts/seed/preview.ts out.png [shape...]`.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { palette } from './svg/kit';
import { productSvg, type ProductView } from './svg/scene';
import { GARMENTS, type Shape } from './svg/garments';
import type { Color } from '~/lib/catalog/catalog-constants';

const [out = '/tmp/contact-sheet.png', ...shapes] = process.argv.slice(2);
const views = (process.env.VIEWS?.split(',') ?? ['front', 'back', 'detail', 'flatlay']) as ProductView[];
const colors = (process.env.COLORS?.split(',') ?? ['Black', 'White', 'Navy']) as Color[];
const chosen = (shapes.length ? shapes : Object.keys(GARMENTS)) as Shape[];

const TILE_W = Number(process.env.TILE ?? 300);
const TILE_H = Math.round(TILE_W * 1.25);
const tiles: OverlayOptions[] = [];
const started = performance.now();
let row = 0;
for (const shape of chosen) {
  for (const color of colors) {
    for (const [col, view] of views.entries()) {
      const png = await sharp(Buffer.from(productSvg(GARMENTS[shape], palette(color), view)))
        .resize(TILE_W)
        .png()
        .toBuffer();
      tiles.push({ input: png, left: col * TILE_W, top: row * TILE_H });
    }
    row++;
  }
}
await sharp({ create: { width: TILE_W * views.length, height: TILE_H * row, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`${tiles.length} pictures in ${Math.round(performance.now() - started)} ms -> ${out}`);
