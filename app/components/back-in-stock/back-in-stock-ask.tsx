/**
 * "Email me when it's back" (decision 0027), inside the purchase form so the chosen size and colour go with it: its
 * button posts the form to /back-in-stock instead of /cart, which redirects back here with `answer`. The product page
 * is stored and shared by every shopper (decision 0021), so this is the same for everyone: a signed-in customer leaves
 * the email blank and the server uses their account's. The browser checks the address (type="email"); the server's
 * schema decides. Kept small: the product page's scripts are at the edge of their budget.
 */
type Answer = { ok: boolean; message: string } | null;

export function BackInStockAsk({ answer }: { answer: Answer }) {
  return (
    <div id="back-in-stock" className="-mt-2 flex flex-wrap gap-3">
      <label htmlFor="back-in-stock-email" className="w-full text-sm">
        Sold out? Get one email when it&apos;s back (signed in, you may leave the email blank).
      </label>
      <input
        id="back-in-stock-email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        placeholder="Email"
        className="h-12 min-w-0 flex-1 border border-neutral-400 px-3 text-base"
        onKeyDown={(event) => {
          // Enter would submit the form's first button, Add to cart, which is disabled while sold out (without
          // JavaScript it is not, and /cart hands the ask over: routes/cart.tsx).
          if (event.key !== 'Enter') return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit(event.currentTarget.nextElementSibling as HTMLButtonElement);
        }}
      />
      <button
        type="submit"
        formAction="/back-in-stock"
        className="h-12 border border-ink px-4 text-xs font-semibold uppercase tracking-widest"
      >
        Email me when it&apos;s back
      </button>
      {answer ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={`w-full text-sm ${answer.ok ? 'text-green-800' : 'text-sale'}`}
        >
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}
