/**
 * /admin/admins: the admin addresses (docs/requirements.md#11-accounts-and-roles: an admin is a user whose email is
 * listed). Add one (the person need not have an account yet) or remove one; the last admin cannot be removed. Every
 * change is audit-logged. Rights apply only to a verified address (the page says so per admin), and a change needs a
 * sign-in within the last 15 minutes.
 */
import { data, Form, redirect, useNavigation } from 'react-router';
import { FormMessage } from '~/components/account/fields';
import { AdminField } from '~/components/admin/settings-fields';
import { ADMINS_MESSAGES, adminEmailSchema } from '~/lib/admin-admins';
import { formatOrderDate } from '~/lib/orders';
import { addAdmin, listAdmins, removeAdmin } from '~/server/admin/admins.server';
import { requireAdmin, requireRecentSignIn } from '~/server/accounts/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/admins';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

type ActionData = { intent: 'add' | 'remove'; error?: string; email?: string };

export function meta() {
  return [{ title: 'Admins · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const notice = params.get('notice');
  const email = params.get('email') ?? '';
  const admins = await listAdmins();
  let success =
    notice === 'added' || notice === 'already' || notice === 'removed'
      ? ADMINS_MESSAGES[notice](email.slice(0, 254))
      : null;
  const entry = admins.find((a) => a.email === email);
  if (success && notice !== 'removed' && entry && !entry.emailVerified)
    success = `${success} ${ADMINS_MESSAGES.rightsWaitForVerification}`;
  return data({ admins, me: admin.email.toLowerCase(), success }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get('intent');
  if (intent !== 'add' && intent !== 'remove')
    return data({ intent: 'add', error: 'Unknown action.' } satisfies ActionData, { status: 400 });
  await requireRecentSignIn(request, admin, '/admin/admins');
  const parsed = adminEmailSchema.safeParse({ email: form.get('email') });
  const typed = typeof form.get('email') === 'string' ? String(form.get('email')) : '';
  if (!parsed.success)
    return data({ intent, error: parsed.error.issues[0].message, email: typed } satisfies ActionData, { status: 400 });
  const { email } = parsed.data;
  try {
    if (intent === 'add') {
      const result = await addAdmin(admin, email);
      return done(result.kind, email);
    }
    const result = await removeAdmin(admin, email);
    if (result.kind === 'not-found')
      return data({ intent, error: ADMINS_MESSAGES.notFound } satisfies ActionData, { status: 404 });
    if (result.kind === 'last-admin')
      return data({ intent, error: ADMINS_MESSAGES.lastAdmin } satisfies ActionData, { status: 409 });
  } catch (error) {
    logger.error({ err: error }, 'changing the admins failed');
    return data({ intent, error: ADMINS_MESSAGES.failed, email: typed } satisfies ActionData, { status: 500 });
  }
  // Whoever removed their own address is no longer let in here.
  if (email === admin.email.toLowerCase()) return redirect('/', { headers: NO_STORE });
  return done('removed', email);
}

/** Post/redirect/get: the page says what happened from its address, so a reload does not post again. */
const done = (notice: 'added' | 'already' | 'removed', email: string) =>
  redirect(`/admin/admins?${new URLSearchParams({ notice, email })}`, { headers: NO_STORE });

export default function AdminAdmins({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData : undefined;
  const result = actionData as ActionData | undefined;
  const last = loaderData.admins.length <= 1;
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admins</h1>
        <p className="mt-2 text-sm text-muted">
          Anyone signed in with one of these addresses can use the Admin Panel. An address can be added before its owner
          registers.
        </p>
        <p className="mt-2 text-sm text-muted">
          {ADMINS_MESSAGES.rightsWaitForVerification} Adding or removing an admin asks you to sign in again if your last
          sign-in was more than 15 minutes ago.
        </p>
      </div>
      <FormMessage error={result?.error} success={result?.error ? undefined : (loaderData.success ?? undefined)} />
      <Form method="post" noValidate className="flex flex-wrap items-end gap-3" aria-labelledby="add-admin-heading">
        <h2 id="add-admin-heading" className="sr-only">
          Add an admin
        </h2>
        <input type="hidden" name="intent" value="add" />
        <AdminField
          id="admin-email"
          name="email"
          type="email"
          label="Add an admin by email"
          autoComplete="off"
          required
          className="min-w-64 flex-1"
          defaultValue={result?.intent === 'add' && result.error ? result.email : ''}
        />
        <button
          type="submit"
          disabled={busy?.get('intent') === 'add'}
          className="h-11 bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
        >
          Add admin
        </button>
      </Form>
      <section aria-labelledby="admins-heading">
        <h2 id="admins-heading" className="text-sm font-semibold uppercase tracking-widest">
          Current admins ({loaderData.admins.length})
        </h2>
        <ul className="mt-4 divide-y divide-line border-y border-line text-sm">
          {loaderData.admins.map((entry) => (
            <li key={entry.email} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium">
                  {entry.email}
                  {entry.email === loaderData.me ? (
                    <span className="ml-2 text-xs font-normal uppercase tracking-widest text-muted">(you)</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  {entry.name ? `${entry.name} · ` : ''}
                  {entry.emailVerified
                    ? ADMINS_MESSAGES.verified
                    : entry.hasAccount
                      ? ADMINS_MESSAGES.unverified
                      : ADMINS_MESSAGES.noAccount}{' '}
                  · added <time dateTime={entry.createdAt}>{formatOrderDate(entry.createdAt)}</time>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="email" value={entry.email} />
                <button
                  type="submit"
                  disabled={last || busy?.get('email') === entry.email}
                  aria-label={`Remove ${entry.email}`}
                  title={last ? ADMINS_MESSAGES.lastAdmin : undefined}
                  className="h-9 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-sale hover:text-sale disabled:opacity-50 disabled:hover:border-line disabled:hover:text-ink"
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {last ? <p className="mt-2 text-xs text-muted">{ADMINS_MESSAGES.lastAdmin}</p> : null}
      </section>
    </div>
  );
}
