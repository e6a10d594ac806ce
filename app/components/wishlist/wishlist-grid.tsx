import { useFetcher } from 'react-router';
import { ProductCard } from '~/components/catalog/product-card';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { useHydrated } from '~/hooks/use-hydrated';
import type { action } from '~/routes/wishlist';

const SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';

type Props = { products: ProductCardData[]; mode: 'account' | 'browser'; onRemove?: (productId: string) => void };

/** Saved products as cards (with the card's add-to-cart) and a Remove control under each. */
export function WishlistGrid({ products, mode, onRemove }: Props) {
  return (
    <ul
      aria-label="Saved products"
      className="grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4"
    >
      {products.map((product) => (
        <li key={product.id} className="flex flex-col">
          <ProductCard product={product} sizes={SIZES} />
          {mode === 'account' ? (
            <RemoveForm product={product} />
          ) : (
            <button
              type="button"
              onClick={() => onRemove?.(product.id)}
              className={REMOVE}
              aria-label={`Remove ${product.name} from wishlist`}
            >
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

const REMOVE =
  'mt-2 self-start text-xs uppercase tracking-widest text-muted underline underline-offset-4 hover:text-ink';

/** A real form: without JavaScript it posts and comes back to /wishlist; with it a fetcher hides the card at once. */
function RemoveForm({ product }: { product: ProductCardData }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  if (fetcher.state !== 'idle' || fetcher.data?.ok) return <p className="mt-2 text-xs text-muted">Removing…</p>;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value="/wishlist" />}
      <button type="submit" className={REMOVE} aria-label={`Remove ${product.name} from wishlist`}>
        Remove
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-1 text-xs text-sale">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
