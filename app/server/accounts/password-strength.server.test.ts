/** The guessable-password check (decision 0012): zxcvbn-ts with its offline common and English dictionaries. */
import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.server';

describe('passwordWeakness', () => {
  it('refuses common passwords, keyboard runs, repeats and common words, each with a reason and what to do', () => {
    expect(passwordWeakness('password123')).toBe(
      'This password is too easy to guess. This is a commonly used password. Add more words that are less common.',
    );
    expect(passwordWeakness('qwertyuiop')).toMatch(/^This password is too easy to guess\. .+/);
    expect(passwordWeakness('aaaaaaaaaa')).toContain('Repeated characters like "aaa" are easy to guess.');
    expect(passwordWeakness('sunshine')).toContain('This is a frequently used password.');
  });

  it("refuses the person's own name or address with a few digits", () => {
    expect(passwordWeakness('chiamaka2024', ['chiamaka.eze@example.com', 'Chiamaka', 'Eze'])).toMatch(
      /^This password is too easy to guess\./,
    );
    expect(passwordWeakness('chiamaka2024')).toBeNull();
  });

  it('accepts a few unrelated words or a long random string', () => {
    expect(passwordWeakness('amber-kettle-river')).toBeNull();
    expect(passwordWeakness('correct horse battery')).toBeNull();
    expect(passwordWeakness('x7#Lq9!mZ2pR')).toBeNull();
  });
});
