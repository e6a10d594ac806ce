const LINK =
  'inline-flex min-h-11 items-center text-xs font-semibold uppercase tracking-widest underline underline-offset-4 ' +
  'hover:text-muted';
const ASK = 'Ask about this piece on WhatsApp';
/** routes/whatsapp-ask.ts: it answers with the wa.me link, the product's name read from the database. */
const ASK_ROUTE = '/whatsapp/ask';

/**
 * "Ask about this piece" (docs/requirements.md#9-order-and-payment-statuses), inside the purchase form so that it
 * carries the size and colour chosen. Until the scripts run it is a submit button sending the form by GET to the ask
 * route in a new tab; then a plain link to the same route with the choice React holds, because React Router's form
 * takes every submit of the form for itself. The same for every shopper, as the stored product page must be
 * (decision 0021).
 */
export function AskAboutPiece({
  productId,
  size,
  color,
  hydrated,
}: {
  productId: string;
  size: string;
  color: string;
  hydrated: boolean;
}) {
  return hydrated ? (
    <a
      href={`${ASK_ROUTE}?${new URLSearchParams({ product: productId, size, color })}`}
      target="_blank"
      rel="noopener noreferrer"
      className={LINK}
    >
      {ASK}
    </a>
  ) : (
    <button
      type="submit"
      name="product"
      value={productId}
      formAction={ASK_ROUTE}
      formMethod="get"
      formTarget="_blank"
      formNoValidate
      className={LINK}
    >
      {ASK}
    </button>
  );
}

/** WhatsApp's "send to…" with the product's name and page (made by the product page's loader). */
export function ShareOnWhatsApp({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK}>
      Share on WhatsApp
    </a>
  );
}
