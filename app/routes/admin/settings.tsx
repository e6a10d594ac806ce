/**
 * /admin/settings: store name, support contacts and WhatsApp number, business hours, hero slides, banner text, and
 * the automated mails (each on or off, with its delay).
 * The logo is its own form posted here with `?logo` (decision 0042).
 * Saved in one transaction with an audit row; the storefront's cached copy is dropped, so the next page uses
 * them. Adding or removing a row is Conform's list intent: without JavaScript it posts the form, which comes back
 * edited (unsaved).
 */
import { data, redirect, useNavigation } from 'react-router';
import { formKey } from '~/components/admin/crud/form';
import { LogoForm, logoBusy, logoNotice } from '~/components/store/admin/logo-form';
import { SettingsForm } from '~/components/store/admin/settings-form';
import { SettingsTabs } from '~/components/store/admin/settings-tabs';
import { UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { settingsSchema, settingsToForm, SETTINGS_MESSAGES } from '~/lib/store/admin-settings';
import { saveSettings } from '~/server/store/admin-settings.server';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import { getSettings } from '~/server/store/settings.server';
import { submitLogoForm } from '~/server/store/admin-logo-form.server';
import type { Route } from './+types/settings';

export function meta() {
  return [{ title: 'Settings · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // The logo has its own form (decision 0042).
  const { logo, ...settings } = await getSettings();
  const params = new URL(request.url).searchParams;
  const saved = params.get('saved') === '1';
  return data({ values: settingsToForm(settings), saved, logo, logoSaved: params.get('logo') });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  if (new URL(request.url).searchParams.has('logo')) return submitLogoForm(request, admin);
  const { form, submission } = await readSubmission(request, settingsSchema);
  // A row added or removed (the only intents the page's buttons send): the form comes back edited, unsaved.
  if (submission.status === undefined) return data({ result: submission.reply() });
  if (form.get('intent') !== 'save') return refused(submission.reply({ formErrors: [UNKNOWN_ACTION] }));
  if (submission.status !== 'success') return refused(submission.reply({ formErrors: [SETTINGS_MESSAGES.invalid] }));
  try {
    await saveSettings(admin, submission.value);
  } catch (error) {
    logger.error({ err: error }, 'saving the store settings failed');
    return refused(submission.reply({ formErrors: [SETTINGS_MESSAGES.failed] }), 500);
  }
  return redirect('/admin/settings?saved=1');
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <div className="space-y-10">
      <SettingsTabs />
      <LogoForm
        logo={loaderData.logo}
        storeName={loaderData.values.storeName}
        {...logoNotice(loaderData.logoSaved, actionData)}
        busy={logoBusy(navigation)}
      />
      <SettingsForm
        // After a save the page reloads its data: the form starts again from the settings as stored.
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        success={!actionData && loaderData.saved ? SETTINGS_MESSAGES.saved : undefined}
        busy={busy}
      />
    </div>
  );
}
