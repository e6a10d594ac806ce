/**
 * Outgoing mail through nodemailer. With SMTP_URL set, messages go to that server. Without it (development,
 * tests, the self-contained `npm start`) each message is written as a standard .eml file to $DATA_DIR/outbox/
 * and its path is logged, so a reset link can be opened from there.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from './env.server';
import { logger } from './logger.server';

/**
 * `headers`: extra header lines, for marketing mail only (List-Unsubscribe, marketing/unsubscribe.server.ts); the
 * other mails have none.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type SentMail = { messageId: string; file?: string };

let smtp: Transporter | undefined;
const outboxWriter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

export const outboxDir = () => path.join(env().dataDir, 'outbox');

function sender() {
  return env().MAIL_FROM ?? 'Store <no-reply@localhost>';
}

export async function sendMail(mail: Mail): Promise<SentMail> {
  const message = {
    from: sender(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
  const url = env().SMTP_URL;
  if (url) {
    smtp ??= nodemailer.createTransport(url);
    const info = await smtp.sendMail(message);
    logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
    return { messageId: info.messageId };
  }
  const info = await outboxWriter.sendMail(message);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Sortable by time, unique across processes; the recipient's address stays out of the file name.
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  logger.info({ file, subject: mail.subject }, 'mail written to the outbox (SMTP_URL is not set)');
  return { messageId: info.messageId, file };
}
