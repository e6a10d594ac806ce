import { useState } from 'react';
import { ResponsiveImage } from '~/components/responsive-image';
import type { StoredImage } from '~/lib/images';

type Props = {
  images: StoredImage[];
  name: string;
  initialIndex: number;
  /** The colour the page shows (`?colour=`), kept by the thumbnails' links. */
  colour?: string | null;
};

const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw';

/**
 * Main image plus thumbnails. Thumbnails are links (?image=N, which the loader honours) so they work
 * without JavaScript; with it they swap the main image in place. The frame keeps one aspect ratio,
 * so swapping never moves the page.
 */
export function ProductGallery({ images, name, initialIndex, colour }: Props) {
  const [index, setIndex] = useState(initialIndex);
  const main = images[index] ?? images[0] ?? null;
  const altFor = (image: StoredImage, i: number) => image.alt || `${name}, image ${i + 1}`;

  return (
    <div>
      <div className="overflow-hidden bg-neutral-100">
        <ResponsiveImage
          image={main}
          alt={main ? altFor(main, index) : name}
          sizes={MAIN_SIZES}
          priority
          className="aspect-[4/5]"
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Product images" className="mt-3 grid grid-cols-5 gap-2">
          {images.map((image, i) => (
            <li key={image.key}>
              <a
                href={`?${colour ? `colour=${encodeURIComponent(colour)}&` : ''}image=${i}`}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  setIndex(i);
                }}
                className={`block border ${i === index ? 'border-ink' : 'border-transparent opacity-80 hover:opacity-100'}`}
              >
                <ResponsiveImage image={image} alt="" sizes="(min-width: 768px) 110px, 20vw" className="aspect-[4/5]" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
