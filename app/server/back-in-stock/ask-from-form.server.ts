/**
 * "Email me when it's back" as the product page posts it (decision 0027): parsed with the form's one schema, answered
 * with a redirect back to the product and the outcome in the query, in the store's own words only
 * (knownBackInStockMessage). A plain form post (JavaScript off) and the page's fetcher (which follows the redirect)
 * end up on the same page, with the same words for an address new or known (decision 0027). Over the hourly cap the
 * redirect carries the cap's message: a post/redirect/get form has no page of its own to answer a 429 with. Used by
 * POST /back-in-stock (its button), and by POST /cart when the shopper pressed Enter in the email field: the browser
 * then submits the product form's first button, Add to cart (routes/cart.tsx).
 */
import { redirect } from 'react-router';
import { backInStockSchema, BACK_IN_STOCK_MESSAGES, isBackInStockSuccess } from '~/lib/back-in-stock/back-in-stock';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { INVALID_EMAIL } from '~/lib/forms/forms';
import { isId } from '~/lib/ids';
import { parseSubmission } from '../http/form-submission.server';
import { shopperOf, type RequestArgs } from '../http/request-context.server';
import { clientKeyOf } from '../http/form-attempts.server';
import { logger } from '../logger.server';
import { askBackInStock } from './requests.server';

export async function answerBackInStock(args: RequestArgs, form: FormData): Promise<Response> {
  const submission = parseSubmission(form, backInStockSchema);
  const productId = form.get('productId');
  const back = typeof productId === 'string' && isId(productId) ? `/product/${productId}` : '/';

  let message: string;
  if (submission.status !== 'success') {
    message = submission.error?.email ? INVALID_EMAIL : CART_MESSAGES.unknownProduct;
  } else {
    const { email: typed, ...variant } = submission.value;
    const { user, ip } = await shopperOf(args);
    const email = typed ?? user?.email;
    if (!email) message = BACK_IN_STOCK_MESSAGES.needEmail;
    else {
      try {
        message = await askBackInStock(variant, {
          email,
          userId: user?.id ?? null,
          verifiedEmail: user?.emailVerified ? user.email : null,
          clientKey: clientKeyOf(ip),
        });
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

/**
 * The product form arrived at /cart with an email typed in its "Email me when it's back" field: only that field sends
 * one, and only Enter in it sends it to Add to cart. That is what the shopper meant.
 */
export function isBackInStockByEnter(form: FormData): boolean {
  const email = form.get('email');
  return form.get('intent') === 'add' && typeof email === 'string' && email.trim() !== '';
}
