/**
 * Each process keeps the header views it read (decision 0021), by the shopper's store cookies, for SHOPPER_VIEW_TTL_MS:
 * a shopper's next stored pages are joined without the one SQL statement their view costs. What changes a view is
 * dropped at once:
 * - a cart's lines changed, in any process or by a cascade: the database's trigger notifies the cart's owner
 *   (drizzle/0013_cart_change_notices.sql, shared-invalidation.server.ts), and every process drops that owner's views;
 * - a session's admin rights changed (granted, removed, the address verified) or the session ended (signed out
 *   anywhere, a password reset, expiry pruning): a trigger on sessions does the same (drizzle/0017);
 * - any other write by the shopper: `forgetOnWrites` drops the view of the cookies it carried, before and after, in
 *   the process that answered it.
 * A session past its expiry that nothing deleted yet shows the account links for at most the TTL: the header's links
 * only, never what a private page or the admin guard decides (they read the session themselves).
 */
import type { NextFunction, Request, Response } from 'express';
import type { ShopperView } from '~/lib/shopper-view';
import { carriesStoreCookie, storeCookiesKey } from './store-cookies.server';

export const SHOPPER_VIEW_TTL_MS = 30_000;
/** About 200 bytes each: at most a few MB per process. */
const MAX_VIEWS = 20_000;

/** A view as read, with whose cart it counts (a user id, or a visitor's cart id; null: no cart to change). */
export type OwnedView = { view: ShopperView; owner: string | null };

/** `owner` is undefined while the view is being read. */
type Entry = { view: Promise<OwnedView>; readAt: number; owner?: string | null };

export type ShopperViewCache = {
  /** The view of these cookies, read by `load` unless a fresh one is kept (concurrent asks share one read). */
  read: (cookie: string | undefined, load: () => Promise<OwnedView>) => Promise<OwnedView>;
  /** Drops the views counting `owner`'s cart, or all of them. */
  forget: (owner?: string) => void;
  forgetCookie: (cookie: string | undefined) => void;
  /** Express middleware: a write with the store's cookies drops their view before and after it runs. */
  forgetOnWrites: (req: Request, res: Response, next: NextFunction) => void;
};

export function createShopperViewCache({
  ttlMs = SHOPPER_VIEW_TTL_MS,
  maxViews = MAX_VIEWS,
  now = Date.now,
}: { ttlMs?: number; maxViews?: number; now?: () => number } = {}): ShopperViewCache {
  const views = new Map<string, Entry>();
  /** Which kept views count each owner's cart, to drop them when it changes. */
  const byOwner = new Map<string, Set<string>>();
  /** Views being read: whose they are is not known yet. */
  const pending = new Set<string>();

  function drop(key: string) {
    const entry = views.get(key);
    views.delete(key);
    pending.delete(key);
    if (!entry?.owner) return;
    const keys = byOwner.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) byOwner.delete(entry.owner);
  }

  function read(cookie: string | undefined, load: () => Promise<OwnedView>): Promise<OwnedView> {
    if (ttlMs <= 0) return load();
    const key = storeCookiesKey(cookie);
    const kept = views.get(key);
    if (kept && now() - kept.readAt < ttlMs) return kept.view;
    if (kept) drop(key);
    if (views.size >= maxViews) drop(views.keys().next().value!);
    const entry: Entry = { view: load(), readAt: now() };
    views.set(key, entry);
    pending.add(key);
    entry.view.then(
      ({ owner }) => {
        // Dropped or replaced while it was read: a change came in meanwhile, so this read may predate it.
        if (views.get(key) !== entry) return;
        pending.delete(key);
        entry.owner = owner;
        if (owner === null) return;
        let keys = byOwner.get(owner);
        if (!keys) byOwner.set(owner, (keys = new Set()));
        keys.add(key);
      },
      () => {
        if (views.get(key) === entry) drop(key);
      },
    );
    return entry.view;
  }

  function forget(owner?: string) {
    if (owner === undefined) {
      views.clear();
      byOwner.clear();
      pending.clear();
      return;
    }
    for (const key of [...(byOwner.get(owner) ?? [])]) drop(key);
    // A view still being read may have read the cart before this change, and whose it is is not known yet.
    for (const key of [...pending]) drop(key);
  }

  const forgetCookie = (cookie: string | undefined) => {
    if (carriesStoreCookie(cookie)) drop(storeCookiesKey(cookie));
  };

  function forgetOnWrites(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD' && carriesStoreCookie(req.headers.cookie)) {
      const cookie = req.headers.cookie;
      forgetCookie(cookie);
      res.on('finish', () => forgetCookie(cookie));
    }
    next();
  }

  return { read, forget, forgetCookie, forgetOnWrites };
}
