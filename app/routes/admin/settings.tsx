/**
 * /admin/settings: store name, support contacts, business hours, delivery fee, hero slides and banner text.
 * Saved in one transaction with an audit row; the storefront's cached copy is dropped, so the next page uses
 * them. Adding or removing a row posts the form and returns it edited (unsaved), with or without JavaScript.
 */
import { data, redirect, useNavigation } from 'react-router';
import { SettingsForm } from '~/components/admin/settings-form';
import {
  applyRowEdit,
  parseRowEdit,
  readSettingsForm,
  settingsErrors,
  settingsSchema,
  settingsToForm,
  SETTINGS_MESSAGES,
  type SettingsErrors,
  type SettingsFormValues,
} from '~/lib/admin-settings';
import { saveSettings } from '~/server/admin/settings-admin.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import { getSettings } from '~/server/settings.server';
import type { Route } from './+types/settings';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** `revision` remounts the form, so its fields show what the action returned rather than what the DOM kept. */
type ActionData = { values: SettingsFormValues; errors?: SettingsErrors; formError?: string; revision: string };

export function meta() {
  return [{ title: 'Settings · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getSettings();
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ values: settingsToForm(settings), saved }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get('intent');
  const values = readSettingsForm(form);
  const revision = crypto.randomUUID();
  const edit = parseRowEdit(intent);
  if (edit) return data<ActionData>({ values: applyRowEdit(values, edit), revision }, { headers: NO_STORE });
  if (intent !== 'save')
    return data<ActionData>({ values, formError: 'Unknown action.', revision }, { status: 400, headers: NO_STORE });
  const parsed = settingsSchema.safeParse(values);
  if (!parsed.success)
    return data<ActionData>(
      { values, errors: settingsErrors(parsed.error), formError: SETTINGS_MESSAGES.invalid, revision },
      { status: 400, headers: NO_STORE },
    );
  try {
    await saveSettings(admin, parsed.data);
  } catch (error) {
    logger.error({ err: error }, 'saving the store settings failed');
    return data<ActionData>(
      { values, formError: SETTINGS_MESSAGES.failed, revision },
      { status: 500, headers: NO_STORE },
    );
  }
  return redirect('/admin/settings?saved=1', { headers: NO_STORE });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const edited = actionData as ActionData | undefined;
  return (
    <SettingsForm
      key={edited?.revision ?? JSON.stringify(loaderData.values)}
      values={edited?.values ?? loaderData.values}
      errors={edited?.errors}
      formError={edited?.formError}
      success={!edited && loaderData.saved ? SETTINGS_MESSAGES.saved : undefined}
      busy={busy}
    />
  );
}
