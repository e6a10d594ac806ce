/** A small square picture for the admin lists (the smallest stored WebP), or an empty box. */
import { imageUrl, type StoredImage } from '~/lib/images';

export function CatalogThumbnail({ image, alt }: { image: StoredImage | null; alt: string }) {
  if (!image) return <div role="img" aria-label={`${alt}: no image`} className="h-16 w-14 bg-neutral-100" />;
  return (
    <img
      src={imageUrl(image, Math.min(...image.widths))}
      width={56}
      height={Math.round((56 * image.height) / image.width)}
      alt={alt}
      loading="lazy"
      className="h-16 w-14 bg-neutral-100 object-cover"
    />
  );
}
