import { useFetchers } from 'react-router';
import { cartTotals, lineId, removeItem, updateQuantity, type CartView } from '~/lib/cart/cart-rules';

/**
 * The cart as it will be once the in-flight fetcher submissions land: the same pure rules as the
 * server, applied to the loader's lines, so steppers and totals respond at once on a slow network.
 */
export function useOptimisticCart(cart: CartView): CartView {
  const fetchers = useFetchers();
  let lines = cart.lines;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || fetcher.formAction?.split('?')[0] !== '/cart') continue;
    const intent = form.get('intent');
    if (intent === 'clear') {
      lines = [];
      continue;
    }
    const id = lineId({
      productId: String(form.get('productId') ?? ''),
      size: String(form.get('size') ?? ''),
      color: String(form.get('color') ?? ''),
    });
    if (intent === 'remove') lines = removeItem(lines, id);
    if (intent === 'update') {
      const wanted = Number(form.get('quantity'));
      if (!Number.isInteger(wanted) || wanted < 0) continue;
      const line = lines.find((l) => l.id === id);
      // The server caps by stock; showing the capped value avoids a jump when it answers.
      lines = updateQuantity(lines, id, line ? Math.min(wanted, line.available) : wanted);
    }
  }
  if (lines === cart.lines) return cart;
  return { lines, ...cartTotals(lines) };
}
