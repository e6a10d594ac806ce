/** The admin inbox: contact messages (newest first, mark handled) and newsletter subscribers (paged, exported). */
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { contactMessages, newsletterSubscribers } from '~/db/schema';
import { INBOX_PAGE_SIZE, SUBSCRIBERS_PAGE_SIZE } from '~/lib/store/admin-inbox';
import type { ContactMessageView, SubscriberView } from '~/lib/admin/admin-types';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';

export type Paged<T> = { rows: T[]; total: number; page: number; pageCount: number };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export async function listContactMessages({
  unhandledOnly = false,
  page = 1,
  pageSize = INBOX_PAGE_SIZE,
}: { unhandledOnly?: boolean; page?: number; pageSize?: number } = {}): Promise<
  Paged<ContactMessageView> & { unhandled: number }
> {
  const [rows, [counts]] = await Promise.all([
    db()
      .select()
      .from(contactMessages)
      .where(unhandledOnly ? isNull(contactMessages.handledAt) : undefined)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db()
      .select({
        all: count(),
        unhandled: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  const total = unhandledOnly ? counts.unhandled : counts.all;
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), handledAt: iso(row.handledAt) })),
    total,
    unhandled: counts.unhandled,
    page,
    pageCount: pageCount(total, pageSize),
  };
}

export type MarkResult = { kind: 'updated'; handledAt: string | null } | { kind: 'unchanged' } | { kind: 'not-found' };

/** Marks a message handled (now) or not handled again, with an audit row in the same transaction. */
export async function setMessageHandled(
  actor: AuditActor,
  id: number,
  handled: boolean,
  now = new Date(),
): Promise<MarkResult> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!current) return { kind: 'not-found' } as const;
    if (Boolean(current.handledAt) === handled) return { kind: 'unchanged' } as const;
    const handledAt = handled ? now : null;
    await tx.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: handled ? 'contact_message.handled' : 'contact_message.unhandled',
      entityType: 'contact_message',
      entityId: String(id),
      before: { handledAt: iso(current.handledAt) },
      after: { handledAt: iso(handledAt) },
    });
    return { kind: 'updated', handledAt: iso(handledAt) } as const;
  });
}

export async function listSubscribers({
  page = 1,
  pageSize = SUBSCRIBERS_PAGE_SIZE,
}: { page?: number; pageSize?: number } = {}): Promise<Paged<SubscriberView>> {
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db().select({ n: count() }).from(newsletterSubscribers),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: totals.n,
    page,
    pageCount: pageCount(totals.n, pageSize),
  };
}

/** Every subscriber, newest first, for the CSV. */
export async function allSubscribers(): Promise<SubscriberView[]> {
  const rows = await db()
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
