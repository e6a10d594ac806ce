import { useCallback, useEffect, useRef, useState } from 'react';
import type { CollectionSummary } from '~/lib/catalog/catalog-types';
import { useHydrated } from '~/hooks/use-hydrated';
import { ChevronIcon } from '../icons';
import { CollectionCard } from './collection-card';
import { SectionHeading } from '../store/section-heading';

/**
 * Featured collections in a horizontal CSS scroll-snap strip: it swipes and scrolls without
 * JavaScript; with it, previous/next buttons scroll one card and grey out at either end (and
 * disappear when everything fits).
 */
export function CollectionCarousel({
  collections,
  headingId,
}: {
  collections: CollectionSummary[];
  headingId: string;
}) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const scrollByCard = (direction: 1 | -1) => {
    const el = track.current;
    const card = el?.querySelector('li');
    if (!el || !card) return;
    el.scrollBy({ left: direction * (card.getBoundingClientRect().width + 16), behavior: 'smooth' });
  };

  const overflowing = !(edges.start && edges.end);
  return (
    <div>
      {/* The arrows sit in the heading row, which is taller than they are: nothing shifts when they appear. */}
      <SectionHeading id={headingId} eyebrow="Curated" title="Featured collections">
        {hydrated && overflowing ? (
          <div className="flex shrink-0 gap-2">
            <ArrowButton
              label="Previous collections"
              disabled={edges.start}
              onClick={() => scrollByCard(-1)}
              className="rotate-90"
            />
            <ArrowButton
              label="Next collections"
              disabled={edges.end}
              onClick={() => scrollByCard(1)}
              className="-rotate-90"
            />
          </div>
        ) : null}
      </SectionHeading>
      <ul
        ref={track}
        onScroll={measure}
        aria-labelledby={headingId}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin] md:mx-0 md:scroll-px-0 md:px-0"
      >
        {collections.map((collection) => (
          <li key={collection.id} className="w-[85%] shrink-0 snap-start sm:w-[60%] md:w-[calc(50%-0.5rem)]">
            <CollectionCard collection={collection} sizes="(min-width: 768px) 50vw, 85vw" tall={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ArrowButton({
  label,
  disabled,
  onClick,
  className,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-11 w-11 items-center justify-center rounded-full border border-line transition-colors hover:border-ink disabled:cursor-default disabled:opacity-40 disabled:hover:border-line"
    >
      <ChevronIcon className={`h-5 w-5 ${className}`} />
    </button>
  );
}
