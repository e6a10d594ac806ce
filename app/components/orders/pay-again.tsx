/**
 * "Pay for this order" on an unpaid order's page (decision 0025): a plain form, so it works without
 * JavaScript; the server sends the browser on to Paystack's page for this same order.
 */
import { Form } from 'react-router';
import { PAY_AGAIN_MESSAGES } from '~/lib/payments/pay-again';

export function PayAgain({ total, message }: { total: number; message: string | null }) {
  return (
    <section aria-labelledby="pay-again-heading" className="mt-10 max-w-xl border border-ink p-6">
      <h2 id="pay-again-heading" className="text-xs font-semibold uppercase tracking-widest">
        {PAY_AGAIN_MESSAGES.heading}
      </h2>
      {message ? (
        <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm text-sale">
          {message}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-muted">{PAY_AGAIN_MESSAGES.explain}</p>
      {/* A document submit: the answer is a redirect to Paystack's page, another site. */}
      <Form method="post" reloadDocument className="mt-6">
        <button
          type="submit"
          className="h-14 w-full bg-ink px-6 text-xs font-semibold uppercase tracking-widest text-paper sm:w-auto"
        >
          {PAY_AGAIN_MESSAGES.button(total)}
        </button>
      </Form>
    </section>
  );
}

/** What the order's page has to say where the form would be, when the order cannot be paid again (why not). */
export function PayAgainRefused({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-10 max-w-xl border border-sale px-4 py-3 text-sm text-sale">
      {message}
    </p>
  );
}
