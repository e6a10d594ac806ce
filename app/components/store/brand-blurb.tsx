import { Link } from 'react-router';

/** The home page's short brand story, linking to /about. */
export function BrandBlurb({ storeName }: { storeName: string }) {
  return (
    <section aria-labelledby="brand-title" className="bg-neutral-100">
      <div className="container-page grid gap-8 py-16 md:grid-cols-12 md:gap-12 md:py-24">
        <div className="md:col-span-7">
          <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">Lagos · Est. 2024</p>
          <h2
            id="brand-title"
            className="mt-3 text-3xl font-semibold uppercase leading-[1.1] tracking-tight text-balance md:text-5xl"
          >
            Street luxury, made in Lagos.
          </h2>
        </div>
        <div className="flex flex-col justify-end md:col-span-5">
          <p className="text-base leading-relaxed text-neutral-700">
            {storeName} was founded in Lagos in 2024 to dress the city the way it moves: heavyweight cottons, sharp
            tailoring and quiet details, made in small runs and built to be worn hard. Luxury you can live in, from the
            streets that inspired it.
          </p>
          <p className="mt-6">
            <Link
              to="/about"
              prefetch="intent"
              className="inline-flex h-12 items-center border border-ink px-8 text-xs font-semibold uppercase tracking-[0.2em] transition-colors hover:bg-ink hover:text-paper"
            >
              Our story
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
