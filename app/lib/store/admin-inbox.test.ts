import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { adminChangeSchema, adminEmailSchema } from '../accounts/admin-admins';
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

/** A post as the browser sends it, parsed as the action parses it (Conform with the form's schema). */
const posted = <Schema extends Parameters<typeof parseWithZod>[1]['schema']>(
  schema: Schema,
  fields: Record<string, string>,
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
};

describe('form schemas', () => {
  it('marks a message by its numeric id', () => {
    const mark = (fields: Record<string, string>) => posted(markMessageSchema, { intent: 'mark', ...fields });
    const handled = mark({ id: '12', handled: 'true', returnTo: '/admin/inbox?page=2' });
    expect(handled.status === 'success' && handled.value).toEqual({
      intent: 'mark',
      id: 12,
      handled: true,
      returnTo: '/admin/inbox?page=2',
    });
    const back = mark({ id: '12', handled: 'false' });
    expect(back.status === 'success' && back.value).toMatchObject({ id: 12, handled: false });
    expect(mark({ id: 'abc', handled: 'true' }).status).toBe('error');
    expect(mark({ id: '99999999999', handled: 'true' }).status).toBe('error');
    expect(mark({ id: '1', handled: 'yes' }).status).toBe('error');
    expect(posted(markMessageSchema, { intent: 'delete', id: '1', handled: 'true' }).status).toBe('error');
  });

  it('takes an admin address trimmed and lowercased', () => {
    expect(adminEmailSchema.parse({ email: '  New.Admin@Example.COM ' })).toEqual({ email: 'new.admin@example.com' });
    expect(adminEmailSchema.safeParse({ email: 'not an email' }).error?.issues[0].message).toBe(
      'Please enter a valid email address.',
    );
    // The page's two forms say which they are; an address left blank gets the same message.
    const blank = posted(adminChangeSchema, { intent: 'add', email: '' });
    expect(blank.status === 'error' && blank.error).toEqual({ email: ['Please enter a valid email address.'] });
    const remove = posted(adminChangeSchema, { intent: 'remove', email: 'A@b.ng' });
    expect(remove.status === 'success' && remove.value).toEqual({ intent: 'remove', email: 'a@b.ng' });
  });
});
