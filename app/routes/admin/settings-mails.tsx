/**
 * /admin/settings/mails: every mail the store sends, each rendered with the store's own settings and a sample order
 * (app/server/store/admin-mail-previews.server.ts), its plain-text twin and its subject, and "Send me a test", a POST
 * that queues the mail shown to the signed-in admin (audit-logged), then comes back here with a message.
 */
import { data, redirect, useNavigation } from 'react-router';
import { MailList, ShownMail } from '~/components/store/admin/mail-previews';
import { SettingsTabs } from '~/components/store/admin/settings-tabs';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import {
  MAIL_PREVIEW_MESSAGES,
  MAIL_PREVIEWS,
  mailPreviewHref,
  mailPreviewOf,
  sendTestSchema,
} from '~/lib/store/admin-mail-previews';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import { previewMail, sendTestMail } from '~/server/store/admin-mail-previews.server';
import type { Route } from './+types/settings-mails';

export function meta() {
  return [{ title: 'Mails · Settings · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const params = new URL(request.url).searchParams;
  const entry = params.has('mail') ? mailPreviewOf(params.get('mail')) : MAIL_PREVIEWS[0];
  if (!entry) throw data(MAIL_PREVIEW_MESSAGES.notFound, { status: 404 });
  return { mail: await previewMail(entry, admin.email), adminEmail: admin.email, sent: params.get('sent') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, sendTestSchema);
  // The form's fields are hidden: a wrong one is a stale page or a hand-made post.
  if (submission.status !== 'success') {
    const message = submission.error?.intent ? UNKNOWN_ACTION : MAIL_PREVIEW_MESSAGES.unknown;
    return refused(submission.reply({ formErrors: [message] }));
  }
  try {
    await sendTestMail(admin, submission.value.mail);
  } catch (error) {
    logger.error({ err: error, mail: submission.value.mail }, 'queueing a test mail failed');
    return refused(submission.reply({ formErrors: [MAIL_PREVIEW_MESSAGES.failed] }), 500);
  }
  return redirect(mailPreviewHref(submission.value.mail, '&sent=1'));
}

export default function AdminSettingsMails({ loaderData, actionData }: Route.ComponentProps) {
  const { mail, adminEmail, sent } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send-test';
  const error = formMessage(actionData?.result);
  return (
    <div className="space-y-8">
      <SettingsTabs />
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Mails</h1>
        <p className="max-w-3xl text-sm text-muted">
          Every mail the store sends, with your store&apos;s name, logo and contacts and a sample order made from your
          own products. Nothing is sent to customers from here: &quot;Send me a test&quot; sends the mail to you.
        </p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <MailList shown={mail.id} />
        <ShownMail
          key={mail.id}
          mail={mail}
          adminEmail={adminEmail}
          error={error}
          success={!error && sent ? MAIL_PREVIEW_MESSAGES.sent(adminEmail) : undefined}
          busy={busy}
        />
      </div>
    </div>
  );
}
