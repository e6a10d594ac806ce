import { data, Link, redirect, useLocation, useRouteLoaderData } from 'react-router';
import { ActiveFilters } from '~/components/catalog/shop/active-filters';
import { FilterPanel } from '~/components/catalog/shop/filter-panel';
import { Pagination } from '~/components/catalog/shop/pagination';
import { EmptyState, ProductResults, itemListJsonLd } from '~/components/catalog/shop/product-results';
import { SearchField } from '~/components/catalog/shop/search-field';
import { ShopBanner } from '~/components/catalog/shop/shop-banner';
import { ShopToolbar } from '~/components/catalog/shop/shop-toolbar';
import { SHOP_FORM_ID, useShopForm } from '~/components/catalog/shop/use-shop-form';
import { SHOP_PAGE_SIZE } from '~/lib/catalog/catalog-constants';
import { imageUrl, pickWidth } from '~/lib/images';
import { pageMeta } from '~/lib/seo';
import {
  COLLECTIONS_CONTEXT,
  NEW_ARRIVALS_CONTEXT,
  isFiltered,
  parseShopQuery,
  shopHref,
  shopSearchParams,
  type ShopState,
} from '~/lib/catalog/shop-query';
import type { RootData } from '~/root';
import { listProducts, type Listing } from '~/server/catalog/listing.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/shop';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

/** One module, two URLs (app/routes.ts): the path says which page this is. */
const PAGES = {
  collections: {
    context: COLLECTIONS_CONTEXT,
    title: 'Shop',
    eyebrow: 'The collection',
    intro: 'Every piece, from tailored shirts to outerwear, designed in Lagos.',
  },
  'new-arrivals': {
    context: NEW_ARRIVALS_CONTEXT,
    title: 'New Arrivals',
    eyebrow: 'Just landed',
    intro: 'The latest pieces, newest first.',
  },
} as const;
type PageKey = keyof typeof PAGES;

/** The On sale filter makes the shop the Sale listing (`/collections?sale=1`, decision 0034): its own heading. */
const SALE_HEADING = {
  title: 'Sale',
  eyebrow: 'On sale',
  intro: 'Pieces at a lower price for a while: the price before the sale is struck through.',
};
const headingOf = (key: PageKey, state: ShopState) => (state.sale ? { ...PAGES[key], ...SALE_HEADING } : PAGES[key]);

const pageKeyOf = (pathname: string): PageKey =>
  pathname.replace(/\/+$/, '') === '/new-arrivals' ? 'new-arrivals' : 'collections';

/** Messages beside the settings' banner text: short, true, and text only. */
const BRAND_MESSAGES = [
  'New pieces every week',
  'Delivery across Nigeria in 5-6 working days',
  'Returns within 14 days on unworn items',
];

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const origin = root?.origin ?? '';
  const key = pageKeyOf(location.pathname);
  const page = PAGES[key];
  if (!loaderData) return [{ title: page.title }];
  const { state, listing } = loaderData;
  const query = shopSearchParams(state, page.context, {
    keepView: false,
  }).toString();
  const path = `/${key}`;
  const title = [
    state.q ? `Search: ${state.q}` : null,
    state.category,
    state.colour,
    state.size ? `Size ${state.size}` : null,
    headingOf(key, state).title,
    state.page > 1 ? `Page ${state.page}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const first = listing.products[0]?.image;
  const tags = pageMeta({
    title,
    description: `${page.intro} ${listing.total} products, prices in naira, delivered across Nigeria.`,
    url: `${origin}${path}${query ? `?${query}` : ''}`,
    image: first ? `${origin}${imageUrl(first, pickWidth(first, 960))}` : undefined,
    storeName: root?.store.name,
  });
  const pageLink = (n: number) => `${origin}${shopHref(path, { ...state, view: 'grid' }, { page: n }, page.context)}`;
  if (state.page > 1) tags.push({ tagName: 'link', rel: 'prev', href: pageLink(state.page - 1) });
  if (state.page < listing.pageCount) tags.push({ tagName: 'link', rel: 'next', href: pageLink(state.page + 1) });
  if (state.q) tags.push({ name: 'robots', content: 'noindex, follow' });
  if (listing.products.length)
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        ...itemListJsonLd(origin, listing.products, (state.page - 1) * SHOP_PAGE_SIZE + 1),
      },
    });
  return tags;
}

const EMPTY_LISTING: Listing = {
  products: [],
  total: 0,
  page: 1,
  pageCount: 1,
  categories: [],
  colours: [],
  sizes: [],
  onSale: 0,
  priceCounts: {
    all: 0,
    'under-10k': 0,
    '10k-25k': 0,
    '25k-50k': 0,
    'over-50k': 0,
  },
};

/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = pageKeyOf(url.pathname);
  const { context } = PAGES[key];
  const state = parseShopQuery(url.searchParams, context);
  // Plain GET forms and hand-typed URLs land on the one canonical URL for what they show.
  const canonical = shopSearchParams(state, context).toString();
  if (canonical !== url.searchParams.toString()) throw redirect(canonical ? `/${key}?${canonical}` : `/${key}`);

  let listing: Listing;
  try {
    listing = await listProducts(state);
  } catch (error) {
    // docs/requirements.md#4-what-each-page-shows: a list page that cannot load logs the failure and shows its empty
    // state.
    logger.error({ err: error, url: url.pathname }, 'shop listing failed');
    return data(
      {
        key,
        state,
        listing: { ...EMPTY_LISTING, page: state.page },
        failed: true,
      },
      { status: 503 },
    );
  }
  if (state.page > listing.pageCount) throw redirect(shopHref(`/${key}`, state, { page: listing.pageCount }, context));
  return { key, state, listing, failed: false };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { key, state, listing, failed } = loaderData;
  const page = PAGES[key];
  const path = `/${key}`;
  const { pathname } = useLocation();
  const { onSubmit, submitOnChange } = useShopForm(pathname, state, page.context);
  const href = (change: Partial<ShopState>) => shopHref(path, state, change, page.context);
  const filtered = isFiltered(state);
  const heading = headingOf(key, state);

  return (
    <>
      <BannerFromSettings />
      <div className="container-page pb-8 pt-10 md:pt-14">
        <header className="flex flex-col gap-6 pb-2 md:flex-row md:items-end md:justify-between md:border-b md:border-line md:pb-8">
          <div>
            <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">{heading.eyebrow}</p>
            <h1 className="mt-2 text-3xl font-semibold uppercase tracking-tight md:text-5xl">{heading.title}</h1>
            <p className="mt-3 max-w-md text-sm text-muted">{heading.intro}</p>
          </div>
          <SearchField q={state.q} clearHref={href({ q: '' })} />
        </header>

        <div className="mt-6 grid grid-cols-1 gap-x-12 md:mt-10 md:grid-cols-[13rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)]">
          <form
            id={SHOP_FORM_ID}
            method="get"
            action={path}
            onSubmit={onSubmit}
            aria-label="Filter products"
            className="md:sticky md:top-24 md:self-start"
          >
            {state.view === 'list' ? <input type="hidden" name="view" value="list" /> : null}
            <FilterPanel
              state={state}
              categories={listing.categories}
              colours={listing.colours}
              sizes={listing.sizes}
              priceCounts={listing.priceCounts}
              onSale={listing.onSale}
              clearHref={href({ category: null, colour: null, size: null, price: 'all', sale: false })}
              onChange={submitOnChange}
            />
          </form>

          <section aria-labelledby="results-heading" className="mt-6 min-w-0 md:mt-0">
            <h2 id="results-heading" className="sr-only">
              Products
            </h2>
            <ShopToolbar
              state={state}
              context={page.context}
              shown={listing.products.length}
              total={listing.total}
              viewHref={(view) => href({ view })}
              onSortChange={submitOnChange}
            />
            <ActiveFilters state={state} hrefWithout={href} />
            <div className="mt-8">
              {listing.products.length > 0 ? (
                <ProductResults products={listing.products} view={state.view} label={page.title} />
              ) : (
                <EmptyState
                  title="No products found"
                  text={
                    failed
                      ? 'Products could not be loaded just now. Please try again in a moment.'
                      : filtered
                        ? 'Nothing matches these filters. Try another category, price or search.'
                        : 'New pieces are on their way. Please check back soon.'
                  }
                  link={filtered ? { to: path, label: 'Clear filters' } : { to: '/', label: 'Go Home' }}
                />
              )}
            </div>
            <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(n) => href({ page: n })} />
          </section>
        </div>
      </div>
    </>
  );
}

function BannerFromSettings() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const messages = [root?.store.bannerText, ...BRAND_MESSAGES].filter((m): m is string => Boolean(m && m.trim()));
  return <ShopBanner messages={messages} />;
}

export function ErrorBoundary() {
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl font-semibold uppercase tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-muted">The shop could not be shown just now. Please try again in a moment.</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-12 items-center bg-ink px-8 text-[11px] font-semibold uppercase tracking-[0.2em] text-paper"
      >
        Go Home
      </Link>
    </section>
  );
}
