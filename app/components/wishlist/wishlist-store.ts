/**
 * The visitor's wishlist in this browser (localStorage 'pj-wishlist': product ids, newest last). Customers'
 * lists live on the server; this list is merged into the account after sign-in and then emptied.
 */
import { parseStoredWishlist, WISHLIST_MAX, WISHLIST_STORAGE_KEY } from '~/lib/wishlist/wishlist-rules';

export function readBrowserWishlist(): string[] {
  try {
    return parseStoredWishlist(localStorage.getItem(WISHLIST_STORAGE_KEY));
  } catch {
    // Storage switched off (some private modes): an empty list.
    return [];
  }
}

export function writeBrowserWishlist(ids: string[]): void {
  try {
    if (ids.length) localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids.slice(-WISHLIST_MAX)));
    else localStorage.removeItem(WISHLIST_STORAGE_KEY);
  } catch {
    // Private mode or a full quota: the heart still toggles for this visit.
  }
}

/** Adds or removes one id; returns the new list. */
export function toggleBrowserWishlist(productId: string, save: boolean): string[] {
  const ids = readBrowserWishlist().filter((id) => id !== productId);
  if (save) ids.push(productId);
  writeBrowserWishlist(ids);
  return ids;
}
