import type { CartKey } from '~/lib/cart/cart-rules';
import { useHydrated } from '~/hooks/use-hydrated';

/**
 * The hidden fields every line form sends. Before hydration (no JavaScript) the form also asks the
 * action to redirect back to /cart, so a reload after the post does not re-submit it.
 */
export function CartLineFields({ line, intent }: { line: CartKey; intent: 'update' | 'remove' }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="color" value={line.color} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value="/cart" />}
    </>
  );
}
