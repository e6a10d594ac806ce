/**
 * The Content-Security-Policy of every HTML page: only our origin, plus what Paystack's pop-up needs (its
 * script, its checkout frame, its API). Inline scripts (React Router's hydration data and entry, scroll
 * restoration) are allowed by the SHA-256 of their exact text, never by 'unsafe-inline', and nothing may use
 * eval. Hashes rather than nonces: an anonymous page is stored and served again (decision 0007), and a
 * stored page keeps a valid policy only if the policy depends on nothing but the page itself.
 */
import { createHash } from 'node:crypto';
import { paymentSetup } from './payments/config.server';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every inline script of an HTML document (JSON-LD data blocks are not run: skipped). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Origins the payment provider needs: Paystack's own, or the simulator's in test mode. */
function paymentOrigins(): { script: string[]; frame: string[]; connect: string[] } {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { script: [], frame: [], connect: [] };
  const script = new URL(setup.inlineScriptUrl).origin;
  if (setup.mode === 'test') return { script: [script], frame: [script], connect: [] };
  return { script: [script], frame: ['https://checkout.paystack.com'], connect: ['https://api.paystack.co'] };
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const paystack = paymentOrigins();
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...paystack.script],
    // Tailwind's classes live in our stylesheet; React style attributes (progress bars, swatches) need inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: for the previews of pictures chosen for upload in the admin area.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...paystack.connect],
    'frame-src': paystack.frame.length ? paystack.frame : ["'none'"],
    // Without JavaScript, checkout's form is answered with a redirect to Paystack's page: form-action covers it.
    'form-action': ["'self'", ...paystack.frame],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
