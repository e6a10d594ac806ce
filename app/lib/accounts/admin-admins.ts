/**
 * The admins page: the address form (docs/requirements.md#11-accounts-and-roles, decision 0026: admin by invitation
 * only) and its wording, and the form an invitee answers on /admin-invitation.
 */
import { z } from 'zod';
import { emailField } from '../forms/forms';
import { MESSAGES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-forms';

export const adminEmailSchema = z.object({ email: emailField });

/** The page's forms: the address typed into "Add an admin", or the listed one beside its Resend or Remove button. */
export const adminChangeSchema = adminEmailSchema.extend({ intent: z.enum(['add', 'resend', 'remove']) });

/** How long an invitation link works (app/server/accounts/admin-invitations.server.ts keeps the same number). */
export const INVITATION_HOURS = 72;

export const ADMINS_MESSAGES = {
  added: (email: string) =>
    `${email} is listed. We have emailed them an invitation: the admin rights start once they open it and set ` +
    `a password (the link works for ${INVITATION_HOURS} hours).`,
  already: (email: string) => `${email} is already listed.`,
  resent: (email: string) => `We have sent ${email} a new invitation. Older links for it no longer work.`,
  unsent: (email: string) =>
    `${email} is listed, but the invitation email could not be sent. Press Resend invitation to try again.`,
  removed: (email: string) => `${email} is no longer an admin.`,
  notFound: 'That address is not an admin.',
  alreadyAccepted: 'That address has already accepted its invitation.',
  lastAdmin: 'You cannot remove the last admin. Add another admin first.',
  failed: 'Error saving admins. Please try again.',
  /** Said wherever an address is listed (here and by `npm run admin:grant`). */
  rightsWaitForInvitation:
    'Listing an address gives no rights by itself: they start when its owner opens the emailed invitation ' +
    'and sets a password.',
  accepted: 'Accepted: has admin rights',
  invited: (until: string) => `Invited, not accepted yet: the link works until ${until}`,
  expired: 'Invitation expired or not sent: no admin rights. Send a new one.',
} as const;

/** The invitation page (/admin-invitation?token=…). */
export const INVITATION_MESSAGES = {
  invalid:
    'This invitation link is not valid: it has already been used, or a newer invitation replaced it. ' +
    'Ask an admin to send you a new one.',
  expired: 'This invitation has expired. Ask an admin to send you a new one.',
  existingAccount:
    'This address already has an account. Setting a password here replaces its old password and signs out ' +
    'every device that uses it; its orders stay.',
} as const;

const nameField = (label: string) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(NAME_MAX, `Please keep your ${label} under ${NAME_MAX} characters.`);

const base = {
  token: z.string({ error: INVITATION_MESSAGES.invalid }).min(1, INVITATION_MESSAGES.invalid).max(200),
  password: z
    .string({ error: 'Please enter a password.' })
    .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, MESSAGES.passwordTooLong),
  confirmPassword: z
    .string({ error: 'Please confirm your password.' })
    .min(1, 'Please confirm your password.')
    .max(PASSWORD_MAX, MESSAGES.passwordTooLong),
};

const matching = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch };

const forNewAccount = z
  .object({ ...base, firstName: nameField('first name'), lastName: nameField('last name') })
  .refine(matching, mismatch);
/** No names: the account has them (a name posted anyway is refused, as no page sends one). */
const forExistingAccount = z
  .object({ ...base, firstName: z.undefined().optional(), lastName: z.undefined().optional() })
  .refine(matching, mismatch);

/**
 * The invitee's form: a password (the rules of /register) and, when the invitation creates the account, first and
 * last name. The page and the action both choose it by what the invitation finds.
 */
export const acceptInvitationSchema = (newAccount: boolean) => (newAccount ? forNewAccount : forExistingAccount);
