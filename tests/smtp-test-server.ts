/**
 * A real SMTP server on a free local port (the `smtp-server` package) for tests that send mail through
 * SMTP_URL. It can hang (accept connections and say nothing, like a mail server that is stuck), answer again,
 * and refuse recipients with a temporary error.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

export type TestSmtp = {
  url: string;
  received: ReceivedMail[];
  /** Connections held without a greeting while hanging. */
  held: () => number;
  hang: () => void;
  answer: () => void;
  refuse: (recipient: string) => void;
  accept: (recipient: string) => void;
  close: () => Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let hanging = false;
  let waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The greeting goes out only when this calls back: holding it is how a stuck server looks to a client.
    onConnect(_session, callback) {
      if (hanging) waiting.push(() => callback());
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address))
        return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => waiting.length,
    hang: () => {
      hanging = true;
    },
    answer: () => {
      hanging = false;
      const held = waiting;
      waiting = [];
      for (const release of held) release();
    },
    refuse: (recipient) => refused.add(recipient),
    accept: (recipient) => refused.delete(recipient),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
