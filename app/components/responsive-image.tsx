import { imageUrl, pickWidth, srcSet, type StoredImage } from '~/lib/images';

type Props = {
  image: StoredImage | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold (the LCP image): load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
};

/** WebP srcset with width and height, so the browser picks a small file and reserves the space. */
export function ResponsiveImage({ image, alt, sizes, priority = false, className = '' }: Props) {
  if (!image) {
    // A decorative picture (alt "") that is missing says nothing either, as an <img alt=""> would not.
    const name = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <div {...name} className={`aspect-[4/5] bg-neutral-100 ${className}`} />;
  }
  return (
    <img
      src={imageUrl(image, pickWidth(image, 640))}
      srcSet={srcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={`h-auto w-full bg-neutral-100 object-cover ${className}`}
    />
  );
}
