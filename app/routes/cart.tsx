import { data, redirect } from 'react-router';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/cart';
import { CartPage } from '~/components/cart/cart-page';
import { CART_MESSAGES, knownCartMessage } from '~/lib/cart-rules';
import { parseCartForm, type CartFieldErrors } from '~/lib/cart-schema';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { applyCartAction, getCart, type CartResult } from '~/server/cart/cart.server';
import { takeCartNotices } from '~/server/cart/cart-notice.server';
import { logger } from '~/server/logger.server';
import { getSettings } from '~/server/settings.server';

export type CartActionData = {
  ok: boolean;
  message: string;
  lineId?: string;
  quantity?: number;
  fieldErrors?: CartFieldErrors;
};

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name;
  return [{ title: storeName ? `Your Cart | ${storeName}` : 'Your Cart' }, { name: 'robots', content: 'noindex' }];
}

/** A cart is one visitor's: never cached by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request }: Route.LoaderArgs) {
  const [cart, settings, { notices, clearCookie }] = await Promise.all([
    getCart(request),
    getSettings(),
    takeCartNotices(request),
  ]);
  const params = new URL(request.url).searchParams;
  const message = knownCartMessage(params.get('message'));
  const page = {
    cart,
    deliveryFee: settings.deliveryFee,
    flash: message ? { ok: params.get('ok') === '1', message } : null,
    notices,
  };
  return data(page, { headers: clearCookie ? { 'Set-Cookie': clearCookie } : {} });
}

/**
 * POST /cart: add, update, remove, clear. Fetchers get `{ ok, message, ... }`; a form sent without
 * JavaScript carries `redirectTo` and is redirected there with the message (post/redirect/get).
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => null);
  if (!form) return data<CartActionData>({ ok: false, message: CART_MESSAGES.failed }, { status: 400 });
  const redirectTo = form.has('redirectTo') ? safeRedirectPath(form.get('redirectTo'), '/cart') : null;

  const parsed = parseCartForm(form);
  let result: CartResult & { fieldErrors?: CartFieldErrors };
  if (!parsed.success) {
    result = { ok: false, status: 400, message: parsed.message, fieldErrors: parsed.fieldErrors };
  } else {
    try {
      result = await applyCartAction(request, parsed.action);
    } catch (error) {
      logger.error({ err: error, intent: parsed.action.intent }, 'cart action failed');
      result = {
        ok: false,
        status: 500,
        message: parsed.action.intent === 'add' ? CART_MESSAGES.addFailed : CART_MESSAGES.failed,
      };
    }
  }

  const headers = result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined;
  if (redirectTo) return redirect(withMessage(redirectTo, result), { headers });
  const { status, setCookie: _cookie, ...body } = result;
  return data<CartActionData>(body, { status, headers });
}

/**
 * With JavaScript, a failed request (offline, server down) would otherwise land in an error page;
 * the shopper gets the form's message instead and stays where they are.
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
    return {
      ok: false,
      message: intent === 'add' ? CART_MESSAGES.addFailed : CART_MESSAGES.failed,
    } satisfies CartActionData;
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
  return (
    <CartPage cart={loaderData.cart} deliveryFee={loaderData.deliveryFee} flash={flash} notices={loaderData.notices} />
  );
}
