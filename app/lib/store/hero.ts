/**
 * Hero slides keep an image URL (store settings). When it points at one of our stored WebP variants
 * (`/media/<key>-<width>.webp`, written by server/catalog/media.server.ts, which stores every standard width
 * up to the largest), phones can get a smaller file through srcset; any other URL is used as is.
 */
import { IMAGE_WIDTHS, imageUrl, MEDIA_PREFIX } from '../images';

const VARIANT = /^\/media\/(.+)-(\d+)\.webp$/;

export function heroImageSources(url: string): { src: string; srcSet?: string } {
  const match = VARIANT.exec(url);
  if (!match || !url.startsWith(MEDIA_PREFIX)) return { src: url };
  const [, key, widthText] = match;
  const largest = Number(widthText);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(largest)) return { src: url };
  const widths = IMAGE_WIDTHS.filter((w) => w <= largest);
  return { src: url, srcSet: widths.map((w) => `${imageUrl({ key }, w)} ${w}w`).join(', ') };
}
