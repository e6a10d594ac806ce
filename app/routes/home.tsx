import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { BrandBlurb } from '~/components/store/brand-blurb';
import { CollectionCard } from '~/components/catalog/collection-card';
import { CollectionCarousel } from '~/components/catalog/collection-carousel';
import { HeroSlider } from '~/components/store/hero-slider';
import { NewsletterForm } from '~/components/marketing/newsletter-form';
import { ProductShelf } from '~/components/catalog/product-shelf';
import { HeadedSection, type Heading } from '~/components/store/section-heading';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import { getHomePage } from '~/server/catalog/home.server';
import { getSettings } from '~/server/store/settings.server';
import type { Route } from './+types/home';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const origin = root?.origin ?? '';
  const storeName = root?.store.name ?? 'Store';
  const url = canonicalUrl(origin, '/');
  const heroImage = loaderData?.heroSlides[0]?.image;
  return [
    ...pageMeta({
      title: `${storeName}: Street Luxury from Lagos`,
      description:
        `${storeName} is a street-luxury fashion label from Lagos, founded in 2024. ` +
        'Shop shirts, pants, dresses, outerwear, shoes and accessories in naira, delivered across Nigeria.',
      url,
      image: heroImage ? new URL(heroImage, `${origin}/`).toString() : undefined,
      storeName,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Organization',
            '@id': `${origin}/#organization`,
            name: storeName,
            url,
            // The uploaded logo (decision 0042), else the store's mark.
            logo: root?.store.logo ? new URL(root.store.logo.src, `${origin}/`).toString() : `${origin}/favicon.svg`,
            foundingDate: '2024',
            address: { '@type': 'PostalAddress', addressLocality: 'Lagos', addressCountry: 'NG' },
            contactPoint: root
              ? {
                  '@type': 'ContactPoint',
                  contactType: 'customer service',
                  email: root.store.supportEmail,
                  telephone: root.store.supportPhone,
                  areaServed: 'NG',
                }
              : undefined,
          },
          {
            '@type': 'WebSite',
            '@id': `${origin}/#website`,
            name: storeName,
            url,
            publisher: { '@id': `${origin}/#organization` },
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: `${origin}/collections?q={search_term_string}` },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      },
    },
  ];
}

/** Two queries (products, collections); the hero slides come from the cached settings. */
/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader() {
  const [page, settings] = await Promise.all([getHomePage(), getSettings()]);
  return { ...page, heroSlides: settings.heroSlides };
}

/** Subscribing or quick-adding to the cart changes nothing on this page (the root refreshes the cart count). */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === '/newsletter' || formAction === '/cart') return false;
  return defaultShouldRevalidate;
}

const SHOP_ALL = { to: '/collections', label: 'Shop all' };
const FEATURED: Heading = { id: 'featured-title', eyebrow: 'Selected pieces', title: 'Featured', link: SHOP_ALL };
const NEWEST: Heading = {
  id: 'newest-title',
  eyebrow: 'Just landed',
  title: 'New arrivals',
  link: { to: '/new-arrivals', label: 'View all' },
};
const COLLECTIONS: Heading = { id: 'collections-title', eyebrow: 'The edit', title: 'Collections', link: SHOP_ALL };
const RECOMMENDED: Heading = {
  id: 'recommended-title',
  eyebrow: 'Picked for you',
  title: 'Recommended',
  link: SHOP_ALL,
};

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { heroSlides, featured, newest, recommended, collections, featuredCollections } = loaderData;
  const storeName = matches[0]?.loaderData.store.name ?? 'Store';
  return (
    <>
      <h1 className="sr-only">{storeName}: street luxury from Lagos</h1>
      <HeroSlider slides={heroSlides} storeName={storeName} />

      <ProductShelf products={featured} layout="five" heading={FEATURED} spacing="py-16 md:py-24" />

      {featuredCollections.length ? (
        <section aria-labelledby="featured-collections-title" className="container-page pb-16 md:pb-24">
          <CollectionCarousel collections={featuredCollections} headingId="featured-collections-title" />
        </section>
      ) : null}

      <BrandBlurb storeName={storeName} />

      <ProductShelf products={newest} layout="six" heading={NEWEST} spacing="py-16 md:py-24" />

      {collections.length ? (
        <HeadedSection heading={COLLECTIONS} spacing="pb-16 md:pb-24">
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {collections.map((collection) => (
              <li key={collection.id}>
                <CollectionCard collection={collection} sizes="(min-width: 768px) 25vw, 50vw" tall />
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}

      <ProductShelf products={recommended} layout="four" heading={RECOMMENDED} spacing="pb-16 md:pb-24" />

      <NewsletterForm />
    </>
  );
}
