/**
 * The wishlist as a page sees it: for visitors the browser list; for customers the account's list, loaded
 * after hydration. A signed-in page first posts any browser list to the account (intent 'merge') and then
 * empties it: that is how a visitor's hearts follow them into their account, and why a shared browser does
 * not keep one customer's hearts for the next visitor.
 */
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useShopperView } from '~/hooks/use-shopper-view';
import { WISHLIST_MESSAGES } from '~/lib/wishlist/wishlist-rules';
import type { action, loader } from '~/routes/wishlist';
import { readBrowserWishlist, toggleBrowserWishlist, writeBrowserWishlist } from './wishlist-store';

/** POST /wishlist's answer to a fetcher, as the action declares it. */
type WishlistAnswer = NonNullable<ReturnType<typeof useFetcher<typeof action>>['data']>;
/** What the heart says after a change: the action's answer, or the browser list's own words for a visitor. */
type WishlistMessage = Pick<WishlistAnswer, 'ok' | 'message'>;

export function useSignedIn(): boolean {
  return Boolean(useShopperView().account);
}

/**
 * For a signed-in customer: posts the browser list (if any) to the account once, then empties it.
 * `revalidate` reloads the page's data afterwards (the /wishlist page shows the merged cards).
 * Returns the fetcher, whose answer holds the account's ids after the merge.
 */
export function useBrowserListMerge(
  signedIn: boolean,
  { revalidate, loadIds }: { revalidate: boolean; loadIds: boolean },
) {
  // It loads the account's ids (the loader's ?view=ids) or posts the merge (the action): either answer.
  const sync = useFetcher<typeof loader | typeof action>();
  useEffect(() => {
    if (!signedIn) return;
    const local = readBrowserWishlist();
    if (local.length) {
      const body = new FormData();
      body.set('intent', 'merge');
      for (const id of local) body.append('productIds', id);
      sync.submit(body, { method: 'post', action: '/wishlist', defaultShouldRevalidate: revalidate });
    } else if (loadIds) {
      sync.load('/wishlist?view=ids');
    }
    // Once per page and sign-in state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  useEffect(() => {
    const data = sync.data;
    if (sync.state === 'idle' && data && 'ok' in data && data.ok && data.ids) writeBrowserWishlist([]);
  }, [sync.state, sync.data]);
  return sync;
}

/** The heart's view: `ids` is null until known; `toggle` saves or removes one product. */
export function useWishlist() {
  const signedIn = useSignedIn();
  const sync = useBrowserListMerge(signedIn, { revalidate: false, loadIds: true });
  const change = useFetcher<typeof action>();
  const [ids, setIds] = useState<string[] | null>(null);
  const [message, setMessage] = useState<WishlistMessage | null>(null);

  useEffect(() => {
    if (!signedIn) setIds(readBrowserWishlist());
  }, [signedIn]);

  useEffect(() => {
    const data = sync.data;
    if (sync.state === 'idle' && data && 'ids' in data && data.ids) setIds(data.ids);
  }, [sync.state, sync.data]);

  useEffect(() => {
    const data = change.data;
    if (change.state !== 'idle' || !data) return;
    setMessage(data);
    // The answer carries the true state after the action (also when it failed), which undoes an optimistic change.
    const { productId, saved } = data;
    if (productId && typeof saved === 'boolean')
      setIds((current) => (current ? withId(current, productId, saved) : current));
  }, [change.state, change.data]);

  function toggle(productId: string) {
    const save = !(ids ?? []).includes(productId);
    setIds((current) => withId(current ?? [], productId, save));
    if (!signedIn) {
      toggleBrowserWishlist(productId, save);
      setMessage({ ok: true, message: save ? WISHLIST_MESSAGES.saved : WISHLIST_MESSAGES.removed });
      return;
    }
    change.submit(
      { intent: save ? 'add' : 'remove', productId },
      { method: 'post', action: '/wishlist', defaultShouldRevalidate: false },
    );
  }

  return { signedIn, ids, ready: ids !== null, busy: change.state !== 'idle', toggle, message };
}

function withId(ids: string[], productId: string, save: boolean): string[] {
  const rest = ids.filter((id) => id !== productId);
  return save ? [...rest, productId] : rest;
}
