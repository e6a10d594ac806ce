/**
 * Admin by invitation only (decision 0026, docs/requirements.md#11-accounts-and-roles). Listing an address mails it a
 * single-use link that expires after INVITATION_HOURS; only a SHA-256 hash of the link's token is kept, and a new
 * invitation for the address replaces the older ones. The rights start when the link is answered with a new password:
 * the account is created (its address proven by the link) or, when someone registered the address first, its password
 * is replaced and every one of its sessions ended, so whoever registered it loses it. Then the invitee is signed in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts, adminInvitations, admins, sessions, users, verifications } from '~/db/schema';
import { INVITATION_HOURS } from '~/lib/accounts/admin-admins';
import { newId } from '~/lib/ids';
import { adminInvitationMail } from './account-mails.server';
import { signIn, type AuthOutcome } from './accounts.server';
import { auth, normalizeEmail } from './auth.server';
import { syncAdminFlagByEmail } from './admin-rights.server';
import { recordAudit } from '../admin/audit.server';
import { db, type Database } from '../db.server';
import { logger } from '../logger.server';
import { sendMail } from '../mail.server';
import { mailStore } from '../mail/store.server';
import { passwordWeakness } from './password-strength.server';
import { publicUrl } from '../public-url.server';
import { checkedRows } from '../sql-rows.server';
import { clearSignInFailures } from './sign-in-throttle.server';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationLink = (token: string) => publicUrl(`/admin-invitation?token=${encodeURIComponent(token)}`);

export type Invitation = { email: string; link: string; expiresAt: Date };

/**
 * In the caller's transaction (the address is listed): a fresh invitation; the address's unused older ones are
 * deleted, so their links stop working.
 */
export async function createInvitation(tx: Tx, email: string, invitedBy: string | null): Promise<Invitation> {
  await tx.delete(adminInvitations).where(and(eq(adminInvitations.email, email), isNull(adminInvitations.usedAt)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000);
  await tx.insert(adminInvitations).values({ email, tokenHash: hashToken(token), invitedBy, expiresAt });
  return { email, link: invitationLink(token), expiresAt };
}

/** In the caller's transaction: lists the address unless it is listed already. Whether this added it. */
export async function listAddress(tx: Tx, email: string): Promise<boolean> {
  const inserted = await tx.insert(admins).values({ email }).onConflictDoNothing().returning({ id: admins.id });
  return inserted.length > 0;
}

/** Sends the invitation (after the transaction that made it). */
export async function mailInvitation(invitation: Invitation): Promise<void> {
  const mail = { to: invitation.email, link: invitation.link, hours: INVITATION_HOURS };
  await sendMail(await adminInvitationMail(mail, await mailStore()));
}

/**
 * `npm run admin:grant`: lists the address (if it is not yet) and invites it, exactly as the admins page does; an
 * address whose invitation was already accepted needs none.
 */
export async function listAndInvite(
  email: string,
): Promise<
  { email: string; added: boolean; accepted: true } | { email: string; added: boolean; invitation: Invitation }
> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    const added = await listAddress(tx, normalized);
    const [row] = await tx
      .select({ acceptedAt: admins.acceptedAt })
      .from(admins)
      .where(eq(admins.email, normalized))
      .for('update');
    if (row?.acceptedAt) return { email: normalized, added: false, accepted: true as const };
    const invitation = await createInvitation(tx, normalized, 'admin:grant');
    return { email: normalized, added, invitation };
  });
}

export type InvitationState =
  { state: 'valid'; email: string; newAccount: boolean; names: string[] } | { state: 'expired' | 'invalid' };

const openRow = z.object({
  email: z.string(),
  expired: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  hasAccount: z.boolean(),
});

/**
 * What the link's page shows, changing nothing: whether the link can still be used, and whether it creates the
 * account or replaces the password of one registered with the address. A used, replaced or unknown link, or one for
 * an address no longer listed, is not valid.
 */
export async function openInvitation(token: string): Promise<InvitationState> {
  const rows = await db().execute(sql`
    select i.email, i.expires_at <= now() as expired, u.first_name as "firstName", u.last_name as "lastName",
      u.id is not null as "hasAccount"
    from ${adminInvitations} i
    join ${admins} a on a.email = i.email and a.accepted_at is null
    left join ${users} u on u.email = i.email
    where i.token_hash = ${hashToken(token)} and i.used_at is null`);
  const [row] = checkedRows(openRow, rows);
  if (!row) return { state: 'invalid' };
  if (row.expired) return { state: 'expired' };
  const names = [row.firstName, row.lastName].filter((name): name is string => Boolean(name));
  return { state: 'valid', email: row.email, newAccount: !row.hasAccount, names };
}

export type AcceptOutcome =
  | { ok: true; headers: Headers; signedIn: boolean }
  | { ok: false; reason: 'expired' | 'invalid' }
  | { ok: false; reason: 'field'; field: 'password' | 'firstName' | 'lastName'; message: string };

class Refused extends Error {
  constructor(readonly outcome: AcceptOutcome) {
    super('invitation refused');
  }
}

/**
 * The invitee's answer: in one transaction the invitation is spent (a second use finds it spent), the account is
 * created or its password replaced (every old session and reset link ended, the address confirmed: the link came
 * through its mailbox), and the admins row records the account and when. Then a new session is started for it.
 */
export async function acceptInvitation(
  request: Request,
  token: string,
  input: { password: string; firstName?: string; lastName?: string },
): Promise<AcceptOutcome> {
  const opened = await openInvitation(token);
  if (opened.state !== 'valid') return { ok: false, reason: opened.state };
  const { email } = opened;
  const related = [email, ...opened.names, input.firstName ?? '', input.lastName ?? ''];
  const weakness = passwordWeakness(input.password, related);
  if (weakness) return { ok: false, reason: 'field', field: 'password', message: weakness };
  const hash = await (await auth().$context).password.hash(input.password);
  let userId: string;
  try {
    userId = await db().transaction(async (tx) => {
      const spent = await tx
        .update(adminInvitations)
        .set({ usedAt: new Date() })
        .where(
          sql`${adminInvitations.tokenHash} = ${hashToken(token)} and ${adminInvitations.usedAt} is null
            and ${adminInvitations.expiresAt} > now()`,
        )
        .returning({ email: adminInvitations.email });
      const [listed] = spent.length
        ? await tx.select({ acceptedAt: admins.acceptedAt }).from(admins).where(eq(admins.email, email)).for('update')
        : [];
      if (!listed || listed.acceptedAt) throw new Refused({ ok: false, reason: 'invalid' });
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).for('update');
      const id = existing ? await replacePassword(tx, existing.id, hash) : await newAccount(tx, email, hash, input);
      await tx.update(admins).set({ userId: id, acceptedAt: new Date() }).where(eq(admins.email, email));
      await syncAdminFlagByEmail(tx, email);
      await recordAudit(
        tx,
        { id, email },
        {
          action: 'admin.accept',
          entityType: 'admin',
          entityId: email,
          before: null,
          after: { email, account: existing ? 'existing' : 'new' },
        },
      );
      return id;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
  logger.info({ userId, email }, 'admin invitation accepted');
  // The link proved the mailbox: failed sign-ins someone else made on the address must not hold the invitee back.
  await clearSignInFailures(email);
  const session: AuthOutcome = await signIn(request, { email, password: input.password });
  if (!session.ok) logger.warn({ userId, status: session.status }, 'sign-in after accepting an invitation failed');
  return { ok: true, headers: session.ok ? session.headers : new Headers(), signedIn: session.ok };
}

/** An account registered with the address before: whoever registered it loses it. */
async function replacePassword(tx: Tx, userId: string, hash: string): Promise<string> {
  const updated = await tx
    .update(accounts)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (!updated.length)
    await tx
      .insert(accounts)
      .values({ id: newId(), userId, providerId: 'credential', accountId: userId, password: hash });
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  return userId;
}

async function newAccount(
  tx: Tx,
  email: string,
  hash: string,
  input: { firstName?: string; lastName?: string },
): Promise<string> {
  // The page asked for the names (no account existed when it opened); one registered since is handled above.
  if (!input.firstName)
    throw new Refused({ ok: false, reason: 'field', field: 'firstName', message: 'Please enter your first name.' });
  if (!input.lastName)
    throw new Refused({ ok: false, reason: 'field', field: 'lastName', message: 'Please enter your last name.' });
  const id = newId();
  await tx.insert(users).values({
    id,
    email,
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    emailVerified: true,
  });
  await tx
    .insert(accounts)
    .values({ id: newId(), userId: id, providerId: 'credential', accountId: id, password: hash });
  return id;
}
