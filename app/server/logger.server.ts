import pino from 'pino';

/**
 * Fields that never reach a log line, whoever logs them: passwords, tokens, keys, cookies, signatures and
 * card data (Paystack sends only last4/bin, but a careless log of a payload must not carry more).
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'currentPassword',
  '*.currentPassword',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'secretKey',
  '*.secretKey',
  'accessCode',
  '*.accessCode',
  'authorization',
  '*.authorization',
  'card',
  '*.card',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'headers["x-paystack-signature"]',
];

export const loggerOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
};

/** JSON logs, one line per request. Redaction keeps secrets out even if a caller logs too much. */
export const logger = pino(loggerOptions);
