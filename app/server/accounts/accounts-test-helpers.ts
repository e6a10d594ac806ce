/**
 * What the account tests share (accounts, password-rules, password-reset-links and sign-in-throttle
 * .server.test.ts): a temporary outbox and its mails, a request from a client address of each test's own, a new
 * shopper, and registering and signing in as one does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { verifications } from '~/db/schema';
import { registerAccount, signIn } from './accounts.server';
import { db } from '../db.server';
import { outboxDir } from '../mail.server';

// Mails of the test file using these go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-test-'));

/** For the calling test file: its temporary outbox removed after it. */
export function withOutbox() {
  afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));
}

export const ORIGIN = 'http://shop.test';
let ipCounter = 10;
/** Each test uses its own client address, so the rate limits of one test do not touch another. */
export const newIp = () => `198.51.100.${ipCounter++}`;

export function post(ip: string, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN, 'x-client-ip': ip });
  if (cookie) headers.set('cookie', cookie);
  return new Request(`${ORIGIN}/login`, { method: 'POST', headers });
}

/** "a=1; b=2" from Set-Cookie lines, as a browser would send them back. */
export function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

let n = 0;
export const person = () => {
  n += 1;
  return { email: `shopper${n}@example.com`, password: 'amber-kettle-river', firstName: 'Ada', lastName: `Obi${n}` };
};

/** The .eml body is quoted-printable: soft line breaks and =XX escapes. */
export const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function newestResetToken(userId: string) {
  const rows = await db().select().from(verifications).where(eq(verifications.value, userId));
  const row = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return row.identifier.replace('reset-password:', '');
}

/** Registering does not sign in (docs/requirements.md#14-messages): registers, then signs in as the shopper would. */
export async function registerAndSignIn(input: ReturnType<typeof person>) {
  const registered = await registerAccount(post(newIp()), input);
  if (!registered.ok) throw new Error(`register failed: ${registered.message}`);
  return signIn(post(newIp()), input);
}

/** The outbox mails written since `before` (a set of file names), decoded. */
export function mailsSince(before: Set<string>) {
  return fs
    .readdirSync(outboxDir())
    .filter((file) => !before.has(file))
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')));
}
export const outboxNow = () => new Set(fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
