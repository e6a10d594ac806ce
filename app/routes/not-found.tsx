/**
 * The 404 page, registered twice: /404 (where a missing product is sent) and every unknown URL.
 * The loader sets the 404 status but still renders this page (links and a search form), rather
 * than throwing to the root ErrorBoundary's generic one.
 */
import { data, Link } from 'react-router';
import { ProductSearchForm } from '~/components/catalog/product-search-form';
import { SearchIcon } from '~/components/icons';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/not-found';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return [
    ...pageMeta({
      title: 'Page Not Found',
      description:
        'The page you are looking for does not exist or has moved. Search the shop or head back to the home page.',
      url: `${root?.origin ?? ''}${location.pathname}`,
      storeName: root?.store.name,
    }).filter((tag) => !('rel' in tag && tag.rel === 'canonical')),
    { name: 'robots', content: 'noindex' },
  ];
}

/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export function loader() {
  return data({}, { status: 404 });
}

export default function NotFound() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="container-page flex flex-col items-center py-20 text-center md:py-32"
    >
      <p
        aria-hidden="true"
        className="text-[7rem] font-semibold leading-none tracking-tighter text-neutral-200 md:text-[11rem]"
      >
        404
      </p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-semibold uppercase tracking-tight md:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 max-w-md text-base text-neutral-700">
        This page does not exist or has moved. The piece you are after may have sold out: try a search, or start again
        from the shop.
      </p>

      <ProductSearchForm
        id="not-found-search"
        className="mt-10 flex w-full max-w-md border-b border-ink"
        inputClassName="h-12 min-w-0 flex-1 bg-transparent px-1 text-base outline-none"
      >
        <button type="submit" aria-label="Search" className="flex h-12 w-12 items-center justify-center">
          <SearchIcon />
        </button>
      </ProductSearchForm>

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex h-12 items-center bg-ink px-8 text-xs font-semibold uppercase tracking-[0.2em] text-paper hover:bg-neutral-800"
        >
          Go Home
        </Link>
        <Link
          to="/collections"
          className="inline-flex h-12 items-center border border-ink px-8 text-xs font-semibold uppercase tracking-[0.2em] hover:bg-ink hover:text-paper"
        >
          Shop
        </Link>
      </div>
    </section>
  );
}
