/**
 * The store's logo on /admin/settings (docs/decisions/0042-launch-checklist.md): its own small post with the file, so
 * the settings form stays a plain text post. Without JavaScript it posts and the page comes back with its message.
 */
import { Form, type Navigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { IntentButton } from '~/components/forms/intent-button';
import { HEADER_LOGO_HEIGHT, LOGO_FIELD, LOGO_MESSAGES, logoAt } from '~/lib/store/store-identity';
import type { StoredImage } from '~/lib/images';

type Props = {
  logo: StoredImage | null;
  storeName: string;
  error?: string;
  success?: string;
  busy: 'upload' | 'remove' | null;
};

export function LogoForm({ logo, storeName, error, success, busy }: Props) {
  const shown = logo && logoAt(logo, HEADER_LOGO_HEIGHT * 2);
  return (
    <Form
      method="post"
      action="/admin/settings?logo"
      encType="multipart/form-data"
      className="max-w-3xl space-y-4 border-b border-line pb-8"
      aria-labelledby="logo-heading"
      aria-describedby={error ? 'logo-error' : undefined}
    >
      <h2 id="logo-heading" className="text-xs font-semibold uppercase tracking-widest">
        Logo
      </h2>
      <FormMessage id="logo-error" error={error} success={success} />
      {shown ? (
        <img
          src={shown.src}
          width={shown.width}
          height={shown.height}
          alt={`${storeName} logo`}
          className="h-16 w-auto"
        />
      ) : (
        <p className="text-sm text-muted">No logo yet: the header shows the store name.</p>
      )}
      <div>
        <label htmlFor={LOGO_FIELD} className="block text-sm font-medium">
          {logo ? 'Replace the logo' : 'Logo picture'}
        </label>
        <input
          id={LOGO_FIELD}
          name={LOGO_FIELD}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="mt-2 block w-full text-sm"
          aria-describedby="logo-hint"
        />
        <p id="logo-hint" className="mt-1 text-sm text-muted">
          PNG, JPEG or WebP, up to 10 MB; a wide logo on a transparent background works best. Shown in the header and as
          the app icon.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <IntentButton intent="upload" busy={busy === 'upload'} busyLabel="Uploading…">
          Upload logo
        </IntentButton>
        {logo ? (
          <IntentButton intent="remove" look="outline" busy={busy === 'remove'} busyLabel="Removing…">
            Remove logo
          </IntentButton>
        ) : null}
      </div>
    </Form>
  );
}

/** The logo form's message: its refusal (the action's answer), or what the last post did (`?logo=`). */
export function logoNotice(done: string | null, actionData: object | undefined): { error?: string; success?: string } {
  if (actionData && 'logoError' in actionData && typeof actionData.logoError === 'string')
    return { error: actionData.logoError };
  if (actionData) return {};
  if (done === 'saved') return { success: LOGO_MESSAGES.saved };
  if (done === 'removed') return { success: LOGO_MESSAGES.removed };
  return {};
}

/** Which logo button's post is under way, if any. */
export function logoBusy(navigation: Pick<Navigation, 'state' | 'formAction' | 'formData'>): Props['busy'] {
  if (navigation.state !== 'submitting' || !navigation.formAction?.includes('logo')) return null;
  const intent = navigation.formData?.get('intent');
  return intent === 'upload' || intent === 'remove' ? intent : null;
}
