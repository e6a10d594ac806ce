import { describe, expect, it } from 'vitest';
import { changePasswordSchema, fieldErrorsOf, loginSchema, MESSAGES, registerSchema, resetPasswordSchema } from './account-forms';

const valid = { email: ' Ada@Example.COM ', password: 'secret', confirmPassword: 'secret', firstName: ' Ada ', lastName: 'Obi', terms: 'on' };

describe('registerSchema', () => {
  it('accepts a complete form, trimming names and lowercasing the email', () => {
    expect(registerSchema.parse(valid)).toEqual({ email: 'ada@example.com', password: 'secret', confirmPassword: 'secret', firstName: 'Ada', lastName: 'Obi', terms: 'on' });
  });

  it("uses SPEC.md's texts for short and mismatched passwords", () => {
    const short = registerSchema.safeParse({ ...valid, password: 'abc12', confirmPassword: 'abc12' });
    expect(short.success || fieldErrorsOf(short.error).password).toBe(MESSAGES.passwordTooShort);
    const mismatch = registerSchema.safeParse({ ...valid, confirmPassword: 'secreT' });
    expect(mismatch.success || fieldErrorsOf(mismatch.error).confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });

  it('reports every problem at once, the mismatch included', () => {
    const result = registerSchema.safeParse({ email: 'nope', password: 'secret1', confirmPassword: 'secret2', firstName: '', lastName: ' ', terms: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'terms']);
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
    expect(resetPasswordSchema.safeParse({ token: 't', password: 'secret', confirmPassword: 'secret' }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ token: '', password: 'secret', confirmPassword: 'secret' }).success).toBe(false);
    const mismatch = changePasswordSchema.safeParse({ currentPassword: 'x', password: 'secret', confirmPassword: 'other1' });
    expect(mismatch.success || fieldErrorsOf(mismatch.error).confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });
});
