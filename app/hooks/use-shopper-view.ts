/**
 * Who the page is for, as the header and the wishlist hearts show it. Usually the root loader's data. A stored
 * storefront page joined for a shopper with a cart or a session (decision 0021) carries the root data of the page as
 * stored, a visitor's, and the shopper's own view in a JSON block (SHOPPER_VIEW_ID) the server added: that view holds
 * until the root loader runs again (after adding to the cart, signing in or out), which gives a new root data object.
 */
import { useRouteLoaderData } from 'react-router';
import { parseShopperView, SHOPPER_VIEW_ID, type ShopperView } from '~/lib/shopper-view';
import type { RootData } from '~/root';

/** The joined view and the root data it stands in for; null once read and absent. */
let joined: { root: RootData | undefined; view: ShopperView } | null | undefined;

function readJoinedView(root: RootData | undefined) {
  if (joined !== undefined) return joined;
  const view = parseShopperView(document.getElementById(SHOPPER_VIEW_ID)?.textContent);
  joined = view ? { root, view } : null;
  return joined;
}

export function useShopperView(): ShopperView {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const fromRoot: ShopperView = { cartCount: root?.cartCount ?? 0, account: root?.account ?? null };
  if (typeof document === 'undefined') return fromRoot;
  const overlay = readJoinedView(root);
  return overlay && overlay.root === root ? overlay.view : fromRoot;
}
