import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordSchema, loginSchema, MESSAGES, registerSchema, resetPasswordSchema } from './account-forms';

/** The first message per field, as the page shows it, for a form posted with `fields` (parsed as the action does). */
function errorsOf(schema: z.ZodType, fields: Record<string, string>): Record<string, string> {
  const submission = parseWithZod(new URLSearchParams(fields), { schema });
  if (submission.status === 'success') return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages ? [[name, messages[0]]] : [])),
  );
}

const valid = {
  email: ' Ada@Example.COM ',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  firstName: ' Ada ',
  lastName: 'Obi',
  terms: 'on',
};

describe('registerSchema', () => {
  it('accepts a complete form, trimming names and lowercasing the email', () => {
    expect(registerSchema.parse(valid)).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      firstName: 'Ada',
      lastName: 'Obi',
      terms: 'on',
    });
  });

  it('uses the texts of docs/requirements.md#14-messages for short and mismatched passwords', () => {
    expect(errorsOf(registerSchema, { ...valid, password: 'abc12', confirmPassword: 'abc12' }).password).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: 'secret-Pass' }).confirmPassword).toBe(
      MESSAGES.passwordsDoNotMatch,
    );
  });

  it('takes passwords of 8 to 128 characters (OWASP ASVS level 2), saying which limit was missed', () => {
    const withPassword = (password: string) =>
      errorsOf(registerSchema, { ...valid, password, confirmPassword: password });
    expect(withPassword('abcdefg').password).toBe('Password must be at least 8 characters long');
    expect(withPassword('abcdefgh')).toEqual({});
    expect(withPassword('x'.repeat(128))).toEqual({});
    expect(withPassword('x'.repeat(129)).password).toBe('Password must be at most 128 characters long');
    for (const schema of [resetPasswordSchema, changePasswordSchema]) {
      const fields = { token: 't', currentPassword: 'old', password: 'abcdefg', confirmPassword: 'abcdefg' };
      expect(errorsOf(schema, fields).password).toBe(MESSAGES.passwordTooShort);
    }
  });

  it('reports every problem at once, the mismatch included', () => {
    const errors = errorsOf(registerSchema, {
      email: 'nope',
      password: 'secret-1',
      confirmPassword: 'secret-2',
      firstName: '',
      lastName: ' ',
      terms: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'terms']);
    expect(errors).toMatchObject({
      confirmPassword: MESSAGES.passwordsDoNotMatch,
      email: 'Please enter a valid email address.',
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
    });
  });

  it('requires the terms checkbox, unticked (not sent at all) or sent empty', () => {
    const { terms, ...unticked } = valid;
    expect(terms).toBe('on');
    expect(errorsOf(registerSchema, unticked).terms).toBe('Please accept the terms and conditions.');
    expect(errorsOf(registerSchema, { ...valid, terms: '' }).terms).toBe('Please accept the terms and conditions.');
  });

  // Conform hands the schema undefined for an empty input, the same as for a field left out of the form.
  // The texts of docs/requirements.md#14-messages.
  it('says what is missing for empty fields and fields left out alike', () => {
    const expected = {
      email: 'Please enter your email address.',
      password: 'Please enter a password.',
      confirmPassword: 'Please confirm your password.',
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      terms: 'Please accept the terms and conditions.',
    };
    expect(errorsOf(registerSchema, {})).toEqual(expected);
    const empty = { email: '', password: '', confirmPassword: '', firstName: '', lastName: '', terms: '' };
    expect(errorsOf(registerSchema, empty)).toEqual(expected);
    expect(errorsOf(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Please enter your email address.',
      password: 'Please enter your password.',
    });
  });
});

describe('other account forms', () => {
  it('login needs an email and a password; passwords are never trimmed', () => {
    expect(loginSchema.safeParse({ email: '', password: '' }).success).toBe(false);
    expect(loginSchema.parse({ email: 'a@b.co', password: ' x ' }).password).toBe(' x ');
  });

  it('reset and change password check length and confirmation', () => {
    expect(
      resetPasswordSchema.safeParse({ token: 't', password: 'secret-pass', confirmPassword: 'secret-pass' }).success,
    ).toBe(true);
    expect(
      resetPasswordSchema.safeParse({ token: '', password: 'secret-pass', confirmPassword: 'secret-pass' }).success,
    ).toBe(false);
    const mismatch = { currentPassword: 'x', password: 'secret-pass', confirmPassword: 'other-pass' };
    expect(errorsOf(changePasswordSchema, mismatch)).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatch });
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      currentPassword: 'Please enter your current password.',
      password: 'Please enter a password.',
      confirmPassword: 'Please confirm your new password.',
    });
  });
});
