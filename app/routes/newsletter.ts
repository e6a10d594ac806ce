/**
 * POST /newsletter: the sign-up every NewsletterForm posts to, checked with the newsletter schema by Conform's
 * parseWithZod (decision 0019). A fetcher (JavaScript on) gets `{ ok, outcome, message }` and Conform's `result`:
 * 200 for a new or known address alike (decision 0027: the answer never says which), 400 for an invalid one, 429
 * past the form's hourly cap. A plain form post (JavaScript off, marked by its `redirectTo` field) is sent back to
 * the page it came from, same site only, with the outcome in the query so that page can show the same words.
 */
import { data, redirect } from 'react-router';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PARAM, newsletterSchema, type NewsletterOutcome } from '~/lib/forms/forms';
import { subscribe } from '~/server/marketing/newsletter.server';
import { redirectTarget } from '~/server/accounts/auth.server';
import { clientKeyOf } from '~/server/http/form-attempts.server';
import { readSubmission, type FormAnswer } from '~/server/http/form-submission.server';
import { shopperOf } from '~/server/http/request-context.server';
import type { Route } from './+types/newsletter';

type NewsletterAnswer = FormAnswer<{ ok: boolean; outcome: NewsletterOutcome; message: string }>;

const STATUS: Record<NewsletterOutcome, number> = { subscribed: 200, invalid: 400, tooOften: 429 };

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { form, submission } = await readSubmission(request, newsletterSchema);
  const outcome: NewsletterOutcome =
    submission.status === 'success'
      ? await subscribe(submission.value.email, clientKeyOf((await shopperOf(args)).ip))
      : 'invalid';

  const redirectTo = form.get('redirectTo');
  if (redirectTo !== null) {
    const target = new URL(redirectTarget(request, redirectTo), 'http://localhost');
    target.searchParams.set(NEWSLETTER_PARAM, outcome);
    return redirect(`${target.pathname}${target.search}#newsletter`, 303);
  }
  const ok = outcome === 'subscribed';
  const message = NEWSLETTER_MESSAGES[outcome];
  const result = ok
    ? submission.reply({ resetForm: true })
    : submission.reply(outcome === 'tooOften' ? { formErrors: [message] } : undefined);
  return data<NewsletterAnswer>({ ok, outcome, message, result }, { status: STATUS[outcome] });
}
