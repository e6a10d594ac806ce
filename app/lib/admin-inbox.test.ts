import { describe, expect, it } from 'vitest';
import { adminEmailSchema } from './admin-admins';
import { inboxQuery, markMessageSchema, parseInboxView } from './admin-inbox';

describe('inbox view', () => {
  it('reads and writes the filter and both page numbers', () => {
    const view = parseInboxView(new URLSearchParams('show=unhandled&page=2&subscribers=3'));
    expect(view).toEqual({ unhandledOnly: true, page: 2, subscribersPage: 3 });
    expect(inboxQuery(view)).toBe('?show=unhandled&page=2&subscribers=3');
    expect(inboxQuery(view, { unhandledOnly: false, page: 1 })).toBe('?subscribers=3');
    expect(parseInboxView(new URLSearchParams('show=all&page=0&subscribers=x'))).toEqual({
      unhandledOnly: false,
      page: 1,
      subscribersPage: 1,
    });
    expect(inboxQuery(parseInboxView(new URLSearchParams()))).toBe('');
  });
});

describe('form schemas', () => {
  it('marks a message by its numeric id', () => {
    expect(markMessageSchema.parse({ id: '12', handled: 'true' })).toEqual({ id: 12, handled: true });
    expect(markMessageSchema.parse({ id: '12', handled: 'false' })).toEqual({ id: 12, handled: false });
    expect(markMessageSchema.safeParse({ id: 'abc', handled: 'true' }).success).toBe(false);
    expect(markMessageSchema.safeParse({ id: '99999999999', handled: 'true' }).success).toBe(false);
    expect(markMessageSchema.safeParse({ id: '1', handled: 'yes' }).success).toBe(false);
  });

  it('takes an admin address trimmed and lowercased', () => {
    expect(adminEmailSchema.parse({ email: '  New.Admin@Example.COM ' })).toEqual({ email: 'new.admin@example.com' });
    expect(adminEmailSchema.safeParse({ email: 'not an email' }).error?.issues[0].message).toBe(
      'Please enter a valid email address.',
    );
  });
});
