/**
 * POST /back-in-stock: "Email me when it's back" from the product page's purchase form (issue 18). The product page
 * is stored and shared by every shopper (decision 0021), so its form is the same for everyone: a visitor gives an
 * email, a signed-in customer may leave it blank and their account's address is used. The answer is always a
 * redirect back to the product with the outcome in the query, in the store's own words only (knownBackInStockMessage):
 * a plain form post (JavaScript off) and the page's fetcher (which follows the redirect) end up on the same page.
 */
import { data, redirect } from 'react-router';
import { backInStockSchema, BACK_IN_STOCK_MESSAGES, isBackInStockSuccess } from '~/lib/back-in-stock';
import { CART_MESSAGES } from '~/lib/cart-rules';
import { INVALID_EMAIL } from '~/lib/forms';
import { isId } from '~/lib/ids';
import { askBackInStock } from '~/server/back-in-stock/requests.server';
import { readSubmission } from '~/server/http/form-submission.server';
import { currentUser } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/back-in-stock';

export function loader() {
  throw data('Ask from the product page.', { status: 405, headers: { Allow: 'POST' } });
}

export async function action(args: Route.ActionArgs) {
  const { form, submission } = await readSubmission(args.request, backInStockSchema);
  const productId = form.get('productId');
  const back = typeof productId === 'string' && isId(productId) ? `/product/${productId}` : '/';

  let message: string;
  if (submission.status !== 'success') {
    message = submission.error?.email ? INVALID_EMAIL : CART_MESSAGES.unknownProduct;
  } else {
    const { email: typed, ...variant } = submission.value;
    const user = await currentUser(args);
    const email = typed ?? user?.email;
    if (!email) message = BACK_IN_STOCK_MESSAGES.needEmail;
    else {
      try {
        message = await askBackInStock(variant, { email, userId: user?.id ?? null });
      } catch (error) {
        logger.error({ err: error, productId: variant.productId }, 'back-in-stock request failed');
        message = BACK_IN_STOCK_MESSAGES.failed;
      }
    }
  }
  const query = new URLSearchParams({ message });
  if (isBackInStockSuccess(message)) query.set('ok', '1');
  return redirect(`${back}?${query}#back-in-stock`, 303);
}
