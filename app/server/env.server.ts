/** Settings read from the environment once, validated, and typed. A secret never has a default. */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/trust-proxy.server';
import { parseStorageUrl } from './storage/storage-url.server';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The store's address (https://shop.example.com): every absolute link. Required in a deployment;
   * see publicUrlProblem.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Which proxies may name the client's address (X-Forwarded-For); unset = none. See trust-proxy.server.ts. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs session cookies and tokens (Better Auth). Checked below; see authSecretProblem. */
  BETTER_AUTH_SECRET: z.string().optional(),
  /** Outgoing mail, e.g. smtps://user:pass@smtp.example.com:465; unset = written to $DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  /** Multiplies every sign-in/sign-up/reset rate limit (end-to-end runs send everything from one address). */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
  /** '0' = do not create the demo admin and customer when the demo catalog is seeded. */
  DEMO_ACCOUNTS: z.string().optional(),
  /** Paystack keys (dashboard → Settings → API Keys). Without them the store runs in test mode on the simulator. */
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_PUBLIC_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  PAYSTACK_INLINE_SCRIPT_URL: z.string().url().default('https://js.paystack.co/v2/inline.js'),
  /**
   * '1' = asks for the simulator (the end-to-end tests, the bench); a production deployment refuses to
   * start with it.
   */
  PAYSTACK_SIMULATOR: z.string().optional(),
  /** '1' = a staging deployment may run on Paystack test keys (every page says Test mode); refused otherwise. */
  PAYSTACK_ALLOW_TEST_KEYS: z.enum(['0', '1']).optional(),
  /** How long a provider call may take before the order is left pending for the sweep. */
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Optional allow-list of the addresses Paystack's webhooks come from; see payments/webhook-sources.server.ts. */
  PAYSTACK_WEBHOOK_IPS: z.string().optional(),
  /** A pending payment older than this is re-verified with Paystack and, unless paid, released. */
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /**
   * Where pictures are stored: unset or `file:` = $DATA_DIR/uploads; `s3://bucket?endpoint=…&region=…` = an
   * S3-compatible bucket (credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY). See storage/storage-url.server.ts.
   */
  STORAGE_URL: z.string().optional(),
});

export const AUTH_SECRET_MIN_LENGTH = 32;

/**
 * A deployment (production mode on its own database) must bring a strong secret. The self-contained
 * `npm start` on the embedded database keeps a generated one in $DATA_DIR/auth-secret instead, as it keeps
 * its database password there. A secret that is given but short is refused in production either way.
 */
export function authSecretProblem(
  settings: Pick<z.infer<typeof schema>, 'NODE_ENV' | 'BETTER_AUTH_SECRET'>,
  embeddedDatabase: boolean,
): string | null {
  if (settings.NODE_ENV !== 'production') return null;
  const secret = settings.BETTER_AUTH_SECRET;
  if (secret === undefined && embeddedDatabase) return null;
  if (secret === undefined) {
    return (
      `BETTER_AUTH_SECRET is not set. In production set it to a random string of at least ${AUTH_SECRET_MIN_LENGTH} ` +
      'characters (for example: openssl rand -base64 48).'
    );
  }
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    return (
      `BETTER_AUTH_SECRET is too short (${secret.length} characters). ` +
      `In production use at least ${AUTH_SECRET_MIN_LENGTH} random characters (for example: openssl rand -base64 48).`
    );
  }
  return null;
}

/**
 * Links in mails, canonical and share tags, the sitemap and the Paystack callback are built from PUBLIC_URL,
 * never from a request's Host (docs/decisions/0013-public-url.md). A deployment must therefore name its
 * address; the demo store on the embedded database uses http://localhost:$PORT. Given anywhere, it must be
 * an origin alone: the store is served from the root of its host.
 */
export function publicUrlProblem(
  settings: Pick<z.infer<typeof schema>, 'NODE_ENV' | 'PUBLIC_URL'>,
  embeddedDatabase: boolean,
): string | null {
  const given = settings.PUBLIC_URL;
  if (given === undefined) {
    if (settings.NODE_ENV !== 'production' || embeddedDatabase) return null;
    return (
      'PUBLIC_URL is not set. In production set it to the address shoppers use, ' +
      'for example https://shop.example.com: links in mails, the sitemap, share previews and the Paystack callback ' +
      'are built from it.'
    );
  }
  const url = new URL(given);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `PUBLIC_URL must start with https:// (or http://), not ${url.protocol}//.`;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    return (
      "PUBLIC_URL must be the store's address alone, without a path, query or user name " +
      `(for example ${url.origin}).`
    );
  }
  return null;
}

/**
 * True when the app runs on the embedded PostgreSQL of DATA_DIR: no DATABASE_URL yet (scripts/start.ts sets it
 * after starting the server), or one that carries the embedded server's own password.
 */
function usesEmbeddedDatabase(dataDir: string, url: string | undefined): boolean {
  if (!url) return true;
  try {
    const password = fs.readFileSync(path.join(dataDir, 'postgres', 'password'), 'utf8').trim();
    const parsed = new URL(url);
    return parsed.hostname === '127.0.0.1' && password !== '' && decodeURIComponent(parsed.password) === password;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema> & { dataDir: string };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  // An empty variable (DATABASE_URL= in a shell or a test harness) means "not set".
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment settings: ${problems}`);
  }
  const embedded = usesEmbeddedDatabase(path.resolve(parsed.data.DATA_DIR), parsed.data.DATABASE_URL);
  const trustProxy = parseTrustProxy(parsed.data.TRUST_PROXY);
  const storageUrl = parseStorageUrl(parsed.data.STORAGE_URL);
  // Every problem at once: a deployment missing two settings should not take two failed starts to learn it.
  const unsafe = [
    authSecretProblem(parsed.data, embedded),
    publicUrlProblem(parsed.data, embedded),
    'problem' in trustProxy ? trustProxy.problem : null,
    'problem' in storageUrl ? storageUrl.problem : null,
  ];
  const found = unsafe.filter((problem): problem is string => problem !== null);
  if (found.length) throw new Error(`Invalid environment settings: ${found.join(' ')}`);
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/** Forgets the settings read, so the next env() reads process.env again (tests that change a variable). */
export function resetEnv(): void {
  cached = undefined;
}

export const isProduction = () => env().NODE_ENV === 'production';

/**
 * A production deployment: production mode on a database of its own (DATABASE_URL). `npm start` on the
 * embedded database is a self-contained demo store even though it serves the production build.
 */
export function isDeployment(): boolean {
  const settings = env();
  return (
    settings.NODE_ENV === 'production' && !usesEmbeddedDatabase(settings.dataDir, process.env.DATABASE_URL || undefined)
  );
}
