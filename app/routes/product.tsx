import { isRouteErrorResponse, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { sharedPageHeaders } from '~/server/http/http-cache.server';
import { ColourPhotoLinks } from '~/components/catalog/product/colour-photo-links';
import { ProductGallery } from '~/components/catalog/product/product-gallery';
import { ProductJsonLd } from '~/components/catalog/product/product-json-ld';
import { ProductPanels } from '~/components/catalog/product/product-panels';
import { ProductDrop } from '~/components/catalog/product/product-drop';
import { ProductPurchase } from '~/components/catalog/product/product-purchase';
import { RelatedProducts } from '~/components/catalog/product/related-products';
import { SalePrice } from '~/components/catalog/sale-price';
import { ProductReviewList, RatingSummary } from '~/components/reviews/product-reviews';
import { SizeGuidePanel } from '~/components/catalog/product/size-guide';
import { isPurchasable, swatchColors } from '~/components/catalog/product/variants';
import { knownBackInStockMessage } from '~/lib/back-in-stock/back-in-stock-words';
import { knownCartMessage } from '~/lib/cart/cart-rules';
import { PRODUCT_EXTRA_THUMBNAILS } from '~/lib/catalog/catalog-constants';
import { chosenColour, photosFor } from '~/lib/catalog/colours';
import { upcomingDrop } from '~/lib/catalog/drops';
import { deliveryOverview } from '~/lib/delivery/delivery';
import { arrivalRange, estimatedArrival } from '~/lib/delivery/delivery-estimate';
import { imageUrl, pickWidth, type StoredImage } from '~/lib/images';
import { koboToNaira } from '~/lib/money';
import { productReviewsView, reviewsPageOf } from '~/lib/reviews/reviews';
import { reviewsJsonLd } from '~/lib/reviews/review-json-ld';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import { getProductPage } from '~/server/catalog/product.server';
import { sharePieceText, whatsappShareUrl } from '~/lib/whatsapp';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { publicUrl } from '~/server/public-url.server';

const OG_IMAGE_WIDTH = 1200;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  if (!loaderData || !root) return [{ title: 'Product not found' }];
  const { product } = loaderData;
  const url = productUrl(root.origin, product.id);
  const image = product.images[0];
  const description =
    product.description.replace(/\s+/g, ' ').trim().slice(0, 155) || `${product.name} by ${root.store.name}`;
  return [
    ...pageMeta({
      title: product.name,
      description,
      url,
      image: image ? absoluteImage(root.origin, image) : undefined,
      type: 'product',
      storeName: root.store.name,
    }),
    { property: 'product:price:amount', content: koboToNaira(product.price).toFixed(2) },
    { property: 'product:price:currency', content: 'NGN' },
  ];
}

/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const [page, delivery] = await Promise.all([getProductPage(params.id, reviewsPageOf(query)), getDeliveryConfig()]);
  if (!page) throw redirect('/404');
  // A link per colour (`?colour=`, decision 0034): its photos first and it preselected, rendered here without scripts.
  const colour = chosenColour(page.product.colors, query.get('colour'));
  const gallery = photosFor(page.product.images, colour).slice(0, 1 + PRODUCT_EXTRA_THUMBNAILS);
  const wanted = Number(query.get('image') ?? 0);
  const message = knownCartMessage(query.get('message'));
  const asked = knownBackInStockMessage(query.get('message'));
  const now = new Date();
  return {
    ...page,
    // Approved reviews, a page of them by links (decision 0040): the links made here, so the page's script has none.
    reviews: productReviewsView(page.reviews, `/product/${page.product.id}`),
    reviewsJsonLd: reviewsJsonLd(page.reviews),
    gallery,
    colour,
    imageIndex: Number.isInteger(wanted) && wanted >= 0 && wanted < gallery.length ? wanted : 0,
    purchasable: isPurchasable(page.product),
    // Before its drop opens, a countdown in place of Add to cart (decision 0036); the stored page goes at the opening.
    drop: upcomingDrop(page.product.dropsAt, now),
    // The same for every shopper (decision 0021): the zones' rates, counted from today in Lagos.
    arrival: estimatedArrival(now, delivery.options.defaultDays),
    delivery: deliveryOverview(delivery, (days) => arrivalRange(now, days)),
    flash: message ? { ok: query.get('ok') === '1', message } : null,
    asked: asked ? { ok: query.get('ok') === '1', message: asked } : null,
    // Made here rather than in the page, so the page's scripts carry no WhatsApp code (the JavaScript budget).
    shareOnWhatsApp: whatsappShareUrl(sharePieceText(page.product.name, publicUrl(`/product/${page.product.id}`))),
  };
}

/** Adding to the cart changes the header count (root loader), not the product: skip reloading it. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.split('?')[0] === '/cart') return false;
  return defaultShouldRevalidate;
}

export default function Product({ loaderData, matches }: Route.ComponentProps) {
  const { product, gallery, colour, imageIndex, related, purchasable, arrival, delivery, flash, asked } = loaderData;
  const { shareOnWhatsApp, drop, reviews, reviewsJsonLd } = loaderData;
  const root = matches[0]?.loaderData;
  const origin = root?.origin ?? '';
  const mainImage = product.images[0];
  return (
    <div className="container-page py-8 md:py-12">
      <ProductJsonLd
        product={product}
        url={productUrl(origin, product.id)}
        image={mainImage ? absoluteImage(origin, mainImage) : undefined}
        available={purchasable && !drop}
        brand={root?.store.name}
        reviews={reviewsJsonLd}
      />
      {/* min-w-0: a grid item is as wide as its widest content by default, and a wide table (the size guide as
          served, before it becomes a dialog) would widen the page on a phone, then shift it once the scripts run. */}
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="min-w-0">
          <ProductGallery
            key={`${product.id}:${colour}`}
            images={gallery}
            name={product.name}
            initialIndex={imageIndex}
            colour={colour}
          />
          {product.images.some((image) => image.color) ? (
            <ColourPhotoLinks colors={swatchColors(product.colors)} swatches={product.swatches} chosen={colour} />
          ) : null}
        </div>
        <div className="min-w-0">
          <p className="text-[11px] uppercase tracking-widest text-muted">
            {product.collection ? (
              <Link to={`/collections/${product.collection.id}`} className="hover:text-ink hover:underline">
                {product.collection.name}
              </Link>
            ) : (
              product.category
            )}
          </p>
          <h1 className="mt-2 text-2xl font-semibold leading-tight tracking-tight md:text-3xl">{product.name}</h1>
          <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} className="mt-3 text-xl" />
          <RatingSummary reviews={reviews} />
          {purchasable ? null : (
            <p className="mt-2 text-xs font-semibold uppercase tracking-widest text-sale">Out of stock</p>
          )}
          {!drop && product.dropCap ? (
            <p className="mt-2 text-sm text-muted">Limit {product.dropCap} per customer.</p>
          ) : null}
          {drop ? (
            <ProductDrop product={product} drop={drop} cap={product.dropCap} answer={asked} />
          ) : (
            <ProductPurchase
              key={`${product.id}:${colour}`}
              initialColor={colour}
              product={product}
              purchasable={purchasable}
              flash={flash}
              asked={asked}
              shareOnWhatsApp={shareOnWhatsApp}
              askOnWhatsApp={Boolean(root?.store.whatsappChat)}
            />
          )}
          <ProductPanels description={product.description} delivery={delivery} arrival={arrival} />
          {product.sizeGuide ? <SizeGuidePanel guide={product.sizeGuide} /> : null}
        </div>
      </div>
      <ProductReviewList reviews={reviews} />
      <RelatedProducts products={related} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-24 text-center">
      <title>{notFound ? 'Product not found' : 'Something went wrong'}</title>
      <h1 className="text-3xl font-semibold tracking-tight">
        {notFound ? 'Product not found' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-muted">
        {notFound
          ? 'This product does not exist or is no longer available.'
          : 'This product could not be loaded. Please try again in a moment.'}
      </p>
      <Link
        to="/"
        className="mt-8 inline-block bg-ink px-6 py-3 text-sm font-medium uppercase tracking-widest text-paper"
      >
        Go Home
      </Link>
    </section>
  );
}

const productUrl = (origin: string, id: string) => canonicalUrl(origin, `/product/${id}`);
const absoluteImage = (origin: string, image: StoredImage) =>
  `${origin}${imageUrl(image, pickWidth(image, OG_IMAGE_WIDTH))}`;
