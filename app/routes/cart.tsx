import { data, redirect } from 'react-router';
import type { Route } from './+types/cart';
import { CartPage } from '~/components/cart/cart-page';
import { knownPromoMessage } from '~/lib/promo/cart-promo';
import { CART_MESSAGES, knownCartMessage } from '~/lib/cart/cart-rules';
import { cartActionSchema, cartProblem } from '~/lib/cart/cart-schema';
import { uniformFee } from '~/lib/delivery/delivery';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { answerBackInStock, isBackInStockByEnter } from '~/server/back-in-stock/ask-from-form.server';
import { applyCartAction, getCartWithPromo, type CartResult } from '~/server/cart/cart.server';
import { takeCartNotices } from '~/server/cart/cart-notice.server';
import { parseSubmission, readForm, type FormAnswer } from '~/server/http/form-submission.server';
import { shopperOf } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name;
  return [{ title: storeName ? `Your Cart | ${storeName}` : 'Your Cart' }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const [{ cart, promo }, delivery, { notices, clearCookie }] = await Promise.all([
    shopperOf(args).then(getCartWithPromo),
    getDeliveryConfig(),
    takeCartNotices(request),
  ]);
  const params = new URL(request.url).searchParams;
  const message = knownCartMessage(params.get('message')) ?? knownPromoMessage(params.get('message'));
  const page = {
    cart,
    // The cart's promo code checked against it now (decision 0023): its discount, or why it does not apply.
    promo,
    // Before any address only a fee every address pays can be named (lib/orders/order-totals.ts).
    delivery: { fee: uniformFee(delivery), freeDeliveryOver: delivery.options.freeDeliveryOver },
    flash: message ? { ok: params.get('ok') === '1', message } : null,
    notices,
  };
  return data(page, { headers: clearCookie ? { 'Set-Cookie': clearCookie } : {} });
}

/**
 * POST /cart: add, update, remove, clear, and apply or remove a promo code. Fetchers get `{ ok, message, ... }`
 * (and, for a form the schema refused, Conform's `result` with the field errors); a form sent without JavaScript
 * carries `redirectTo` and is redirected there with the message (post/redirect/get).
 */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  // Enter in the product page's "Email me when it's back" field submits the form's first button, Add to cart.
  if (isBackInStockByEnter(form)) return answerBackInStock(args, form);
  const submission = parseSubmission(form, cartActionSchema);
  const redirectTo = form.has('redirectTo') ? safeRedirectPath(form.get('redirectTo'), '/cart') : null;

  let outcome: CartResult & Partial<FormAnswer>;
  if (submission.status !== 'success') {
    outcome = { ok: false, status: 400, message: cartProblem(submission.error), result: submission.reply() };
  } else {
    try {
      outcome = await applyCartAction(await shopperOf(args), submission.value);
    } catch (error) {
      logger.error({ err: error, intent: submission.value.intent }, 'cart action failed');
      outcome = {
        ok: false,
        status: 500,
        message: submission.value.intent === 'add' ? CART_MESSAGES.addFailed : CART_MESSAGES.failed,
      };
    }
  }

  const headers = outcome.setCookie ? { 'Set-Cookie': outcome.setCookie } : undefined;
  if (redirectTo) return redirect(withMessage(redirectTo, outcome), { headers });
  const { status, setCookie: _cookie, ...body } = outcome;
  return data(body, { status, headers });
}

/**
 * With JavaScript, a failed request (offline, server down) would otherwise land in an error page;
 * the shopper gets the form's message instead and stays where they are. The fetchers read their answer's type
 * from this function (`useFetcher<typeof clientAction>`).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = await request
    .clone()
    .formData()
    .then((form) => form.get('intent'))
    .catch(() => null);
  try {
    return await serverAction();
  } catch {
    return { ok: false, message: intent === 'add' ? CART_MESSAGES.addFailed : CART_MESSAGES.failed };
  }
}

function withMessage(path: string, { ok, message }: { ok: boolean; message: string }): string {
  const url = new URL(path, 'http://local');
  url.searchParams.set('message', message);
  if (ok) url.searchParams.set('ok', '1');
  else url.searchParams.delete('ok');
  return `${url.pathname}${url.search}${url.hash}`;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const flash = actionData ? { ok: actionData.ok, message: actionData.message } : loaderData.flash;
  const { cart, promo, delivery, notices } = loaderData;
  return <CartPage cart={cart} promo={promo} delivery={delivery} flash={flash} notices={notices} />;
}
