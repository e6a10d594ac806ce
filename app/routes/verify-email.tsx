/**
 * The mailed confirmation link lands here (?token=…). Opening it changes nothing: a mail scanner or a preview that
 * fetches the link confirms no one. The page's "Confirm my email" button posts the token, and only that POST confirms
 * the address (doing it twice is harmless); the page then says plainly whether it worked, or that the link has expired
 * or is not valid. Confirming never grants admin rights (decision 0026).
 */
import { getFormProps } from '@conform-to/react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { VERIFY_MESSAGES, verifyEmailSchema } from '~/lib/accounts/account-forms';
import { verifyEmail } from '~/server/accounts/accounts.server';
import { readSubmission } from '~/server/http/form-submission.server';
import type { Route } from './+types/verify-email';

/** Better Auth's tokens are a few hundred characters; anything far longer is not one of them. */
const TOKEN_MAX = 2000;

/** The token in this page's address never leaves the site in a Referer header (not 'no-referrer': see reset-password). */
const REFERRER = { 'Referrer-Policy': 'same-origin' };

export function meta() {
  return [{ title: 'Confirm Your Email' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's Referrer-Policy applies to the page itself. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return new Headers([...loaderHeaders, ...actionHeaders]);
}

type Outcome = 'confirm' | 'verified' | 'expired' | 'invalid';

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // After the button's post/redirect/get: the page only says so (it confirms nothing itself).
  if (params.get('confirmed') === '1')
    return data({ outcome: 'verified' as Outcome, token: '' }, { headers: REFERRER });
  const token = params.get('token') ?? '';
  const usable = token !== '' && token.length <= TOKEN_MAX;
  return data(
    { outcome: (usable ? 'confirm' : 'invalid') as Outcome, token: usable ? token : '' },
    { status: usable ? 200 : 400, headers: REFERRER },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, verifyEmailSchema);
  const outcome = submission.status === 'success' ? await verifyEmail(request, submission.value.token) : 'invalid';
  if (outcome === 'verified') return redirect('/verify-email?confirmed=1');
  return data({ outcome: outcome as Outcome }, { status: 400, headers: REFERRER });
}

const TITLES = {
  confirm: 'Confirm Your Email',
  verified: 'Email Confirmed',
  expired: 'Link Expired',
  invalid: 'Link Not Valid',
} as const;

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(verifyEmailSchema, { id: 'verify-email' });
  return (
    <AuthCard title={TITLES[outcome]}>
      <div className="space-y-6">
        {outcome === 'confirm' ? (
          <Form method="post" {...getFormProps(form)} className="space-y-6">
            <FormMessage success={VERIFY_MESSAGES.confirm} />
            <input type="hidden" name={fields.token.name} value={loaderData.token} />
            <SubmitButton busy={busy}>{busy ? 'Confirming…' : 'Confirm my email'}</SubmitButton>
          </Form>
        ) : (
          <>
            <FormMessage
              success={outcome === 'verified' ? VERIFY_MESSAGES.verified : undefined}
              error={outcome === 'verified' ? undefined : VERIFY_MESSAGES[outcome]}
            />
            <Link
              to="/account"
              className="flex h-12 items-center justify-center bg-ink text-xs font-medium uppercase tracking-widest text-paper"
            >
              My Account
            </Link>
          </>
        )}
        <Link to="/" className="block text-center text-sm underline underline-offset-4">
          Continue shopping
        </Link>
      </div>
    </AuthCard>
  );
}
