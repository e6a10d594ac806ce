/**
 * A shopper's own copies of a stored page (decision 0021): the page as stored with their personal parts joined in
 * by a Personalizer, kept with the page per view, and the paths known to be shareable, whose shoppers may get them.
 */
import type { IncomingMessage } from 'node:http';
import { etagOf } from './content-negotiation';
import type { Copy, Entry } from './page-store';

/**
 * How a stored page is made a shopper's own (decision 0021; server/app.ts hands in
 * server/page-cache/shopper-parts.tsx): a request with the store's cookies to a page known to be shareable gets
 * the page as stored with its personal parts joined in, instead of a render of its own.
 */
export type Personalizer<View> = {
  /** The view of the request's shopper, from their cookies (at most one SQL statement; never rejects). */
  read: (cookie: string | undefined) => Promise<View>;
  /** Joined copies are kept per key. */
  key: (view: View) => string;
  /** The stored body made the view's, or null when the page has nothing to join (it is then rendered for them). */
  join: (body: Buffer, view: View) => Promise<Buffer | null>;
};

/** Joined copies kept per stored page (different cart counts and accounts); the oldest goes first. */
const JOINED_PER_PAGE = 32;
/** Paths remembered as shareable pages, so a shopper's request for one is joined rather than rendered. */
const SHAREABLE_PATHS = 20_000;

export type Joiner<View> = {
  /** The stored page joined for a view, made once per view and kept with the page; null if it cannot be joined. */
  joinedCopy: (entry: Entry, view: View) => Promise<Copy | null>;
  /** The page `body` joined for a view, with its ETag; null when it has nothing to join. */
  joinCopy: (body: Buffer, view: View) => Promise<Copy | null>;
};

/** `grow` counts a joined copy against the stored page it was made from (PageStore.grow). */
export function createJoiner<View>(
  personalizer: Personalizer<View> | undefined,
  grow: (entry: Entry, by: number) => void,
): Joiner<View> {
  function joinedCopy(entry: Entry, view: View): Promise<Copy | null> {
    const key = personalizer!.key(view);
    let copy = entry.joined.get(key);
    if (!copy) {
      if (entry.joined.size >= JOINED_PER_PAGE) entry.joined.delete(entry.joined.keys().next().value!);
      copy = joinCopy(entry.body, view).then((joined) => {
        if (joined) grow(entry, joined.body.length);
        return joined;
      });
      entry.joined.set(key, copy);
    }
    return copy;
  }

  async function joinCopy(body: Buffer, view: View): Promise<Copy | null> {
    const joined = await personalizer!.join(body, view);
    return joined ? { body: joined, etag: etagOf(joined), variants: {} } : null;
  }

  return { joinedCopy, joinCopy };
}

export type ShareablePaths = {
  /** Paths whose pages came out shareable: the same for everyone but the header's shopper parts. */
  has: (path: string) => boolean;
  remember: (path: string) => void;
  /** A shareable path whose page had nothing to join: its shoppers' requests are rendered for them from now on. */
  forget: (path: string) => void;
};

export function createShareablePaths(): ShareablePaths {
  const shareablePaths = new Set<string>();
  /** Shareable paths whose pages had nothing to join: their shoppers' requests are rendered for them. */
  const unjoinablePaths = new Set<string>();

  function rememberShareable(path: string) {
    if (shareablePaths.has(path) || unjoinablePaths.has(path)) return;
    remember(shareablePaths, path);
  }

  function forgetShareable(path: string) {
    shareablePaths.delete(path);
    remember(unjoinablePaths, path);
  }

  return { has: (path) => shareablePaths.has(path), remember: rememberShareable, forget: forgetShareable };
}

/** Adds to a bounded set of paths, the oldest going first. */
function remember(paths: Set<string>, path: string) {
  if (paths.size >= SHAREABLE_PATHS) paths.delete(paths.values().next().value!);
  paths.add(path);
}

/** The path a page is remembered by: the request's URL without its query and fragment. */
export const pathOf = (req: IncomingMessage) => (req.url ?? '/').split(/[?#]/)[0];
