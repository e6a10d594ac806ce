import { Link } from 'react-router';
import type { CollectionSummary } from '~/lib/catalog/catalog-types';
import { ResponsiveImage } from '../responsive-image';

type Props = {
  collection: CollectionSummary;
  /** The `sizes` attribute for the picture at each breakpoint. */
  sizes: string;
  /** Portrait (grid of all collections) or landscape (the featured carousel). */
  tall?: boolean;
};

/** A collection as a picture with its name over it; the whole card is one link. */
export function CollectionCard({ collection, sizes, tall = false }: Props) {
  const aspect = tall ? 'aspect-[4/5]' : 'aspect-[4/3]';
  return (
    <Link
      to={`/collections/${collection.id}`}
      prefetch="intent"
      className="group relative block overflow-hidden bg-ink text-paper"
    >
      {collection.image ? (
        <ResponsiveImage
          image={collection.image}
          alt=""
          sizes={sizes}
          className={`${aspect} transition-transform duration-700 group-hover:scale-[1.04]`}
        />
      ) : (
        <div
          aria-hidden="true"
          className={`${aspect} bg-[radial-gradient(120%_90%_at_80%_10%,#3d342b_0%,#151310_60%,#0a0a0a_100%)]`}
        />
      )}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
      {/* Tall cards sit two across on phones: there the name and a short call to action are enough. */}
      <div className={`absolute inset-x-0 bottom-0 ${tall ? 'p-4 md:p-6' : 'p-5 md:p-6'}`}>
        <h3
          className={`font-semibold uppercase tracking-wide [overflow-wrap:anywhere] ${tall ? 'text-base md:text-xl' : 'text-xl md:text-2xl'}`}
        >
          {collection.name}
        </h3>
        {collection.description ? (
          <p className={`mt-1 max-w-md text-sm text-neutral-200 ${tall ? 'hidden md:block' : ''}`}>
            <span className="line-clamp-2">{collection.description}</span>
          </p>
        ) : null}
        <span className="mt-3 inline-block border-b border-paper/70 pb-0.5 text-[11px] font-semibold uppercase tracking-[0.2em] group-hover:border-paper">
          {tall ? 'Shop' : 'Shop the collection'}
        </span>
      </div>
    </Link>
  );
}
