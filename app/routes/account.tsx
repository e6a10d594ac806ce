/**
 * The signed-in customer's details: first and last name, the password, and the saved delivery address checkout
 * prefills.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { AddressForm } from '~/components/account/address-form';
import { FormMessage, SubmitButton, TextField } from '~/components/account/fields';
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  blankAddress,
  shippingAddressSchema,
  type AddressField,
  type ShippingAddress,
} from '~/lib/address';
import {
  changePasswordSchema,
  fieldErrorsOf,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  profileSchema,
  textFields,
  VERIFY_MESSAGES,
  type FieldErrors,
} from '~/lib/account-forms';
import { changePassword, sendVerificationEmail, updateProfile } from '~/server/accounts/accounts.server';
import { VerifyEmailNotice } from '~/components/account/verify-email-notice';
import { getSavedAddress, saveAddress } from '~/server/accounts/addresses.server';
import { requireUser } from '~/server/accounts/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/account';

type ActionData =
  | {
      intent: 'profile';
      values: { firstName: string; lastName: string };
      fieldErrors?: FieldErrors<'firstName' | 'lastName'>;
      formError?: string;
      success?: string;
    }
  | {
      intent: 'password';
      fieldErrors?: FieldErrors<'currentPassword' | 'password' | 'confirmPassword'>;
      formError?: string;
      success?: string;
    }
  | {
      intent: 'address';
      values: ShippingAddress;
      fieldErrors?: FieldErrors<AddressField>;
      formError?: string;
      success?: string;
    }
  | { intent: 'verify-email'; formError?: string; success?: string };

export function meta() {
  return [{ title: 'My Account' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's no-store headers apply to the page itself. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const saved = await getSavedAddress(user.id);
  return data(
    {
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      memberSince: user.createdAt.toISOString(),
      address: saved ?? blankAddress({ email: user.email, firstName: user.firstName, lastName: user.lastName }),
      hasSavedAddress: saved !== null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get('intent');
  if (intent === 'profile') {
    const fields = textFields(form, ['firstName', 'lastName']);
    const values = { firstName: fields.firstName.trim(), lastName: fields.lastName.trim() };
    const parsed = profileSchema.safeParse(fields);
    if (!parsed.success)
      return data<ActionData>({ intent, values, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const outcome = await updateProfile(request, parsed.data);
    if (!outcome.ok)
      return data<ActionData>({ intent, values, formError: outcome.message }, { status: outcome.status });
    return data<ActionData>({ intent, values, success: MESSAGES.profileSaved }, { headers: outcome.headers });
  }
  if (intent === 'password') {
    const parsed = changePasswordSchema.safeParse(textFields(form, ['currentPassword', 'password', 'confirmPassword']));
    if (!parsed.success) return data<ActionData>({ intent, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const outcome = await changePassword(request, parsed.data);
    if (!outcome.ok && outcome.field)
      return data<ActionData>(
        { intent, fieldErrors: { [outcome.field]: outcome.message } },
        { status: outcome.status },
      );
    if (!outcome.ok) return data<ActionData>({ intent, formError: outcome.message }, { status: outcome.status });
    return data<ActionData>({ intent, success: MESSAGES.passwordChanged }, { headers: outcome.headers });
  }
  if (intent === 'verify-email') {
    const outcome = await sendVerificationEmail(request, user.email);
    if (!outcome.ok) return data<ActionData>({ intent, formError: outcome.message }, { status: outcome.status });
    return data<ActionData>({ intent, success: VERIFY_MESSAGES.sent });
  }
  if (intent === 'address') {
    const fields = textFields(form, ADDRESS_FIELDS);
    const values = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, value.trim()]),
    ) as ShippingAddress;
    const parsed = shippingAddressSchema.safeParse(fields);
    if (!parsed.success)
      return data<ActionData>({ intent, values, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    try {
      await saveAddress(user.id, parsed.data);
    } catch (error) {
      logger.error({ err: error }, 'saving the delivery address failed');
      return data<ActionData>(
        { intent, values, formError: 'Failed to save your address. Please try again.' },
        { status: 500 },
      );
    }
    return data<ActionData>({ intent, values: parsed.data, success: ADDRESS_MESSAGES.saved });
  }
  return data({ error: 'Unknown action.' }, { status: 400 });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const profile = actionData && 'intent' in actionData && actionData.intent === 'profile' ? actionData : undefined;
  const password = actionData && 'intent' in actionData && actionData.intent === 'password' ? actionData : undefined;
  const address = actionData && 'intent' in actionData && actionData.intent === 'address' ? actionData : undefined;
  const verify = actionData && 'intent' in actionData && actionData.intent === 'verify-email' ? actionData : undefined;
  const since = new Date(loaderData.memberSince).toLocaleDateString('en-NG', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">My Account</h1>
      <p className="mt-2 text-sm text-muted">
        Signed in as {loaderData.email} · member since {since}
      </p>
      <nav aria-label="Your account" className="mt-4 flex gap-6 text-xs font-medium uppercase tracking-widest">
        <Link to="/orders" className="underline underline-offset-4 hover:text-muted">
          My Orders
        </Link>
        <Link to="/wishlist" className="underline underline-offset-4 hover:text-muted">
          Wishlist
        </Link>
      </nav>
      {loaderData.emailVerified ? null : (
        <VerifyEmailNotice
          email={loaderData.email}
          busy={busyIntent === 'verify-email'}
          formError={verify?.formError}
          success={verify?.success}
        />
      )}
      <div className="mt-10 grid gap-12 md:grid-cols-2">
        <Form method="post" noValidate className="space-y-5" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-sm font-semibold uppercase tracking-widest">
            Your details
          </h2>
          <FormMessage error={profile?.formError} success={profile?.success} />
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            maxLength={NAME_MAX}
            defaultValue={profile?.values.firstName ?? loaderData.firstName}
            error={profile?.fieldErrors?.firstName}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={NAME_MAX}
            defaultValue={profile?.values.lastName ?? loaderData.lastName}
            error={profile?.fieldErrors?.lastName}
          />
          <SubmitButton name="intent" value="profile" busy={busyIntent === 'profile'}>
            {busyIntent === 'profile' ? 'Saving…' : 'Save Details'}
          </SubmitButton>
        </Form>
        <Form method="post" noValidate className="space-y-5" aria-labelledby="password-heading">
          <h2 id="password-heading" className="text-sm font-semibold uppercase tracking-widest">
            Change password
          </h2>
          <FormMessage error={password?.formError} success={password?.success} />
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            error={password?.fieldErrors?.currentPassword}
          />
          <TextField
            name="password"
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            error={password?.fieldErrors?.password}
          />
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            error={password?.fieldErrors?.confirmPassword}
          />
          <SubmitButton name="intent" value="password" busy={busyIntent === 'password'}>
            {busyIntent === 'password' ? 'Saving…' : 'Change Password'}
          </SubmitButton>
        </Form>
      </div>
      <div className="mt-16 max-w-2xl border-t border-line pt-12">
        <AddressForm
          values={address?.values ?? loaderData.address}
          saved={loaderData.hasSavedAddress}
          fieldErrors={address?.fieldErrors}
          formError={address?.formError}
          success={address?.success}
          busy={busyIntent === 'address'}
        />
      </div>
    </section>
  );
}
