import { Link } from 'react-router';
import type { MosaicImage } from '~/lib/store/home-types';
import { ResponsiveImage } from '../responsive-image';

/** Tile placement: one large picture and four smaller ones (phones: the large one across the top). */
const TILES = ['col-span-2 row-span-2', '', '', '', ''];
const SIZES = ['(min-width: 768px) 50vw, 100vw', '(min-width: 768px) 25vw, 50vw'];

/** The about page's picture wall, each picture leading to its product. */
export function ImageMosaic({ images }: { images: MosaicImage[] }) {
  return (
    <section aria-label="From the collection" className="container-page">
      <ul className="grid auto-rows-[44vw] grid-cols-2 gap-2 md:h-[38rem] md:auto-rows-auto md:grid-cols-4 md:grid-rows-2 md:gap-3">
        {images.slice(0, TILES.length).map((image, i) => (
          <li key={image.key} className={`relative overflow-hidden bg-neutral-100 ${TILES[i]}`}>
            <Link to={`/product/${image.productId}`} prefetch="intent" className="group block h-full">
              <ResponsiveImage
                image={image}
                alt=""
                sizes={SIZES[i === 0 ? 0 : 1]}
                priority={i === 0}
                className="absolute inset-0 h-full! transition-transform duration-700 group-hover:scale-[1.04]"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-3 pb-3 pt-8 text-xs font-medium uppercase tracking-widest text-paper opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                {image.productName}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
