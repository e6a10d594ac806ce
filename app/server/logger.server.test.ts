import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.server';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ ...loggerOptions, level: 'info' }, stream), lines };
}

describe('logger redaction', () => {
  it('never writes passwords, tokens, keys, cookies, signatures or card data', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'hunter22',
        body: { password: 'p2', token: 'reset-token-123', secretKey: 'sk_live_abc' },
        headers: { cookie: 'session=s3cr3t', authorization: 'Bearer sk_live_abc', 'x-paystack-signature': 'f00d' },
        payment: { accessCode: 'ac_123', card: { number: '4084084084084081' } },
      },
      'hostile',
    );
    const text = lines.join('');
    for (const secret of [
      'hunter22',
      'p2"',
      'reset-token-123',
      'sk_live_abc',
      's3cr3t',
      'f00d',
      'ac_123',
      '4084084084084081',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
