import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  EMAIL_MAX,
  fieldErrors,
  formText,
  INVALID_EMAIL,
  isNewsletterOutcome,
  newsletterSchema,
} from './forms';

describe('newsletter email', () => {
  it('trims and lowercases the address', () => {
    expect(newsletterSchema.parse({ email: '  Ada.Obi@Example.COM ' })).toEqual({ email: 'ada.obi@example.com' });
  });

  it.each([
    '',
    '   ',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada @example.com',
    'ada@@example.com',
    '<script>@x.com',
  ])('refuses %j', (email) => {
    const result = newsletterSchema.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(INVALID_EMAIL);
  });

  it('refuses a missing or non-string field with the same kind message', () => {
    for (const input of [{}, { email: 42 }, { email: null }]) {
      const result = newsletterSchema.safeParse(input);
      expect(result.error?.issues[0].message).toBe(INVALID_EMAIL);
    }
  });

  it('accepts 254 characters and refuses 255', () => {
    // Labels of at most 63 characters, as DNS wants, so only the overall length decides.
    const at = (length: number) => {
      let domain = 'com';
      while (61 + domain.length < length)
        domain = `${'b'.repeat(Math.min(50, length - 61 - domain.length - 1) || 1)}.${domain}`;
      return `${'a'.repeat(60)}@${domain}`;
    };
    expect(at(EMAIL_MAX)).toHaveLength(254);
    expect(at(EMAIL_MAX + 1)).toHaveLength(255);
    expect(newsletterSchema.safeParse({ email: at(EMAIL_MAX) }).success).toBe(true);
    expect(newsletterSchema.safeParse({ email: at(EMAIL_MAX + 1) }).success).toBe(false);
  });
});

describe('contact form', () => {
  const valid = { name: ' Ada ', email: 'ADA@example.com', subject: 'Sizing', message: 'Does the jacket run small?' };

  it('accepts a full message, trimmed', () => {
    expect(contactSchema.parse(valid)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Sizing',
      message: 'Does the jacket run small?',
    });
  });

  it('names every blank field, one message each, as the action reads the form', () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: ' ', email: '', subject: '', message: '\n' }))
      form.set(name, value);
    expect(parseWithZod(form, { schema: contactSchema }).reply().error).toEqual({
      name: ['Please enter your name.'],
      email: [INVALID_EMAIL],
      subject: ['Please enter a subject.'],
      message: ['Please enter your message.'],
    });
    // The same for a form without the fields at all (a bot's, or a body that is not a form).
    expect(Object.keys(parseWithZod(new FormData(), { schema: contactSchema }).reply().error ?? {})).toHaveLength(4);
  });

  it('fieldErrors (the admin forms not yet on Conform) keeps the first message per field', () => {
    const result = contactSchema.safeParse({ name: ' ', email: '', subject: '', message: '\n' });
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Please enter your name.',
      email: INVALID_EMAIL,
      subject: 'Please enter a subject.',
      message: 'Please enter your message.',
    });
  });

  it('caps the lengths', () => {
    const result = contactSchema.safeParse({
      ...valid,
      name: 'n'.repeat(101),
      subject: 's'.repeat(151),
      message: 'm'.repeat(5001),
    });
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(['message', 'name', 'subject']);
    expect(
      contactSchema.safeParse({ ...valid, name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) })
        .success,
    ).toBe(true);
  });
});

describe('formText', () => {
  it('gives strings and turns files or missing fields into empty text', () => {
    const form = new FormData();
    form.set('a', 'x');
    form.set('f', new Blob(['1']), 'f.txt');
    expect([formText(form, 'a'), formText(form, 'f'), formText(form, 'missing')]).toEqual(['x', '', '']);
  });
});

describe('isNewsletterOutcome', () => {
  it('knows only the three outcomes', () => {
    expect(['subscribed', 'tooOften', 'invalid'].every(isNewsletterOutcome)).toBe(true);
    // No "already": a known address is answered as a new one (decision 0027).
    expect(['toString', '', null, 'SUBSCRIBED', 'already'].some(isNewsletterOutcome)).toBe(false);
  });
});
