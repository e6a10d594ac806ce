/**
 * The signed-in customer's details: first and last name, the password, and the saved delivery address checkout
 * prefills.
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AddressForm } from '~/components/accounts/address-form';
import { FormMessage, SubmitButton, TextField } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { VerifyEmailNotice } from '~/components/accounts/verify-email-notice';
import { ADDRESS_MESSAGES, blankAddress, shippingAddressSchema } from '~/lib/accounts/address';
import {
  changePasswordSchema,
  MESSAGES,
  PASSWORD_FIELDS,
  profileSchema,
  resendVerificationSchema,
  VERIFY_MESSAGES,
} from '~/lib/accounts/account-forms';
import { changePassword, sendVerificationEmail, updateProfile } from '~/server/accounts/accounts.server';
import { getSavedAddress, saveAddress } from '~/server/accounts/addresses.server';
import { requireUser } from '~/server/accounts/guards.server';
import { parseSubmission, readForm, type FormAnswer } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/account';

/** The page's forms, named by the value of their submit button. */
type AccountIntent = 'profile' | 'password' | 'verify-email' | 'address';
/** The reply to one form, named by its intent so only that form shows it; `success` is its confirmation. */
type AccountAnswer = FormAnswer<{ intent: AccountIntent; success?: string }>;

function refusedTo(intent: AccountIntent, result: SubmissionResult<string[]>, status = 400) {
  return data<AccountAnswer>({ intent, result }, { status });
}

function doneFor(intent: AccountIntent, result: SubmissionResult<string[]>, success: string, headers?: HeadersInit) {
  return data<AccountAnswer>({ intent, result, success }, { headers });
}

export function meta() {
  return [{ title: 'My Account' }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const saved = await getSavedAddress(user.id);
  return data({
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    memberSince: user.createdAt.toISOString(),
    address: saved ?? blankAddress({ email: user.email, firstName: user.firstName, lastName: user.lastName }),
    hasSavedAddress: saved !== null,
  });
}

/**
 * Four forms post here, each named by its button's `intent`, so the form is read before its schema is chosen (the
 * same parse as readSubmission's, one schema per intent).
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const user = await requireUser(args);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'profile') {
    const submission = parseSubmission(form, profileSchema);
    if (submission.status !== 'success') return refusedTo(intent, submission.reply());
    const outcome = await updateProfile(request, submission.value);
    if (!outcome.ok) return refusedTo(intent, submission.reply({ formErrors: [outcome.message] }), outcome.status);
    // The form starts again from the loader's names, which are now the saved ones.
    return doneFor(intent, submission.reply({ resetForm: true }), MESSAGES.profileSaved, outcome.headers);
  }
  if (intent === 'password') {
    const submission = parseSubmission(form, changePasswordSchema);
    if (submission.status !== 'success') return refusedTo(intent, submission.reply({ hideFields: PASSWORD_FIELDS }));
    const outcome = await changePassword(request, user, submission.value);
    if (!outcome.ok) {
      // A guessable password belongs under its input; a wrong current password or a refusal above the form.
      const errors = outcome.field
        ? { fieldErrors: { [outcome.field]: [outcome.message] } }
        : { formErrors: [outcome.message] };
      return refusedTo(intent, submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }), outcome.status);
    }
    return doneFor(intent, submission.reply({ resetForm: true }), MESSAGES.passwordChanged, outcome.headers);
  }
  if (intent === 'verify-email') {
    const submission = parseSubmission(form, resendVerificationSchema);
    const outcome = await sendVerificationEmail(request, user.email);
    if (!outcome.ok) return refusedTo(intent, submission.reply({ formErrors: [outcome.message] }), outcome.status);
    return doneFor(intent, submission.reply(), VERIFY_MESSAGES.sent);
  }
  if (intent === 'address') {
    const submission = parseSubmission(form, shippingAddressSchema);
    if (submission.status !== 'success') return refusedTo(intent, submission.reply());
    try {
      await saveAddress(user.id, submission.value);
    } catch (error) {
      logger.error({ err: error }, 'saving the delivery address failed');
      return refusedTo(
        intent,
        submission.reply({ formErrors: ['Failed to save your address. Please try again.'] }),
        500,
      );
    }
    // The form starts again from the loader's address: the saved one, as stored (the phone in its +234 form).
    return doneFor(intent, submission.reply({ resetForm: true }), ADDRESS_MESSAGES.saved);
  }
  return data({ error: 'Unknown action.' }, { status: 400 });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const answer = actionData && 'intent' in actionData ? actionData : undefined;
  const answerTo = (intent: AccountIntent) => (answer?.intent === intent ? answer : undefined);
  const profile = answerTo('profile');
  const password = answerTo('password');
  const address = answerTo('address');
  const verify = answerTo('verify-email');
  const [profileForm, profileFields] = useSchemaForm(profileSchema, {
    id: 'profile',
    lastResult: profile?.result,
    defaultValue: { firstName: loaderData.firstName, lastName: loaderData.lastName },
  });
  const [passwordForm, passwordFields] = useSchemaForm(changePasswordSchema, {
    id: 'change-password',
    lastResult: password?.result,
  });
  const since = new Date(loaderData.memberSince).toLocaleDateString('en-NG', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">My Account</h1>
      {/* break-words: a long email address wraps rather than widen a phone's page (WCAG 1.4.10). */}
      <p className="mt-2 break-words text-sm text-muted">
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
          result={verify?.result}
          success={verify?.success}
        />
      )}
      <div className="mt-10 grid gap-12 md:grid-cols-2">
        <Form method="post" {...getFormProps(profileForm)} className="space-y-5" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-sm font-semibold uppercase tracking-widest">
            Your details
          </h2>
          <FormMessage id={profileForm.errorId} error={profileForm.errors?.[0]} success={profile?.success} />
          <TextField
            {...getInputProps(profileFields.firstName, { type: 'text' })}
            key={profileFields.firstName.key}
            label="First name"
            autoComplete="given-name"
            error={profileFields.firstName.errors?.[0]}
          />
          <TextField
            {...getInputProps(profileFields.lastName, { type: 'text' })}
            key={profileFields.lastName.key}
            label="Last name"
            autoComplete="family-name"
            error={profileFields.lastName.errors?.[0]}
          />
          <SubmitButton name="intent" value="profile" busy={busyIntent === 'profile'}>
            {busyIntent === 'profile' ? 'Saving…' : 'Save Details'}
          </SubmitButton>
        </Form>
        <Form method="post" {...getFormProps(passwordForm)} className="space-y-5" aria-labelledby="password-heading">
          <h2 id="password-heading" className="text-sm font-semibold uppercase tracking-widest">
            Change password
          </h2>
          <FormMessage id={passwordForm.errorId} error={passwordForm.errors?.[0]} success={password?.success} />
          <TextField
            {...getInputProps(passwordFields.currentPassword, { type: 'password', value: false })}
            key={passwordFields.currentPassword.key}
            label="Current password"
            autoComplete="current-password"
            error={passwordFields.currentPassword.errors?.[0]}
          />
          <TextField
            {...getInputProps(passwordFields.password, { type: 'password', value: false })}
            key={passwordFields.password.key}
            label="New password"
            autoComplete="new-password"
            error={passwordFields.password.errors?.[0]}
          />
          <TextField
            {...getInputProps(passwordFields.confirmPassword, { type: 'password', value: false })}
            key={passwordFields.confirmPassword.key}
            label="Confirm new password"
            autoComplete="new-password"
            error={passwordFields.confirmPassword.errors?.[0]}
          />
          <SubmitButton name="intent" value="password" busy={busyIntent === 'password'}>
            {busyIntent === 'password' ? 'Saving…' : 'Change Password'}
          </SubmitButton>
        </Form>
      </div>
      <div className="mt-16 max-w-2xl border-t border-line pt-12">
        <AddressForm
          address={loaderData.address}
          saved={loaderData.hasSavedAddress}
          result={address?.result}
          success={address?.success}
          busy={busyIntent === 'address'}
        />
      </div>
    </section>
  );
}
