/**
 * A product before its drop opens (decision 0036), in place of the purchase form: when it opens in Lagos time and a
 * countdown, both rendered by the server (plain text without JavaScript), the cap per customer, and "Email me when it
 * drops", a plain form posting to /back-in-stock (reason 'drop'), answered by a redirect back here, and the wishlist
 * heart. With JavaScript
 * the countdown ticks each second and, at zero, the page asks the server again until it answers with the open
 * product. A few lines, no library: the product page's scripts are at the edge of their budget.
 */
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { countdownText, DROP_WORDS, type UpcomingDrop } from '~/lib/catalog/drops';
import { WishlistButton } from '../../wishlist/wishlist-button';

type Answer = { ok: boolean; message: string } | null;
type Props = { product: { id: string; name: string }; drop: UpcomingDrop; cap: number | null; answer: Answer };

/** How often the page asks again once the countdown reached zero, until the server says it is open. */
const ASK_AGAIN_MS = 2_000;

export function ProductDrop({ product, drop, cap, answer }: Props) {
  return (
    <div className="mt-8 flex flex-col gap-4">
      <p className="text-xs font-semibold uppercase tracking-widest text-sale">Drops on {drop.moment}</p>
      <Countdown at={drop.at} initial={drop.countdown} />
      {cap ? <p className="text-sm text-muted">Limit {cap} per customer.</p> : null}
      <form method="post" action="/back-in-stock" id="back-in-stock" className="flex flex-wrap gap-3 scroll-mt-6">
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="reason" value="drop" />
        <label htmlFor="drop-email" className="w-full text-sm">
          Get one email when it drops (signed in, you may leave the email blank).
        </label>
        <input
          id="drop-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder="Email"
          className="h-12 min-w-0 flex-1 border border-neutral-400 px-3 text-base"
        />
        <button type="submit" className="h-12 border border-ink px-4 text-xs font-semibold uppercase tracking-widest">
          Email me when it drops
        </button>
        {/* Saved for later like any product (it posts this form to /wishlist until the scripts run). */}
        <WishlistButton productId={product.id} productName={product.name} />
        {answer ? (
          <p
            role={answer.ok ? 'status' : 'alert'}
            className={`w-full text-sm ${answer.ok ? 'text-green-800' : 'text-sale'}`}
          >
            {answer.message}
          </p>
        ) : null}
      </form>
    </div>
  );
}

function Countdown({ at, initial }: { at: string; initial: string }) {
  const [text, setText] = useState(initial);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const end = Date.parse(at);
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const left = end - Date.now();
      if (left > 0) {
        setText(countdownText(left));
        timer = setTimeout(tick, (left % 1000) + 1);
        return;
      }
      // Open: the loader's answer replaces this component; until it does (a clock ahead of the server's), ask again.
      setText(DROP_WORDS.opening);
      void revalidate();
      timer = setTimeout(tick, ASK_AGAIN_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [at, revalidate]);
  return (
    <p className="text-lg font-semibold tracking-tight" data-testid="drop-countdown">
      {text}
    </p>
  );
}
