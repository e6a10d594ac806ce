/** The admins page: the address form (SPEC.md: an admin is a user whose email is listed) and its wording. */
import { z } from 'zod';
import { emailField } from './forms';

export const adminEmailSchema = z.object({ email: emailField });

export const ADMINS_MESSAGES = {
  added: (email: string) => `${email} is now an admin.`,
  already: (email: string) => `${email} is already an admin.`,
  removed: (email: string) => `${email} is no longer an admin.`,
  notFound: 'That address is not an admin.',
  lastAdmin: 'You cannot remove the last admin. Add another admin first.',
  failed: 'Error saving admins. Please try again.',
} as const;
