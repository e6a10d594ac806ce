import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import type { CartLineView } from '~/lib/cart/cart-rules';
import { formatNaira } from '~/lib/money';
import type { clientAction } from '~/routes/cart';
import { CartLineFields } from './cart-line-fields';
import { REMOVE_FETCHER_KEY } from './cart-messages';
import type { CartFetcher } from './types';

const stepButton = 'flex h-10 w-10 items-center justify-center text-lg disabled:text-neutral-400';

/** One cart line: thumbnail, name, options, prices, quantity stepper and remove. */
export function CartLineItem({ line }: { line: CartLineView }) {
  const fetcher = useFetcher<typeof clientAction>({ key: `cart-line-${line.id}` });
  const remover = useFetcher<typeof clientAction>({ key: REMOVE_FETCHER_KEY });
  const quantityFormId = useId();
  const href = `/product/${line.productId}`;
  const options = [line.size && `Size: ${line.size}`, line.color && `Color: ${line.color}`].filter(Boolean).join(' · ');
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const maxed = line.quantity >= line.available;

  return (
    <li className="flex gap-4 border-b border-line py-6">
      <Link to={href} className="w-20 shrink-0 sm:w-24" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage image={line.image} alt="" sizes="96px" className="aspect-[4/5]" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-sm font-medium leading-snug">
              <Link to={href} className="hover:underline">
                {line.name}
              </Link>
            </h2>
            {options ? <p className="mt-1 text-xs uppercase tracking-widest text-muted">{options}</p> : null}
            <p className="mt-1 text-sm text-muted">
              <span className="sr-only">Unit price: </span>
              {formatNaira(line.price)}
            </p>
          </div>
          <p className="shrink-0 text-sm font-semibold">
            <span className="sr-only">Line total: </span>
            {formatNaira(line.price * line.quantity)}
          </p>
        </div>

        {line.purchasable ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="flex items-center border border-line">
              <fetcher.Form method="post" action="/cart">
                <CartLineFields line={line} intent="update" />
                <input type="hidden" name="quantity" value={line.quantity - 1} />
                <button type="submit" className={stepButton} aria-label={`Decrease quantity of ${line.name}`}>
                  −
                </button>
              </fetcher.Form>
              <fetcher.Form method="post" action="/cart" id={quantityFormId}>
                <CartLineFields line={line} intent="update" />
                <input
                  key={line.quantity}
                  type="number"
                  name="quantity"
                  inputMode="numeric"
                  min={0}
                  max={line.available}
                  defaultValue={line.quantity}
                  aria-label={`Quantity of ${line.name}`}
                  className="h-10 w-12 border-x border-line text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
                />
              </fetcher.Form>
              <fetcher.Form method="post" action="/cart">
                <CartLineFields line={line} intent="update" />
                <input type="hidden" name="quantity" value={line.quantity + 1} />
                <button
                  type="submit"
                  disabled={maxed}
                  className={stepButton}
                  aria-label={`Increase quantity of ${line.name}`}
                >
                  +
                </button>
              </fetcher.Form>
            </div>
            <button
              type="submit"
              form={quantityFormId}
              className="text-xs uppercase tracking-widest underline underline-offset-4"
            >
              Update
            </button>
            <RemoveForm line={line} fetcher={remover} />
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-sm text-sale">No longer available. Please remove it from your cart.</p>
            <RemoveForm line={line} fetcher={remover} />
          </div>
        )}

        {line.purchasable && line.quantity > line.available ? (
          <p className="text-sm text-sale">Only {line.available} left. Please lower the quantity.</p>
        ) : null}
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={`text-sm ${result.ok ? 'text-green-800' : 'text-sale'}`}>
            {result.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function RemoveForm({ line, fetcher }: { line: CartLineView; fetcher: CartFetcher }) {
  return (
    <fetcher.Form method="post" action="/cart" className="ml-auto">
      <CartLineFields line={line} intent="remove" />
      <button
        type="submit"
        className="text-xs uppercase tracking-widest text-muted underline underline-offset-4 hover:text-ink"
        aria-label={`Remove ${line.name} from cart`}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}
