/**
 * The checkout's promo code (decision 0023): the code kept on the cart with what it does now (or why it does
 * not apply) and a Remove button, and a field to enter or change it. Its forms are apart from the shipping form and
 * post to /checkout (intents `promo` and `remove-promo`): through fetchers with JavaScript, so what was typed in the
 * address stays; without it the page comes back with the code's answer. The server keeps the code on the cart and
 * the page's totals take off the discount it found; Pay confirms that total.
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { TextField } from '~/components/accounts/fields';
import { ApplyCodeButton, CODE_TYPING, KeptPromo } from '~/components/promo/cart-promo-code';
import { useSchemaForm } from '~/components/forms/schema-form';
import type { PromoView } from '~/lib/promo/cart-promo';
import { promoFormSchema } from '~/lib/checkout/checkout';
import type { action } from '~/routes/checkout';

/** What POST /checkout answered the last promo form (its message, and Conform's reply for the field). */
export type PromoAnswer = { ok: boolean; message: string; result: SubmissionResult<string[]> };

export function CheckoutPromo({ promo, answer: pageAnswer }: { promo: PromoView | null; answer?: PromoAnswer }) {
  const applier = useFetcher<typeof action>({ key: 'checkout-promo' });
  const remover = useFetcher<typeof action>({ key: 'checkout-promo-remove' });
  const fetched = applier.data && 'promo' in applier.data ? applier.data.promo : undefined;
  const [form, fields] = useSchemaForm(promoFormSchema, { id: 'promo', lastResult: (fetched ?? pageAnswer)?.result });
  // Gone at once when Remove is pressed; the page's totals follow when the server has answered.
  const shown = remover.state === 'idle' ? promo : null;
  const field = fields.promoCode;
  return (
    <div className="mt-4 space-y-3 border-t border-line pt-4 text-sm">
      {shown ? <KeptPromo promo={shown} Form={remover.Form} action="/checkout" /> : null}
      <applier.Form method="post" action="/checkout" {...getFormProps(form)} className="flex items-start gap-2">
        <input type="hidden" name="intent" value="promo" />
        <TextField
          {...getInputProps(field, { type: 'text' })}
          key={field.key}
          label={shown ? 'Change promo code' : 'Promo code'}
          error={field.errors?.[0]}
          {...CODE_TYPING}
          className="min-w-0 flex-1"
        />
        <ApplyCodeButton busy={applier.state !== 'idle'} size="mt-6 h-12" />
      </applier.Form>
    </div>
  );
}
