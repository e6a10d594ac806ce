import { Link } from 'react-router';
import { ImageMosaic } from '~/components/store/image-mosaic';
import { NewsletterForm } from '~/components/marketing/newsletter-form';
import { ProductShelf } from '~/components/catalog/product-shelf';
import type { Heading } from '~/components/store/section-heading';
import { imageUrl, pickWidth } from '~/lib/images';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import { getAboutPage } from '~/server/catalog/home.server';
import type { Route } from './+types/about';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const origin = root?.origin ?? '';
  const storeName = root?.store.name ?? 'Store';
  const first = loaderData?.mosaic[0];
  return pageMeta({
    title: 'About Us',
    description:
      `${storeName} is a street-luxury label founded in Lagos in 2024: heavyweight fabrics, sharp tailoring ` +
      'and small runs, made to be worn across Nigeria.',
    url: canonicalUrl(origin, '/about'),
    image: first ? `${origin}${imageUrl(first, pickWidth(first, 1200))}` : undefined,
    storeName,
  });
}

/** Two queries: the featured products and the mosaic pictures. */
/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader() {
  return getAboutPage();
}

const VALUES = [
  {
    title: 'Made in Lagos',
    text: 'Designed in our Lagos studio and finished by hand with local tailors, because the city is in every seam.',
  },
  {
    title: 'Small runs',
    text: 'Each piece is cut in limited numbers. When a style is gone, it is gone: no endless restocks, no waste.',
  },
  {
    title: 'Built to last',
    text:
      'Heavyweight cottons, honest hardware and reinforced stitching, ' +
      'for clothes that look better with every wear.',
  },
];

const FEATURED: Heading = {
  id: 'about-featured-title',
  eyebrow: 'Wear the story',
  title: 'Featured pieces',
  link: { to: '/collections', label: 'Shop all' },
};

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const { featured, mosaic } = loaderData;
  const storeName = matches[0]?.loaderData.store.name ?? 'Store';
  return (
    <>
      <header className="container-page grid gap-8 py-14 md:grid-cols-12 md:py-20">
        <div className="md:col-span-7">
          <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">Our story · Est. 2024</p>
          <h1 className="mt-3 text-4xl font-semibold uppercase leading-[1.05] tracking-tight text-balance md:text-6xl">
            Street luxury, made in Lagos.
          </h1>
        </div>
        <p className="self-end text-base leading-relaxed text-neutral-700 md:col-span-5">
          {storeName} began in 2024 with a simple idea: the energy of Lagos streets deserves clothes made with the care
          of a luxury house. We design for the way the city moves: fast, loud, confident, and always dressed.
        </p>
      </header>

      {mosaic.length ? <ImageMosaic images={mosaic} /> : null}

      <section aria-labelledby="story-title" className="container-page grid gap-10 py-16 md:grid-cols-12 md:py-24">
        <h2 id="story-title" className="text-2xl font-semibold uppercase tracking-tight md:col-span-4 md:text-3xl">
          From the street, to the atelier, to you
        </h2>
        <div className="space-y-5 text-base leading-relaxed text-neutral-700 md:col-span-8">
          <p>
            What started as a handful of heavyweight tees sold to friends in Yaba grew into a full wardrobe: sharp
            shirts, relaxed tailoring, outerwear for harmattan mornings, dresses, shoes and the accessories that finish
            a look. Every collection starts on the street: the colours of Balogun market, the lines of the Third
            Mainland Bridge, the swagger of a Friday night on the Island.
          </p>
          <p>
            We work with a small team of pattern cutters and tailors, choose fabrics that hold their shape in the heat,
            and release in small runs so that what you wear stays yours. Prices are in naira, delivery reaches every
            state in Nigeria, and payment goes through Paystack.
          </p>
        </div>
        <ul className="grid gap-8 border-t border-line pt-10 sm:grid-cols-3 md:col-span-12">
          {VALUES.map((value, i) => (
            <li key={value.title}>
              <p aria-hidden="true" className="text-xs tabular-nums tracking-widest text-muted">
                {String(i + 1).padStart(2, '0')}
              </p>
              <h3 className="mt-2 text-sm font-semibold uppercase tracking-[0.2em]">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-neutral-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <ProductShelf products={featured} layout="five" heading={FEATURED} spacing="pb-16 md:pb-24" />

      <section aria-labelledby="visit-title" className="container-page pb-16 text-center md:pb-24">
        <h2 id="visit-title" className="text-2xl font-semibold uppercase tracking-tight md:text-3xl">
          Questions? Talk to us.
        </h2>
        <p className="mx-auto mt-3 max-w-md text-base text-neutral-700">
          Sizing, styling or an order: our Lagos team replies within 24 hours.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/collections"
            prefetch="intent"
            className="inline-flex h-12 items-center bg-ink px-8 text-xs font-semibold uppercase tracking-[0.2em] text-paper hover:bg-neutral-800"
          >
            Shop the collections
          </Link>
          <Link
            to="/contact"
            prefetch="intent"
            className="inline-flex h-12 items-center border border-ink px-8 text-xs font-semibold uppercase tracking-[0.2em] hover:bg-ink hover:text-paper"
          >
            Contact us
          </Link>
        </div>
      </section>

      <NewsletterForm />
    </>
  );
}
