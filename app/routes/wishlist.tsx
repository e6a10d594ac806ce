/**
 * /wishlist (decision 0005). GET: a customer's saved products as cards (or `?view=ids`: just the ids, for the
 * hearts); for a visitor, cards for `?ids=` (their browser list, fetched by the page). POST: add, remove,
 * toggle or merge for the signed-in customer; visitors get 401 (or the sign-in page without JavaScript).
 */
import { data, redirect } from 'react-router';
import { WishlistPage } from '~/components/wishlist/wishlist-page';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { parseIdsParam, WISHLIST_MESSAGES, wishlistActionSchema, type WishlistAction } from '~/lib/wishlist/wishlist';
import { loginRedirect } from '~/server/accounts/auth.server';
import { parseSubmission, readForm, type FormAnswer } from '~/server/http/form-submission.server';
import { currentUser } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import {
  addToWishlist,
  cardsForIds,
  listWishlist,
  mergeWishlist,
  removeFromWishlist,
  toggleWishlist,
  wishlistIds,
  type WishlistChange,
} from '~/server/wishlist/wishlist.server';
import type { Route } from './+types/wishlist';

/**
 * What POST /wishlist answers a fetcher: the true state of one product after the action (also when it failed, so
 * an optimistic heart is undone), or the account's ids after a merge. The pages read it through
 * `useFetcher<typeof action>`.
 */
type WishlistResult = { ok: boolean; message: string; saved?: boolean; productId?: string; ids?: string[] };

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name;
  return [{ title: storeName ? `Wishlist | ${storeName}` : 'Wishlist' }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const user = await currentUser(args);
  const flash = url.searchParams.get('wishlist');
  const notice =
    flash === 'saved'
      ? { ok: true, message: WISHLIST_MESSAGES.saved }
      : flash === 'removed'
        ? { ok: true, message: WISHLIST_MESSAGES.removed }
        : flash === 'full'
          ? { ok: false, message: WISHLIST_MESSAGES.full }
          : null;
  if (user) {
    if (url.searchParams.get('view') === 'ids')
      return data({ signedIn: true, products: null, ids: await wishlistIds(user.id), notice });
    const products = await listWishlist(user.id);
    return data({ signedIn: true, products, ids: products.map((p) => p.id), notice });
  }
  // A visitor's list is in their browser: the server renders the page without it, then the page asks for cards.
  const ids = parseIdsParam(url.searchParams.get('ids'));
  const products = url.searchParams.has('ids') ? await cardsForIds(ids) : null;
  return data({ signedIn: false, products, ids: [] as string[], notice });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const form = await readForm(request);
  // Without JavaScript the forms say where to come back to (post/redirect/get).
  const back = form.has('redirectTo') ? safeRedirectPath(form.get('redirectTo'), '/wishlist') : null;
  const user = await currentUser(args);
  if (!user) {
    if (back) throw loginRedirect(request, back);
    return data<WishlistResult>({ ok: false, message: WISHLIST_MESSAGES.signIn }, { status: 401 });
  }

  // The product page's heart submits the product form, whose own `intent` is the cart's: its button value wins.
  // That is why this action reads the form itself and parses it afterwards, not through readSubmission.
  const heart = form.get('wishlist');
  if (heart !== null) form.set('intent', heart);
  const submission = parseSubmission(form, wishlistActionSchema);
  if (submission.status !== 'success') {
    // One line to show: the first problem the schema found (an unknown intent, or which product).
    const message = Object.values(submission.error ?? {}).find((errors) => errors?.length)?.[0];
    return data<WishlistResult & FormAnswer>(
      { ok: false, message: message ?? WISHLIST_MESSAGES.failed, result: submission.reply() },
      { status: 400 },
    );
  }

  let result: { status: number; body: WishlistResult };
  try {
    result = await apply(user.id, submission.value);
  } catch (error) {
    logger.error({ err: error, intent: submission.value.intent }, 'wishlist action failed');
    result = { status: 500, body: { ok: false, message: WISHLIST_MESSAGES.failed } };
  }
  if (back) return redirect(withFlash(back, result.body));
  return data<WishlistResult>(result.body, { status: result.status });
}

async function apply(userId: string, action: WishlistAction): Promise<{ status: number; body: WishlistResult }> {
  if (action.intent === 'merge') {
    const ids = await mergeWishlist(userId, action.productIds);
    return { status: 200, body: { ok: true, message: '', ids } };
  }
  const run = { add: addToWishlist, remove: removeFromWishlist, toggle: toggleWishlist }[action.intent];
  const change: WishlistChange = await run(userId, action.productId);
  const { productId } = action;
  if (change.ok)
    return {
      status: 200,
      body: {
        ok: true,
        saved: change.saved,
        productId,
        message: change.saved ? WISHLIST_MESSAGES.saved : WISHLIST_MESSAGES.removed,
      },
    };
  // Failed adds answer with the true state (not saved), so an optimistic heart is undone.
  if (change.reason === 'full')
    return { status: 409, body: { ok: false, saved: false, productId, message: WISHLIST_MESSAGES.full } };
  return { status: 404, body: { ok: false, saved: false, productId, message: WISHLIST_MESSAGES.unknownProduct } };
}

function withFlash(path: string, result: WishlistResult): string {
  const url = new URL(path, 'http://local');
  if (result.ok && typeof result.saved === 'boolean')
    url.searchParams.set('wishlist', result.saved ? 'saved' : 'removed');
  else if (result.message === WISHLIST_MESSAGES.full) url.searchParams.set('wishlist', 'full');
  return `${url.pathname}${url.search}${url.hash}`;
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  return <WishlistPage signedIn={loaderData.signedIn} products={loaderData.products} notice={loaderData.notice} />;
}
