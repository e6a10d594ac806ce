/**
 * GET /whatsapp/ask?product=<id>&size=<size>&color=<colour>: "Ask about this piece" on the product page
 * (docs/requirements.md#9-order-and-payment-statuses). Sends the shopper to a WhatsApp chat with the store's number and
 * a message naming the product, the size and colour chosen, and the product's page. A GET so that the page's purchase
 * form can send its choice without JavaScript; the product's name comes from the database and a size or colour the
 * product does not have is left out, so a link cannot make the store's chat say anything else. An unknown product gets
 * the 404 page, as on the product page; without a number (removed since the page was shown) the shopper is sent back to
 * the product. Nothing is kept: the answer depends on settings an admin may change at any time.
 */
import { redirect } from 'react-router';
import { askAboutPieceText, whatsappChatUrl } from '~/lib/whatsapp';
import { getProduct } from '~/server/catalog/product.server';
import { publicUrl } from '~/server/public-url.server';
import { getSettings } from '~/server/store/settings.server';
import type { Route } from './+types/whatsapp-ask';

const NOT_KEPT = { headers: { 'Cache-Control': 'no-store' } };

/** The value asked for, when it is one of the product's own. */
const oneOf = (options: string[], asked: string | null) => (asked && options.includes(asked) ? asked : null);

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const [product, settings] = await Promise.all([getProduct(query.get('product') ?? ''), getSettings()]);
  if (!product) return redirect('/404', NOT_KEPT);
  const page = `/product/${product.id}`;
  if (!settings.whatsappNumber) return redirect(page, NOT_KEPT);
  const text = askAboutPieceText({
    storeName: settings.storeName,
    productName: product.name,
    size: oneOf(product.sizes, query.get('size')),
    color: oneOf(product.colors, query.get('color')),
    url: publicUrl(page),
  });
  return redirect(whatsappChatUrl(settings.whatsappNumber, text), NOT_KEPT);
}
