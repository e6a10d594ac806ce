/**
 * The hourly caps of the mail-sending forms (decision 0027; limits in app/lib/forms/form-caps.ts), kept in the
 * form_attempts table so every store process shares them. A submission that would store or send claims one
 * attempt: under both caps it is recorded and allowed, over either it is refused and nothing is recorded.
 * The count and the insert run under advisory locks of the client and of the mailbox, so forty requests racing
 * each other are counted one after another.
 */
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { FORM_CAPS, type CappedForm } from '~/lib/forms/form-caps';
import { db } from '../db.server';

/** Advisory lock classes, so a client key and a mailbox whose hashes collide never wait for each other. */
const CLIENT_LOCK = 270_001;
const MAILBOX_LOCK = 270_002;

/**
 * The client as the caps count it, from the address server/app.ts trusts (the x-client-ip header it always
 * overwrites, read by request-context.server.ts). An IPv6 client holds a whole /64, so it is counted by that prefix;
 * an IPv4-mapped IPv6 address is its IPv4 address. Without an address every such request shares one key.
 */
export function clientKeyOf(ip: string | null | undefined): string {
  const address = (ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address || 'unknown';
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export type FormAttempt = { form: CappedForm; clientKey: string; mailbox: string | null };

/**
 * Claims one attempt of `form` for this client and mailbox: true (recorded) when both are under their hourly cap,
 * false (nothing recorded) when either is at it. Rows older than a day are pruned on the way.
 */
export async function claimFormAttempt({ form, clientKey, mailbox }: FormAttempt): Promise<boolean> {
  const window = sql`now() - make_interval(mins => ${FORM_CAPS.windowMinutes})`;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK}, hashtext(${`${form}:${clientKey}`}))`);
    if (mailbox !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(${MAILBOX_LOCK}, hashtext(${`${form}:${mailbox}`}))`);
    }
    const [counts] = await tx.execute<{ client: number; mailbox: number }>(sql`
      select
        count(*) filter (where client_key = ${clientKey})::int as client,
        count(*) filter (where mailbox = ${mailbox})::int as mailbox
      from form_attempts
      where form = ${form} and created_at > ${window}
        and (client_key = ${clientKey} or mailbox = ${mailbox})`);
    if (counts.client >= FORM_CAPS.perClient || counts.mailbox >= FORM_CAPS.perMailbox) return false;
    await tx.execute(
      sql`insert into form_attempts (form, client_key, mailbox) values (${form}, ${clientKey}, ${mailbox})`,
    );
    await tx.execute(sql`delete from form_attempts where created_at < now() - interval '1 day'`);
    return true;
  });
}
