import { useEffect, useState } from 'react';
import { HeartIcon } from '~/components/icons';
import { useHydrated } from '~/lib/use-hydrated';

/** SPEC.md: the heart toggles locally. Kept in this browser until the accounts issue stores it. */
export const WISHLIST_STORAGE_KEY = 'pj-wishlist';

function readWishlist(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function WishlistButton({ productId, productName }: { productId: string; productName: string }) {
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(readWishlist().includes(productId)), [productId]);

  function toggle() {
    const next = !saved;
    const ids = readWishlist().filter((id) => id !== productId);
    if (next) ids.push(productId);
    try {
      localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
    } catch {
      // Private mode or a full quota: the heart still toggles for this visit.
    }
    setSaved(next);
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={!hydrated}
      aria-pressed={saved}
      aria-label={`Save ${productName} to wishlist`}
      title={saved ? 'Saved to your wishlist' : 'Save to wishlist'}
      className="flex h-12 w-12 shrink-0 items-center justify-center border border-ink disabled:border-line disabled:text-muted"
    >
      <HeartIcon filled={saved} className={`h-5 w-5 ${saved ? 'text-sale' : ''}`} />
    </button>
  );
}
