/**
 * Renders the demo pictures (SVG -> PNG with sharp) and stores them through storeImage, so they get
 * exactly the WebP variants, key style and dimensions an admin upload would. Each distinct picture
 * (shape, colour, view) is made once and shared by every product that shows it: that is what keeps
 * seeding fast.
 */
import os from 'node:os';
import sharp from 'sharp';
import type { Color } from '~/lib/catalog/catalog-constants';
import type { StoredImage } from '~/lib/images';
import { type MediaFolder, newImageKey, storeImage } from '~/server/catalog/media.server';
import { storage } from '~/server/storage.server';
import { PictureCache } from './picture-cache';
import { collectionSvg, HERO_SCENES, heroSvg, type Piece } from './svg/compositions';
import { GARMENTS, type Shape } from './svg/garments';
import { palette } from './svg/kit';
import { productSvg, type ProductView } from './svg/scene';

export const VIEW_LABEL: Record<ProductView, string> = {
  front: 'front view',
  back: 'back view',
  detail: 'close-up detail',
  flatlay: 'flat lay',
};

const SHAPE_LABEL: Record<Shape, string> = {
  shirt: 'Shirt',
  tee: 'T-shirt',
  trousers: 'Trousers',
  cargo: 'Cargo pants',
  dress: 'Dress',
  bag: 'Leather bag',
  cap: 'Cap',
  belt: 'Leather belt',
  sneaker: 'Sneaker',
  bomber: 'Bomber jacket',
  coat: 'Overcoat',
  hoodie: 'Hoodie',
};

/** A tiny limiter: rendering every picture at once would hold hundreds of megabytes of pixels. */
function limiter(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const fileCache = new PictureCache();

export class PictureStudio {
  private readonly pictures = new Map<string, Promise<StoredImage>>();
  // Twice the cores: while one picture waits on the disk or the encoder queue, another renders.
  private readonly limit = limiter(Math.max(2, Math.min(8, 2 * (os.availableParallelism?.() ?? 2))));
  /** Pictures stored, and how many of them were drawn (the rest came from the cache). */
  stored = 0;
  drawn = 0;

  private async render(svg: string, folder: MediaFolder, filename: string, alt: string): Promise<StoredImage> {
    this.stored++;
    const store = storage();
    const hash = fileCache.hash(svg);
    const restored = await fileCache.restore(hash, () => newImageKey(folder, filename), store);
    if (restored) return { ...restored, alt };
    this.drawn++;
    // Uncompressed PNG: it only carries the pixels to storeImage, which validates and encodes WebP.
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
    const image = await storeImage(png, { folder, filename, alt, effort: 2, storage: fileCache.tee(hash, store) });
    await fileCache.commit(hash, image);
    return image;
  }

  /** The stored picture of `shape` in `color` seen from `view`, rendered on first request only. */
  product(shape: Shape, color: Color, view: ProductView): Promise<StoredImage> {
    const id = `${shape}-${color}-${view}`.toLowerCase();
    let picture = this.pictures.get(id);
    if (!picture) {
      picture = this.limit(() => {
        return this.render(
          productSvg(GARMENTS[shape], palette(color), view),
          'products',
          id,
          `${SHAPE_LABEL[shape]} in ${color.toLowerCase()}, ${VIEW_LABEL[view]}`,
        );
      });
      this.pictures.set(id, picture);
    }
    return picture;
  }

  hero(index: number): Promise<StoredImage> {
    const scene = HERO_SCENES[index % HERO_SCENES.length];
    return this.limit(() => {
      return this.render(heroSvg(scene.pieces, scene.glow), 'hero', `hero-${index + 1}`, describe(scene.pieces));
    });
  }

  collection(slug: string, cover: { pieces: Piece[]; light: string; dark: string }): Promise<StoredImage> {
    return this.limit(() => {
      return this.render(
        collectionSvg(cover.pieces, cover.light, cover.dark),
        'collections',
        slug,
        describe(cover.pieces),
      );
    });
  }
}

function describe(pieces: Piece[]): string {
  const names = pieces.map((piece) => `${piece.color.toLowerCase()} ${SHAPE_LABEL[piece.shape].toLowerCase()}`);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`.replace(/^./, (c) => c.toUpperCase());
}

/**
 * The pictures of a product whose photos are tagged by colour (decision 0034): every colour gets its own, the
 * count shared out as evenly as it goes (first colours first), each colour from the front, then back and close up.
 */
export function picturesPerColour(colors: Color[], count: number): { color: Color; view: ProductView }[] {
  const views: ProductView[] = ['front', 'back', 'detail', 'flatlay'];
  return colors.flatMap((color, index) => {
    const own = Math.floor(count / colors.length) + (index < count % colors.length ? 1 : 0);
    return views.slice(0, Math.max(1, own)).map((view) => ({ color, view }));
  });
}

/**
 * Which pictures a product shows, in order: its first colour from the front, back and close up, then
 * a flat lay and front views in its other colours; never the same picture twice.
 */
export function pictureList(colors: Color[], count: number): { color: Color; view: ProductView }[] {
  const [first, second = first, third = second] = colors;
  const candidates: { color: Color; view: ProductView }[] = [
    { color: first, view: 'front' },
    { color: first, view: 'back' },
    { color: first, view: 'detail' },
    { color: second, view: 'flatlay' },
    { color: second, view: 'front' },
    { color: third, view: 'front' },
    { color: first, view: 'flatlay' },
    { color: second, view: 'back' },
  ];
  const seen = new Set<string>();
  const unique = candidates.filter((c) => {
    const id = `${c.color}-${c.view}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return unique.slice(0, count);
}
