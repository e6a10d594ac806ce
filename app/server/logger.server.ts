import pino from 'pino';

/** JSON logs, one line per request. Redaction keeps secrets out even if a caller logs too much. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  redact: { paths: ['password', '*.password', 'headers.cookie', 'headers.authorization', 'secret', '*.secret'], censor: '[redacted]' },
});
