import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  fieldErrorsOf,
  loginSchema,
  MESSAGES,
  registerSchema,
  resetPasswordSchema,
} from './account-forms';

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
    const short = registerSchema.safeParse({ ...valid, password: 'abc12', confirmPassword: 'abc12' });
    expect(short.success || fieldErrorsOf(short.error).password).toBe(MESSAGES.passwordTooShort);
    const mismatch = registerSchema.safeParse({ ...valid, confirmPassword: 'secret-Pass' });
    expect(mismatch.success || fieldErrorsOf(mismatch.error).confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });

  it('takes passwords of 8 to 128 characters (OWASP ASVS level 2), saying which limit was missed', () => {
    const withPassword = (password: string) =>
      registerSchema.safeParse({ ...valid, password, confirmPassword: password });
    const seven = withPassword('abcdefg');
    expect(seven.success || fieldErrorsOf(seven.error).password).toBe('Password must be at least 8 characters long');
    expect(withPassword('abcdefgh').success).toBe(true);
    expect(withPassword('x'.repeat(128)).success).toBe(true);
    const long = withPassword('x'.repeat(129));
    expect(long.success || fieldErrorsOf(long.error).password).toBe('Password must be at most 128 characters long');
    for (const schema of [resetPasswordSchema, changePasswordSchema]) {
      const short = schema.safeParse({
        token: 't',
        currentPassword: 'old',
        password: 'abcdefg',
        confirmPassword: 'abcdefg',
      });
      expect(short.success || fieldErrorsOf(short.error).password).toBe(MESSAGES.passwordTooShort);
    }
  });

  it('reports every problem at once, the mismatch included', () => {
    const result = registerSchema.safeParse({
      email: 'nope',
      password: 'secret-1',
      confirmPassword: 'secret-2',
      firstName: '',
      lastName: ' ',
      terms: '',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual([
      'confirmPassword',
      'email',
      'firstName',
      'lastName',
      'terms',
    ]);
    expect(fieldErrorsOf(result.error).confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });

  it('requires the terms checkbox', () => {
    const result = registerSchema.safeParse({ ...valid, terms: '' });
    expect(result.success || fieldErrorsOf(result.error).terms).toBe('Please accept the terms and conditions.');
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
    const mismatch = changePasswordSchema.safeParse({
      currentPassword: 'x',
      password: 'secret-pass',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.success || fieldErrorsOf(mismatch.error).confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });
});
