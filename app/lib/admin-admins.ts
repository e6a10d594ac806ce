/**
 * The admins page: the address form (docs/requirements.md#11-accounts-and-roles: an admin is a user whose email is
 * listed) and its wording.
 */
import { z } from 'zod';
import { emailField } from './forms';

export const adminEmailSchema = z.object({ email: emailField });

/** The page's two forms: the address typed into "Add an admin", or the listed one beside its Remove button. */
export const adminChangeSchema = adminEmailSchema.extend({ intent: z.enum(['add', 'remove']) });

export const ADMINS_MESSAGES = {
  added: (email: string) => `${email} is now an admin.`,
  already: (email: string) => `${email} is already an admin.`,
  removed: (email: string) => `${email} is no longer an admin.`,
  notFound: 'That address is not an admin.',
  lastAdmin: 'You cannot remove the last admin. Add another admin first.',
  failed: 'Error saving admins. Please try again.',
  /** Admin rights need a verified email: said wherever an address is listed (here and by `npm run admin:grant`). */
  rightsWaitForVerification:
    'The admin rights start once the address is verified: ' +
    'its owner registers with it and opens the confirmation link we email them.',
  verified: 'Email verified: has admin rights',
  unverified: 'Has an account, email not verified yet: no admin rights until it is',
  noAccount: 'No account yet: rights start once they register with this address and verify it',
} as const;
