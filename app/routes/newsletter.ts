/**
 * POST /newsletter: the sign-up every NewsletterForm posts to, checked with the newsletter schema by Conform's
 * parseWithZod (decision 0019). A fetcher (JavaScript on) gets `{ ok, outcome, message }` and Conform's `result`:
 * 200 for a new or known address, 400 for an invalid one. A plain form post (JavaScript off, marked by its
 * `redirectTo` field) is sent back to the page it came from, same site only, with the outcome in the query so
 * that page can show the same words.
 */
import { data, redirect } from 'react-router';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PARAM, newsletterSchema, type NewsletterOutcome } from '~/lib/forms';
import { subscribe } from '~/server/newsletter.server';
import { redirectTarget } from '~/server/accounts/auth.server';
import { readSubmission, type FormAnswer } from '~/server/http/form-submission.server';
import type { Route } from './+types/newsletter';

type NewsletterAnswer = FormAnswer<{ ok: boolean; outcome: NewsletterOutcome; message: string }>;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { form, submission } = await readSubmission(request, newsletterSchema);
  const outcome: NewsletterOutcome =
    submission.status === 'success' ? await subscribe(submission.value.email) : 'invalid';

  const redirectTo = form.get('redirectTo');
  if (redirectTo !== null) {
    const target = new URL(redirectTarget(request, redirectTo), 'http://localhost');
    target.searchParams.set(NEWSLETTER_PARAM, outcome);
    return redirect(`${target.pathname}${target.search}#newsletter`, 303);
  }
  const ok = outcome !== 'invalid';
  return data<NewsletterAnswer>(
    { ok, outcome, message: NEWSLETTER_MESSAGES[outcome], result: submission.reply({ resetForm: ok }) },
    { status: ok ? 200 : 400 },
  );
}
