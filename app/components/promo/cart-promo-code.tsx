/**
 * The cart's promo code (decision 0023): 'Use Promo Code' opens a field (a native <details>, so it opens
 * without JavaScript too); the code kept on the cart is shown with what it does now, or why it does not apply, and a
 * Remove button. The forms post to /cart, through fetchers once the scripts run and with a redirect back before.
 */
import { useFetcher, type FetcherWithComponents } from 'react-router';
import { useHydrated } from '~/hooks/use-hydrated';
import type { PromoView } from '~/lib/promo/cart-promo';
import { PROMO_CODE_MAX } from '~/lib/promo/promo';
import type { clientAction } from '~/routes/cart';
import { PROMO_APPLY_FETCHER_KEY, PROMO_REMOVE_FETCHER_KEY } from '../cart/cart-messages';

const linkButton = 'text-xs uppercase tracking-widest underline underline-offset-4';

/** How a promo code is typed, in the cart and at checkout: no autofill or spelling fixes, in capitals on phones. */
export const CODE_TYPING = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } as const;

/** Sends the code typed; pressing it again while the server answers does nothing. `size`: its height and margin. */
export function ApplyCodeButton({ busy, size }: { busy: boolean; size: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${size} border border-ink px-4 text-xs font-medium uppercase tracking-widest disabled:opacity-60`}
    >
      Apply
    </button>
  );
}

export function PromoCode({ promo }: { promo: PromoView | null }) {
  const applier = useFetcher<typeof clientAction>({ key: PROMO_APPLY_FETCHER_KEY });
  const remover = useFetcher<typeof clientAction>({ key: PROMO_REMOVE_FETCHER_KEY });
  const hydrated = useHydrated();
  // Gone at once when Remove is pressed; the page's summary follows when the server has answered.
  const shown = remover.state === 'idle' ? promo : null;
  const answer = applier.state === 'idle' ? applier.data : undefined;
  // A code the cart kept says what it does in its own line below; the answer is shown only when it says more.
  const said = answer && answer.message !== shown?.message ? answer : undefined;
  return (
    <div className="mt-6 space-y-3 border-t border-line pt-4 text-sm">
      {shown ? (
        <KeptPromo promo={shown} Form={remover.Form} action="/cart" redirectTo={hydrated ? null : '/cart'} />
      ) : null}
      <details>
        <summary className={`cursor-pointer ${linkButton}`}>Use Promo Code</summary>
        <applier.Form method="post" action="/cart" className="mt-3 flex gap-2">
          <input type="hidden" name="intent" value="promo" />
          {hydrated ? null : <input type="hidden" name="redirectTo" value="/cart" />}
          <label htmlFor="cart-promo-code" className="sr-only">
            Promo code
          </label>
          <input
            id="cart-promo-code"
            name="promoCode"
            required
            maxLength={PROMO_CODE_MAX}
            {...CODE_TYPING}
            className="h-10 min-w-0 flex-1 border border-line px-3 text-base uppercase"
          />
          <ApplyCodeButton busy={applier.state !== 'idle'} size="h-10" />
        </applier.Form>
        {said ? (
          <p role={said.ok ? 'status' : 'alert'} className={`mt-2 ${said.ok ? 'text-green-800' : 'text-sale'}`}>
            {said.message}
          </p>
        ) : null}
      </details>
    </div>
  );
}

/**
 * The code kept on the cart, with what it does now or why it does not apply, and Remove: the cart's and the
 * checkout's (checkout-promo-code-form.tsx), each posting through its own fetcher to its own page's action.
 * `redirectTo`: where a post without JavaScript comes back to, for an action that redirects.
 */
export function KeptPromo({
  promo,
  Form,
  action,
  redirectTo = null,
}: {
  promo: PromoView;
  Form: FetcherWithComponents<unknown>['Form'];
  action: string;
  redirectTo?: string | null;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <p role="status" className={promo.applied ? 'text-green-800' : 'text-sale'}>
        {promo.message}
      </p>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="remove-promo" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <button type="submit" className={`${linkButton} text-muted hover:text-ink`}>
          Remove<span className="sr-only"> the code {promo.code}</span>
        </button>
      </Form>
    </div>
  );
}
