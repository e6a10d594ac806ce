/**
 * The Content-Security-Policy of every HTML page: only our origin, plus what Paystack's pop-up needs (its
 * script, its checkout frame, its API). Inline scripts are allowed by the SHA-256 of their exact text, never by
 * 'unsafe-inline', and nothing may use eval. Hashes rather than nonces: an anonymous page is stored and served
 * again (decision 0007), and a stored page keeps a valid policy only if the policy depends on nothing but the
 * page itself.
 *
 * Only the scripts the store and React Router produce are hashed, never every <script> found in the page: a
 * <script> that reached the HTML through content (an injection) must stay blocked. Ours are marked where they
 * are made, with a secret of this process in their `nonce` attribute (ServerRouter's `nonce`, which React Router
 * passes on to <Scripts>, <ScrollRestoration> and the streamed hydration data; deferred-scripts.server.ts for its
 * loader). The mark is taken out of the page before it is sent or stored, so no browser, stored page or content
 * author ever sees it. See docs/decisions/0009-security-headers.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { paymentSetup } from '../payments/paystack/config.server';

/** The secret mark of the scripts we produce; new at each start of the process, never sent. */
export const OWN_SCRIPT_MARK = randomBytes(18).toString('base64url');

/** The attribute that marks a script as ours, exactly as React renders it. */
export const ownScriptAttribute = (mark: string) => ` nonce="${mark}"`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page as it is sent (every mark removed) and the 'sha256-…' sources of the inline scripts that carried
 * the mark. A script without it, wherever it came from, gets no hash and so does not run.
 */
export function allowOwnScripts(html: string, mark = OWN_SCRIPT_MARK): { html: string; scriptHashes: string[] } {
  const attribute = ownScriptAttribute(mark);
  // The mark must sit inside the <script> tag itself: `[^>]*` cannot run past the end of a tag.
  const ownScript = new RegExp(`<script\\b([^>]*)${escapeRegExp(attribute)}([^>]*)>([\\s\\S]*?)</script>`, 'g');
  const hashes = new Set<string>();
  for (const [, before, after, body] of html.matchAll(ownScript)) {
    if (/\bsrc\s*=/i.test(`${before} ${after}`)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return { html: html.replaceAll(attribute, '').replaceAll(mark, ''), scriptHashes: [...hashes] };
}

/** Origins the payment provider needs: Paystack's own, or the simulator's in test mode. */
function paymentOrigins(): { script: string[]; frame: string[]; connect: string[] } {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { script: [], frame: [], connect: [] };
  const script = new URL(setup.inlineScriptUrl).origin;
  if (setup.mode === 'test') return { script: [script], frame: [script], connect: [] };
  return { script: [script], frame: ['https://checkout.paystack.com'], connect: ['https://api.paystack.co'] };
}

/** Where "Ask about this piece" goes (routes/whatsapp-ask.ts): WhatsApp's click-to-chat and where it redirects. */
const WHATSAPP_CHAT = ['https://wa.me', 'https://api.whatsapp.com'];

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
    // Without JavaScript, checkout's form is answered with a redirect to Paystack's page, and the product page's
    // "Ask about this piece" with one to WhatsApp's chat (wa.me, which goes on to api.whatsapp.com): form-action
    // covers every step of a form's redirects.
    'form-action': ["'self'", ...paystack.frame, ...WHATSAPP_CHAT],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
