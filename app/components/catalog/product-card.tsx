import { Link, useFetcher } from 'react-router';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { useHydrated } from '~/hooks/use-hydrated';
import { dropDay } from '~/lib/catalog/drops';
import { ResponsiveImage } from '../responsive-image';
import { CardRating } from '../reviews/review-stars';
import { SalePrice } from './sale-price';

type Props = {
  product: ProductCardData;
  /** Grid cards stack image over text; list rows put them side by side (shop listing toggle). */
  layout?: 'grid' | 'list';
  priority?: boolean;
  sizes?: string;
};

const GRID_SIZES = '(min-width: 1024px) 20vw, (min-width: 768px) 30vw, 50vw';

export function ProductCard({ product, layout = 'grid', priority = false, sizes = GRID_SIZES }: Props) {
  const list = layout === 'list';
  return (
    <article className={list ? 'flex gap-4 border-b border-line pb-4' : 'group flex flex-col'}>
      <Link
        to={`/product/${product.id}`}
        className={list ? 'w-28 shrink-0 sm:w-36' : 'block overflow-hidden'}
        prefetch="intent"
      >
        <ResponsiveImage
          image={product.image}
          alt={product.name}
          sizes={list ? '144px' : sizes}
          priority={priority}
          className="aspect-[4/5] transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </Link>
      <div className={list ? 'flex flex-1 flex-col justify-center gap-1' : 'mt-3 flex flex-1 flex-col gap-1'}>
        <p className="text-[11px] uppercase tracking-widest text-muted">{product.category}</p>
        <h3 className="text-sm font-medium leading-snug">
          <Link to={`/product/${product.id}`} prefetch="intent" className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} className="text-sm font-semibold" />
        {product.rating ? <CardRating rating={product.rating} /> : null}
        {product.dropsAt ? (
          // An upcoming drop (decision 0036): its day in Lagos, no add button; the page has the countdown.
          <p className="mt-1 text-xs font-medium uppercase tracking-widest text-sale">
            Drops {dropDay(product.dropsAt)}
          </p>
        ) : (
          <QuickAdd product={product} />
        )}
      </div>
    </article>
  );
}

/**
 * Adds the first size and colour. Without JavaScript it is a plain form that lands on /cart;
 * with it, a fetcher keeps the shopper on the page and says what happened.
 */
function QuickAdd({ product }: { product: ProductCardData }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const hydrated = useHydrated();
  if (!product.inStock)
    return <p className="mt-1 text-xs font-medium uppercase tracking-widest text-muted">Sold out</p>;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action="/cart" className="mt-1">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="size" value={product.firstSize} />
      <input type="hidden" name="color" value={product.firstColor} />
      <input type="hidden" name="quantity" value="1" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value="/cart" />}
      <button
        type="submit"
        disabled={busy}
        className="text-xs font-medium uppercase tracking-widest underline underline-offset-4 disabled:opacity-50"
      >
        {/* The visible words start the button's name (WCAG 2.5.3 Label in Name); the product's name follows unseen. */}
        {busy ? 'Adding…' : 'Add to cart'}
        <span className="sr-only">{` (${product.name})`}</span>
      </button>
      {fetcher.data ? (
        <p role="status" className={`mt-1 text-xs ${fetcher.data.ok ? 'text-green-800' : 'text-sale'}`}>
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
