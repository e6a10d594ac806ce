/**
 * The store's own address, from configuration only. Every absolute link (mails, canonical, Open Graph,
 * JSON-LD, sitemap, robots.txt, the Paystack callback) is built here, never from a request's Host or
 * X-Forwarded-* headers: a forged header would otherwise put another site in a mail or in a stored page
 * (docs/decisions/0013-public-url.md).
 */
import { env } from './env.server';

/**
 * PUBLIC_URL's origin (scheme, host, port; no trailing slash). A production deployment must set it
 * (env.server.ts refuses to start without it); the demo store, development and tests use localhost:$PORT.
 */
export function publicOrigin(): string {
  const configured = env().PUBLIC_URL;
  return configured ? new URL(configured).origin : `http://localhost:${env().PORT}`;
}

/** An absolute address on the store for a path such as `/reset-password?token=…`. */
export function publicUrl(pathAndQuery = '/'): string {
  return new URL(pathAndQuery, `${publicOrigin()}/`).toString();
}

/** PUBLIC_URL's host (with port when it has one), for telling whether a request's Host header is ours. */
export const publicHost = () => new URL(publicOrigin()).host;
