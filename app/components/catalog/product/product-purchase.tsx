import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { CART_MESSAGES, MAX_LINE_QUANTITY, soldOutMessage } from '~/lib/cart/cart-rules';
import type { ProductDetail } from '~/lib/catalog/catalog-types';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import type { clientAction } from '~/routes/cart';
import { BackInStockAsk } from '../../back-in-stock/back-in-stock-ask';
import { ColorPicker, SizePicker } from './option-pickers';
import { SizeGuideLink } from './size-guide';
import { capOf, soldOutColors, soldOutSizes, swatchColors } from './variants';
import { AskAboutPiece, ShareOnWhatsApp } from './whatsapp-links';
import { WishlistButton } from '../../wishlist/wishlist-button';

type Props = {
  product: ProductDetail;
  purchasable: boolean;
  flash: { ok: boolean; message: string } | null;
  /** The answer to "Email me when it's back", after its redirect back here. */
  asked: { ok: boolean; message: string } | null;
  /** WhatsApp's "send to…" with the product's name and page. */
  shareOnWhatsApp: string;
  /** The store has a WhatsApp number: "Ask about this piece" is offered. */
  askOnWhatsApp: boolean;
  /** The colour chosen first: the page's `?colour=`, else the product's first. */
  initialColor?: string | null;
};
/** A message this form shows: its own guard's, the fetcher's answer or the flash after a post without JavaScript. */
type Result = { ok: boolean; message: string };

/** At or below this many left, the page says so before the shopper adds. */
const LOW_STOCK = 3;

function lowStockMessage(left: number, size: string, color: string) {
  const what = size && color ? ' in this size and colour' : size ? ' in this size' : color ? ' in this colour' : '';
  return `Only ${left} left${what}.`;
}

/**
 * Size, colour, quantity and Add to cart. Without JavaScript it is a plain form that posts to /cart
 * and comes back here with the message; with it a fetcher keeps the page and the header count
 * revalidates. Sold-out combinations are refused by the server either way; with JavaScript the
 * button also knows beforehand.
 */
export function ProductPurchase(props: Props) {
  const { product, purchasable, flash, asked, shareOnWhatsApp, askOnWhatsApp, initialColor } = props;
  const fetcher = useFetcher<typeof clientAction>();
  const hydrated = useHydrated();
  const colors = swatchColors(product.colors);
  const [size, setSize] = useState(product.sizes[0] ?? '');
  const [color, setColor] = useState((initialColor && colors.includes(initialColor) ? initialColor : colors[0]) ?? '');
  const [localMessage, setLocalMessage] = useState<Result | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A size or colour tapped before the scripts arrived stays chosen: the first render would otherwise put
  // the preselected one back, and Add to cart would then add a size the shopper did not pick.
  useOnHydration(() => {
    if (!formRef.current) return;
    const picked = new FormData(formRef.current);
    const pickedSize = picked.get('size');
    const pickedColor = picked.get('color');
    if (typeof pickedSize === 'string' && pickedSize !== size) setSize(pickedSize);
    if (typeof pickedColor === 'string' && pickedColor !== color) setColor(pickedColor);
  });

  const cap = capOf(product.variants, size, color);
  const chosenSoldOut = cap === 0;
  const busy = fetcher.state !== 'idle';
  const disabled = !product.inStock || !purchasable || (hydrated && chosenSoldOut) || busy;
  const label =
    !product.inStock || !purchasable
      ? 'Out of stock'
      : hydrated && chosenSoldOut
        ? 'Sold out'
        : busy
          ? 'Adding…'
          : 'Add to cart';

  // "Email me when it's back" (decision 0027): for the chosen size and colour once the scripts know it; before that (or
  // without JavaScript) whenever one is sold out, and the server tells a shopper who chose one in stock.
  const askBack = product.inStock && (hydrated ? chosenSoldOut : product.variants.some((v) => v.stock === 0));
  const result = localMessage ?? (fetcher.state === 'idle' ? fetcher.data : undefined) ?? flash;
  const notice =
    !hydrated || !product.inStock
      ? null
      : chosenSoldOut
        ? soldOutMessage(size, color)
        : cap <= LOW_STOCK
          ? lowStockMessage(cap, size, color)
          : null;

  function choose(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setLocalMessage(null);
    };
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/cart"
      id="add-to-cart"
      className="mt-8 flex flex-col gap-6 scroll-mt-6"
      onSubmit={(event) => {
        // docs/requirements.md#13-forms-and-validation: the sizes and colours must be chosen (they are preselected, so
        // this is a guard); a product sold in one size has no choice to make.
        const problem =
          product.sizes.length > 1 && !size
            ? CART_MESSAGES.selectSize
            : colors.length && !color
              ? CART_MESSAGES.selectColor
              : null;
        setLocalMessage(problem ? { ok: false, message: problem } : null);
        if (problem) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`/product/${product.id}#add-to-cart`} />}
      {product.sizes.length > 1 ? (
        <SizePicker
          options={product.sizes}
          value={size}
          onChange={choose(setSize)}
          soldOut={soldOutSizes(product, hydrated ? color : null)}
          showValue={hydrated}
        />
      ) : (
        // One size (or none): no picker, the line takes it (docs/requirements.md#4-what-each-page-shows).
        <>
          <input type="hidden" name="size" value={product.sizes[0] ?? ''} />
          {product.sizes.length ? (
            <p className="text-xs font-semibold uppercase tracking-widest">
              Size: <span className="font-normal normal-case tracking-normal text-muted">{product.sizes[0]}</span>
            </p>
          ) : null}
        </>
      )}
      <SizeGuideLink guide={Boolean(product.sizeGuide)} fitNote={product.fitNote} />
      {colors.length ? (
        <ColorPicker
          options={colors}
          value={color}
          onChange={choose(setColor)}
          soldOut={soldOutColors(product, hydrated ? size : null)}
          showValue={hydrated}
          swatches={product.swatches}
        />
      ) : (
        <input type="hidden" name="color" value="" />
      )}

      <div>
        <label htmlFor="quantity" className="text-xs font-semibold uppercase tracking-widest">
          Quantity
        </label>
        <input
          id="quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={hydrated && cap > 0 ? cap : MAX_LINE_QUANTITY}
          step={1}
          defaultValue={1}
          required
          className="mt-3 block h-12 w-24 border border-neutral-400 px-3 text-base"
        />
      </div>

      <div className="flex gap-3">
        <button
          type="submit"
          disabled={disabled}
          className="h-12 flex-1 bg-ink px-6 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800 disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-700"
        >
          {label}
        </button>
        <WishlistButton productId={product.id} productName={product.name} />
      </div>

      <div className="-mt-2 min-h-12 text-sm">
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-green-800' : 'text-sale'}>
            {result.message}
            {result.ok ? (
              <>
                {' '}
                <a href="/cart" className="font-medium text-ink underline underline-offset-4">
                  View cart
                </a>
              </>
            ) : null}
          </p>
        ) : notice ? (
          <p role="status" className="text-muted">
            {notice}
          </p>
        ) : null}
      </div>

      {askBack ? <BackInStockAsk answer={asked} /> : null}

      <div className="-mt-4 flex flex-wrap gap-x-6">
        {askOnWhatsApp ? <AskAboutPiece productId={product.id} size={size} color={color} hydrated={hydrated} /> : null}
        <ShareOnWhatsApp href={shareOnWhatsApp} />
      </div>
    </fetcher.Form>
  );
}
