/** On /account while the address is not confirmed: what to do, and a plain form that sends the link again. */
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { resendVerificationSchema, VERIFY_MESSAGES } from '~/lib/accounts/account-forms';
import { FormMessage } from './fields';
import { IntentButton } from '../forms/intent-button';
import { useSchemaForm } from '../forms/schema-form';

type Props = { email: string; busy: boolean; result?: SubmissionResult<string[]>; success?: string };

export function VerifyEmailNotice({ email, busy, result, success }: Props) {
  // No fields: the form's reply only carries why the link was not sent (too many tries, already confirmed).
  const [form] = useSchemaForm(resendVerificationSchema, { id: 'verify-email', lastResult: result });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-8 max-w-2xl space-y-4 border border-ink px-4 py-4"
      aria-labelledby="verify-heading"
    >
      <h2 id="verify-heading" className="text-sm font-semibold uppercase tracking-widest">
        Confirm your email address
      </h2>
      <p className="break-words text-sm">{VERIFY_MESSAGES.pending(email)}</p>
      <FormMessage id={form.errorId} error={form.errors?.[0]} success={success} />
      <IntentButton intent="verify-email" busy={busy} busyLabel="Sending…" look="outline">
        Send the link again
      </IntentButton>
    </Form>
  );
}
