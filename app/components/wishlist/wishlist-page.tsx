import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { useHydrated } from '~/hooks/use-hydrated';
import { useBrowserListMerge } from './use-wishlist';
import { WishlistGrid } from './wishlist-grid';
import { readBrowserWishlist, toggleBrowserWishlist } from './wishlist-store';

type Props = { signedIn: boolean; products: ProductCardData[] | null; notice: { ok: boolean; message: string } | null };

const BUTTON =
  'inline-block bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800';
const SECONDARY =
  'inline-block border border-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest hover:bg-ink hover:text-paper';

/** /wishlist: the account's saved products for customers; the browser's list (read after hydration) for visitors. */
export function WishlistPage({ signedIn, products, notice }: Props) {
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Wishlist</h1>
      <div className="mt-3 min-h-6">
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} className={`text-sm ${notice.ok ? 'text-green-800' : 'text-sale'}`}>
            {notice.message}
          </p>
        ) : null}
      </div>
      {signedIn ? <AccountWishlist products={products ?? []} /> : <BrowserWishlist shared={products} />}
    </section>
  );
}

function AccountWishlist({ products }: { products: ProductCardData[] }) {
  // A list saved in this browser before signing in joins the account (and this page reloads its cards).
  useBrowserListMerge(true, { revalidate: true, loadIds: false });
  if (!products.length) return <Empty />;
  return <WishlistGrid products={products} mode="account" />;
}

/** Without JavaScript the list cannot be read from the browser: the page says so and offers to sign in. */
function BrowserWishlist({ shared }: { shared: ProductCardData[] | null }) {
  const hydrated = useHydrated();
  const cards = useFetcher<{ products: ProductCardData[] | null }>();
  const [ids, setIds] = useState<string[] | null>(null);
  useEffect(() => {
    const local = readBrowserWishlist();
    setIds(local);
    if (local.length && !shared) cards.load(`/wishlist?ids=${local.join(',')}`);
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loaded = shared ?? cards.data?.products ?? null;
  if (!hydrated || ids === null) return <SignInPrompt />;
  if (!ids.length && !shared) return <Empty signIn />;
  if (!loaded) {
    return (
      <p role="status" className="mt-10 text-sm text-muted">
        Loading your wishlist…
      </p>
    );
  }
  const visible = shared ? loaded : loaded.filter((product) => ids.includes(product.id));
  return (
    <>
      <p className="mb-8 text-sm text-muted">
        Saved in this browser.{' '}
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: '/wishlist' })}`}
          className="text-ink underline underline-offset-4"
        >
          Sign in
        </Link>{' '}
        to keep your wishlist on every device.
      </p>
      {visible.length ? (
        <WishlistGrid products={visible} mode="browser" onRemove={(id) => setIds(toggleBrowserWishlist(id, false))} />
      ) : (
        <Empty signIn />
      )}
    </>
  );
}

function SignInPrompt() {
  return (
    <div className="mt-10 border border-line px-6 py-16 text-center">
      <h2 className="text-lg font-medium">Your saved products</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">
        Products you save with the heart are kept in this browser. Sign in to keep them in your account and see them on
        any device.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to={`/login?${new URLSearchParams({ redirectTo: '/wishlist' })}`} className={BUTTON}>
          Sign In
        </Link>
        <Link to="/collections" className={SECONDARY}>
          Browse the Shop
        </Link>
      </div>
    </div>
  );
}

function Empty({ signIn = false }: { signIn?: boolean }) {
  return (
    <div className="mt-10 border border-line px-6 py-16 text-center">
      <h2 className="text-lg font-medium">Your wishlist is empty</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">Tap the heart on a product to save it here for later.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/collections" className={BUTTON}>
          Continue Shopping
        </Link>
        {signIn ? (
          <Link to={`/login?${new URLSearchParams({ redirectTo: '/wishlist' })}`} className={SECONDARY}>
            Sign In
          </Link>
        ) : null}
      </div>
    </div>
  );
}
