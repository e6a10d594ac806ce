import { Link, useFetcher } from 'react-router';
import type { PromoView } from '~/lib/promo/cart-promo';
import type { CartView } from '~/lib/cart/cart-rules';
import type { CartDeliveryTerms } from '~/lib/orders/order-totals';
import { useHydrated } from '~/hooks/use-hydrated';
import type { clientAction } from '~/routes/cart';
import { CartLineItem } from './cart-line-item';
import { CLEAR_FETCHER_KEY, REMOVE_FETCHER_KEY } from './cart-messages';
import { OrderSummary } from './order-summary';
import type { CartFlash } from './types';
import { useOptimisticCart } from './use-optimistic-cart';

type Props = {
  cart: CartView;
  /** The cart's promo code as the server checked it (decision 0023). */
  promo: PromoView | null;
  delivery: CartDeliveryTerms;
  flash: CartFlash;
  notices?: string[];
};

export function CartPage({ cart: loaded, promo, delivery, flash, notices = [] }: Props) {
  const cart = useOptimisticCart(loaded);
  const remover = useFetcher<typeof clientAction>({ key: REMOVE_FETCHER_KEY });
  const clearer = useFetcher<typeof clientAction>({ key: CLEAR_FETCHER_KEY });
  const hydrated = useHydrated();
  const latest = [clearer, remover].find((f) => f.state === 'idle' && f.data)?.data;
  const message = latest ? { ok: latest.ok, message: latest.message } : flash;

  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Your Cart</h1>
      <div className="mt-3 min-h-6">
        {message ? (
          <p
            role={message.ok ? 'status' : 'alert'}
            className={`text-sm ${message.ok ? 'text-green-800' : 'text-sale'}`}
          >
            {message.message}
          </p>
        ) : null}
        {notices.length ? (
          <div role="status" className="mt-2 border border-line bg-neutral-50 p-3 text-sm">
            <p className="font-medium">Your cart changed when you signed in:</p>
            <ul className="mt-1 list-disc pl-5 text-muted">
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      {cart.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div>
            <ul aria-label="Items in your cart" className="border-t border-line">
              {cart.lines.map((line) => (
                <CartLineItem key={line.id} line={line} />
              ))}
            </ul>
            <clearer.Form method="post" action="/cart" className="mt-6">
              <input type="hidden" name="intent" value="clear" />
              {hydrated ? null : <input type="hidden" name="redirectTo" value="/cart" />}
              <button
                type="submit"
                className="text-xs uppercase tracking-widest text-muted underline underline-offset-4 hover:text-ink"
              >
                Clear cart
              </button>
            </clearer.Form>
          </div>
          <OrderSummary
            items={cart.lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity }))}
            itemCount={cart.itemCount}
            delivery={delivery}
            promo={promo}
          />
        </div>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mt-10 border border-line px-6 py-16 text-center">
      <h2 className="text-lg font-medium">Your cart is empty</h2>
      <p className="mt-2 text-sm text-muted">Looks like you haven't added anything yet.</p>
      <Link
        to="/collections"
        className="mt-8 inline-block bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800"
      >
        Continue Shopping
      </Link>
    </div>
  );
}
