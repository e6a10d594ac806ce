import { useSearchParams } from 'react-router';
import { HeartIcon } from '~/components/icons';
import { useWishlist } from '~/components/wishlist/use-wishlist';
import { useHydrated } from '~/hooks/use-hydrated';

/**
 * The wishlist heart (decision 0005): customers' hearts save to their account (POST /wishlist), visitors'
 * stay in this browser and join the account at sign-in. Until the scripts run, every heart submits the
 * surrounding product form to /wishlist (its `wishlist=add` button value names the intent): a customer comes back
 * with ?wishlist=saved, a visitor is asked to sign in first. The heart is the same for both until then, so a stored
 * product page serves every shopper (decision 0021); the visitor's browser-only list needs JavaScript, like the
 * original brief's local heart (docs/requirements.md#17-changes-from-the-original-brief).
 */
export function WishlistButton({ productId, productName }: { productId: string; productName: string }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { ids, ready, busy, toggle, message } = useWishlist();
  const saved = hydrated && ids ? ids.includes(productId) : params.get('wishlist') === 'saved';
  /** What the heart shows and says, the same before and after the scripts run. */
  const face = {
    'aria-pressed': saved,
    'aria-label': `Save ${productName} to wishlist`,
    title: saved ? 'Saved to your wishlist' : 'Save to wishlist',
    className:
      'flex h-12 w-12 shrink-0 items-center justify-center border border-ink disabled:border-line disabled:text-muted',
    children: <HeartIcon filled={saved} className={`h-5 w-5 ${saved ? 'text-sale' : ''}`} />,
  };

  if (!hydrated) {
    return <button type="submit" formAction="/wishlist" formMethod="post" name="wishlist" value="add" {...face} />;
  }
  const failed = message && !message.ok ? message.message : null;
  return (
    <span className="relative flex">
      <button type="button" onClick={() => toggle(productId)} disabled={!hydrated || !ready || busy} {...face} />
      <span
        role="status"
        className={
          failed
            ? 'absolute right-0 top-full z-10 mt-2 w-56 border border-sale bg-paper p-2 text-xs text-sale'
            : 'sr-only'
        }
      >
        {message?.message ?? ''}
      </span>
    </span>
  );
}
