/**
 * POST /newsletter: the sign-up every NewsletterForm posts to. A fetcher (JavaScript on) gets JSON:
 * 200 for a new or known address, 400 for an invalid one. A plain form post (JavaScript off, marked
 * by its `redirectTo` field) is sent back to the page it came from, same site only, with the
 * outcome in the query so that page can show the same words.
 */
import { data, redirect } from 'react-router';
import type { NewsletterReply } from '~/components/home/newsletter-form';
import { formText, NEWSLETTER_MESSAGES, NEWSLETTER_PARAM, newsletterSchema, type NewsletterOutcome } from '~/lib/forms';
import { subscribe } from '~/server/newsletter.server';
import { redirectTarget } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/newsletter';

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = newsletterSchema.safeParse({ email: formText(form, 'email') });
  const outcome: NewsletterOutcome = parsed.success ? await subscribe(parsed.data.email) : 'invalid';

  const redirectTo = form.get('redirectTo');
  if (redirectTo !== null) {
    const target = new URL(redirectTarget(request, redirectTo), 'http://localhost');
    target.searchParams.set(NEWSLETTER_PARAM, outcome);
    return redirect(`${target.pathname}${target.search}#newsletter`, 303);
  }
  return data<NewsletterReply>(
    { ok: outcome !== 'invalid', outcome, message: NEWSLETTER_MESSAGES[outcome] },
    { status: outcome === 'invalid' ? 400 : 200 },
  );
}
