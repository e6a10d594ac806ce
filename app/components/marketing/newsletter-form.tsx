import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import {
  EMAIL_MAX,
  isNewsletterOutcome,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PARAM,
  type NewsletterOutcome,
} from '~/lib/forms/form-words';
import { useHydrated } from '~/hooks/use-hydrated';
import type { action } from '~/routes/newsletter';

type Props = {
  /**
   * 'light' (a warm off-white band, the default) or 'dark' (a black band, for pages that do not end just above the
   * black footer).
   */
  tone?: 'dark' | 'light';
  title?: string;
  text?: string;
};

/**
 * A newsletter sign-up any page can drop in. With JavaScript it posts through a fetcher and answers
 * inline without leaving the page; without it, the form posts to /newsletter, which redirects back
 * here with ?newsletter=<outcome>#newsletter and the same message is read from the URL.
 *
 * The action checks the address with the newsletter schema (Conform's parseWithZod); this form does not load
 * it, nor Conform. It is on the home page, whose JavaScript stays free of zod (bench/lib/bundles.ts), and a
 * Conform form without the schema would check nothing more than the browser already does: its one field keeps
 * the browser's own checks (required, type=email, the schema's EMAIL_MAX), with and without JavaScript, and the
 * answer is one message per outcome, the same words either way (NEWSLETTER_MESSAGES).
 */
export function NewsletterForm({
  tone = 'light',
  title = 'Join the list',
  text = 'New drops, restocks and private sales first. No spam, unsubscribe any time.',
}: Props) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const messageId = useId();

  const fromUrl = searchParams.get(NEWSLETTER_PARAM);
  const outcome: NewsletterOutcome | undefined =
    fetcher.data?.outcome ?? (isNewsletterOutcome(fromUrl) ? fromUrl : undefined);
  const invalid = outcome === 'invalid';
  // Refused: the address, or the hourly cap (decision 0027); both shown as an error.
  const refused = invalid || outcome === 'tooOften';
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  // Back to this page without a stale outcome in its address.
  const back = new URLSearchParams(location.search);
  back.delete(NEWSLETTER_PARAM);
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ''}`;

  const dark = tone === 'dark';
  return (
    <section
      id="newsletter"
      aria-labelledby={`${inputId}-title`}
      className={`scroll-mt-2 ${dark ? 'bg-ink text-paper' : 'bg-[#f3f1ed] text-ink'}`}
    >
      {/* grid-cols-1: a column no wider than the screen, though the email field's own width is more at 320 px. */}
      <div className="container-page grid grid-cols-1 gap-8 py-16 md:grid-cols-2 md:items-end md:py-20">
        <div>
          <p
            className={`text-[11px] font-medium uppercase tracking-[0.3em] ${dark ? 'text-neutral-300' : 'text-muted'}`}
          >
            Newsletter
          </p>
          <h2 id={`${inputId}-title`} className="mt-2 text-2xl font-semibold uppercase tracking-tight md:text-3xl">
            {title}
          </h2>
          <p className={`mt-3 max-w-md text-sm ${dark ? 'text-neutral-300' : 'text-muted'}`}>{text}</p>
        </div>
        <fetcher.Form ref={form} method="post" action="/newsletter" className="w-full">
          {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
          <label
            htmlFor={inputId}
            className={`text-[11px] font-medium uppercase tracking-[0.2em] ${dark ? 'text-neutral-300' : 'text-muted'}`}
          >
            Email address
          </label>
          <div
            className={`mt-2 flex border-b ${invalid ? 'border-red-400' : dark ? 'border-neutral-500 focus-within:border-paper' : 'border-neutral-400 focus-within:border-ink'}`}
          >
            <input
              id={inputId}
              name="email"
              type="email"
              required
              maxLength={EMAIL_MAX}
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={invalid || undefined}
              aria-describedby={outcome ? messageId : undefined}
              className={`h-12 min-w-0 flex-1 bg-transparent text-base outline-none ${dark ? 'placeholder:text-neutral-500' : 'placeholder:text-neutral-500'}`}
            />
            <button
              type="submit"
              disabled={busy}
              className={`h-12 shrink-0 pl-4 text-xs font-semibold uppercase tracking-[0.2em] disabled:opacity-60 ${dark ? 'hover:text-neutral-300' : 'hover:text-muted'}`}
            >
              {busy ? 'Joining…' : 'Subscribe'}
            </button>
          </div>
          <p
            id={messageId}
            role="status"
            className={`mt-3 min-h-5 text-sm ${refused ? (dark ? 'text-red-300' : 'text-sale') : dark ? 'text-neutral-200' : 'text-ink'}`}
          >
            {outcome ? (fetcher.data?.message ?? NEWSLETTER_MESSAGES[outcome]) : null}
          </p>
        </fetcher.Form>
      </div>
    </section>
  );
}
