/** The inbox page: contact messages (mark handled) and newsletter subscribers, paged separately. */
import { z } from 'zod';

export const INBOX_PAGE_SIZE = 20;
export const SUBSCRIBERS_PAGE_SIZE = 50;

export type InboxView = { unhandledOnly: boolean; page: number; subscribersPage: number };

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

/** `?show=unhandled&page=2&subscribers=3`; anything else falls back to the first page of everything. */
export function parseInboxView(params: URLSearchParams): InboxView {
  return {
    unhandledOnly: params.get('show') === 'unhandled',
    page: pageOf(params.get('page')),
    subscribersPage: pageOf(params.get('subscribers')),
  };
}

export function inboxQuery(view: InboxView, change: Partial<InboxView> = {}): string {
  const next = { ...view, ...change };
  const params = new URLSearchParams();
  if (next.unhandledOnly) params.set('show', 'unhandled');
  if (next.page > 1) params.set('page', String(next.page));
  if (next.subscribersPage > 1) params.set('subscribers', String(next.subscribersPage));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A message's mark handled / not handled button; `returnTo` is the list it was pressed on. */
export const markMessageSchema = z.object({
  intent: z.literal('mark'),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  handled: z.enum(['true', 'false']).transform((value) => value === 'true'),
  returnTo: z.string().optional(),
});

export const INBOX_MESSAGES = {
  handled: 'Message marked as handled.',
  unhandled: 'Message marked as not handled.',
  notFound: 'That message no longer exists.',
  failed: 'Error updating the message. Please try again.',
} as const;
