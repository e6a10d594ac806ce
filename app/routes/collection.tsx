import { useRef } from 'react';
import { data, isRouteErrorResponse, Link, redirect, useLocation, useNavigate, useRouteError } from 'react-router';
import { Pagination } from '~/components/catalog/shop/pagination';
import { EmptyState, ProductResults, itemListJsonLd } from '~/components/catalog/shop/product-results';
import { SortSelect } from '~/components/catalog/shop/shop-toolbar';
import { ResponsiveImage } from '~/components/responsive-image';
import { SHOP_PAGE_SIZE } from '~/lib/catalog/catalog-constants';
import { imageUrl, pickWidth } from '~/lib/images';
import { pageMeta } from '~/lib/seo';
import {
  COLLECTIONS_CONTEXT,
  parseShopQuery,
  shopHref,
  shopSearchParams,
  type ShopState,
} from '~/lib/catalog/shop-query';
import { useOnHydration } from '~/hooks/use-hydrated';
import { getCollectionWithProducts } from '~/server/catalog/listing.server';
import type { Route } from './+types/collection';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

/** The collection page takes only sort and page from the query (name order by default, as the shop). */
const CONTEXT = COLLECTIONS_CONTEXT;
const SORT_FORM_ID = 'collection-sort';
const NOT_FOUND = 'This collection could not be found.';
const NO_ID = 'No collection specified in the URL.';
const LOAD_FAILED = 'An error occurred while loading the collection.';

const onlySortAndPage = (state: ShopState): ShopState => ({
  ...state,
  q: '',
  category: null,
  price: 'all',
  view: 'grid',
});

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const origin = root?.origin ?? '';
  if (!loaderData || !loaderData.found)
    return [{ title: `Collection Not Found | ${root?.store.name ?? 'Store'}` }, { name: 'robots', content: 'noindex' }];
  const { collection, state } = loaderData;
  const query = shopSearchParams(state, CONTEXT).toString();
  const image = collection.image;
  const description =
    collection.description.length > 160 ? `${collection.description.slice(0, 157).trimEnd()}…` : collection.description;
  const url = `${origin}${location.pathname}${query ? `?${query}` : ''}`;
  return [
    ...pageMeta({
      title: collection.name,
      description,
      url,
      image: image ? `${origin}${imageUrl(image, pickWidth(image, 1280))}` : undefined,
      storeName: root?.store.name,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: collection.name,
        description: collection.description,
        url,
        mainEntity: itemListJsonLd(origin, loaderData.products, (state.page - 1) * SHOP_PAGE_SIZE + 1),
      },
    },
  ];
}

/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = (params.collectionId ?? '').trim();
  if (!id) return data({ found: false as const, message: NO_ID }, { status: 404 });
  const url = new URL(request.url);
  const state = onlySortAndPage(parseShopQuery(url.searchParams, CONTEXT));
  const canonical = shopSearchParams(state, CONTEXT).toString();
  if (canonical !== url.searchParams.toString())
    throw redirect(canonical ? `${url.pathname}?${canonical}` : url.pathname);

  // A database failure throws on to the ErrorBoundary below (a text of docs/requirements.md#14-messages).
  const page = await getCollectionWithProducts(id, state);
  if (!page) return data({ found: false as const, message: NOT_FOUND }, { status: 404 });
  if (state.page > page.pageCount) throw redirect(shopHref(url.pathname, state, { page: page.pageCount }, CONTEXT));
  return { found: true as const, state, ...page };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <CollectionNotFound message={loaderData.message} />;
  const { collection, products, total, page, pageCount, state } = loaderData;
  return (
    <>
      <CollectionHero name={collection.name} description={collection.description} image={collection.image} />
      <section aria-labelledby="collection-products" className="container-page mt-12 md:mt-16">
        <div className="flex flex-col gap-4 border-b border-line pb-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="collection-products" className="text-xl font-semibold uppercase tracking-tight md:text-2xl">
              The pieces
            </h2>
            <p role="status" className="mt-1 text-[11px] uppercase tracking-[0.2em] text-muted">
              {`Showing ${products.length} of ${total} products`}
            </p>
          </div>
          {total > 1 ? <CollectionSort state={state} /> : null}
        </div>
        <div className="mt-8">
          {products.length > 0 ? (
            <ProductResults products={products} view="grid" label={collection.name} columns="wide" />
          ) : (
            <EmptyState
              title="No Products Found"
              text="This collection has no products yet. Explore the rest of the shop in the meantime."
              link={{ to: '/collections', label: 'Shop all products' }}
            />
          )}
        </div>
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(n) => shopHref(`/collections/${collection.id}`, state, { page: n }, CONTEXT)}
        />
      </section>
    </>
  );
}

type HeroProps = { name: string; description: string; image: Parameters<typeof ResponsiveImage>[0]['image'] };

/**
 * The collection picture is the page's largest paint. Covers are portrait, so on wide screens the
 * picture takes the right half beside an ink panel with the name; on phones the name sits on the
 * picture over a scrim and the description follows below.
 */
function CollectionHero({ name, description, image }: HeroProps) {
  return (
    <header>
      <div className="relative isolate bg-ink text-paper md:grid md:grid-cols-2">
        <div className="relative h-[26rem] overflow-hidden md:order-2 md:h-auto md:min-h-[36rem]">
          {image ? (
            <ResponsiveImage
              image={image}
              alt=""
              sizes="(min-width: 768px) 50vw, 100vw"
              priority
              className="absolute inset-0 !h-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(120%_90%_at_80%_10%,#4a3d30_0%,#17130f_55%,#090909_100%)]"
            />
          )}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent md:hidden"
          />
        </div>
        <div className="absolute inset-x-0 bottom-0 px-4 pb-8 md:static md:flex md:flex-col md:justify-end md:px-8 md:pb-16 min-[80rem]:pl-[calc((100vw-80rem)/2+2rem)]">
          <nav aria-label="Breadcrumb" className="text-[11px] uppercase tracking-[0.3em] text-neutral-200">
            <Link to="/collections" className="hover:text-paper hover:underline">
              Shop
            </Link>
            <span aria-hidden="true" className="mx-2">
              /
            </span>
            <span>Collection</span>
          </nav>
          <h1 className="mt-3 max-w-xl text-4xl font-semibold uppercase leading-[1.05] tracking-tight text-balance md:text-5xl lg:text-6xl">
            {name}
          </h1>
          <p className="mt-6 hidden max-w-md text-base leading-relaxed text-neutral-200 md:block lg:text-lg">
            {description}
          </p>
        </div>
      </div>
      <p className="container-page mt-8 text-base leading-relaxed text-neutral-700 md:hidden">{description}</p>
    </header>
  );
}

/** The sort select as its own GET form: applies on change with JavaScript, with a button without. */
function CollectionSort({ state }: { state: ShopState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const chosen = (form: HTMLFormElement) => {
    const sort = new FormData(form).get('sort');
    return onlySortAndPage(parseShopQuery({ sort: typeof sort === 'string' ? sort : '' }, CONTEXT));
  };
  const show = (next: ShopState) => navigate(shopHref(pathname, next, {}, CONTEXT), { preventScrollReset: true });
  // A sort picked before the scripts arrived is applied rather than put back (see useOnHydration).
  useOnHydration(() => {
    const next = formRef.current ? chosen(formRef.current) : null;
    if (next && next.sort !== state.sort) show(next);
  });
  return (
    <form
      ref={formRef}
      id={SORT_FORM_ID}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        show(chosen(event.currentTarget));
      }}
    >
      <SortSelect
        state={state}
        context={CONTEXT}
        formId={SORT_FORM_ID}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      />
    </form>
  );
}

/**
 * The page in place of a collection: what went wrong and the way back to the list. `eyebrow` is the small label
 * above the heading (the 404); `pageTitle` the document's title when the route's meta could not set one.
 */
function CollectionProblem({
  eyebrow,
  pageTitle,
  title,
  message,
}: {
  eyebrow?: string;
  pageTitle?: string;
  title: string;
  message: string;
}) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center md:py-32">
      {pageTitle ? <title>{pageTitle}</title> : null}
      {eyebrow ? <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">{eyebrow}</p> : null}
      <h1 className={`${eyebrow ? 'mt-3 ' : ''}text-3xl font-semibold uppercase tracking-tight md:text-5xl`}>
        {title}
      </h1>
      <p className="mt-4 max-w-md text-muted">{message}</p>
      <Link
        to="/collections"
        className="mt-10 inline-flex h-12 items-center bg-ink px-8 text-[11px] font-semibold uppercase tracking-[0.2em] text-paper hover:bg-neutral-800"
      >
        Back to Collections
      </Link>
    </section>
  );
}

function CollectionNotFound({ message }: { message: string }) {
  return <CollectionProblem eyebrow="Error 404" title="Collection Not Found" message={message} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <CollectionNotFound message={NOT_FOUND} />;
  return (
    <CollectionProblem pageTitle="Could not load the collection" title="Something went wrong" message={LOAD_FAILED} />
  );
}
