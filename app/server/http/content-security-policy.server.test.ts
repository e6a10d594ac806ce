import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { useSimulator } from '../payments/paystack/config.server';
import { allowOwnScripts, contentSecurityPolicy, OWN_SCRIPT_MARK } from './content-security-policy.server';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const MARK = 'test-mark-Zk3q';
const own = (body: string, attributes = '') => `<script nonce="${MARK}"${attributes}>${body}</script>`;

afterEach(() => useSimulator(undefined));

describe('allowOwnScripts', () => {
  it('hashes each script we marked exactly once, not external scripts', () => {
    const html = `<head><link rel="stylesheet" href="/a.css" nonce="${MARK}"/>
      <script type="module" src="/assets/entry.js" nonce="${MARK}"></script>
      ${own('window.__rr = {"a":"<\\u002fscript>"}')}${own('import("/assets/x.js");', ' type="module" async=""')}
      ${own('window.__rr = {"a":"<\\u002fscript>"}')}</head>`;
    const expected = [sha('window.__rr = {"a":"<\\u002fscript>"}'), sha('import("/assets/x.js");')];
    expect(allowOwnScripts(html, MARK).scriptHashes).toEqual(expected);
  });

  it('gives no hash to a <script> that came with content, whatever it imitates', () => {
    const content = [
      '<p>Soft cotton.</p><script>alert(1)</script>',
      '<script type="module" async="">alert(2)</script>',
      '<script nonce="guess">alert(3)</script>',
      `<script data-x='nonce="${MARK.slice(0, -1)}"'>alert(4)</script>`,
      '<script type="application/ld+json">{"name":"</p>"}</script>',
      '<script type="text/x-deferred-module" id="deferred-entry-module">alert(5)</script>',
    ].join('');
    const { scriptHashes } = allowOwnScripts(`<body>${content}${own('window.ours = 1;')}</body>`, MARK);
    expect(scriptHashes).toEqual([sha('window.ours = 1;')]);
  });

  it('takes the mark out of the page, so no browser, stored page or content ever sees it', () => {
    const page = `<link rel="modulepreload" href="/a.js" nonce="${MARK}"/>${own('window.ours = 1;')}<p>${MARK}</p>`;
    const { html } = allowOwnScripts(page, MARK);
    expect(html).toBe('<link rel="modulepreload" href="/a.js"/><script>window.ours = 1;</script><p></p>');
  });

  it('uses a secret of this process by default, long enough that content cannot guess it', () => {
    expect(OWN_SCRIPT_MARK).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    const page = `<script nonce="${OWN_SCRIPT_MARK}">ours()</script><script>theirs()</script>`;
    const { scriptHashes, html } = allowOwnScripts(page);
    expect(scriptHashes).toEqual([sha('ours()')]);
    expect(html).not.toContain(OWN_SCRIPT_MARK);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows our origin and the given hashes, never eval or inline scripts, and no framing', () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
  });

  it("lets the product page's plain form go on to WhatsApp's chat (routes/whatsapp-ask.ts redirects there)", () => {
    const formAction = contentSecurityPolicy([])
      .match(/form-action [^;]*/)?.[0]
      .split(' ');
    expect(formAction).toEqual(expect.arrayContaining(["'self'", 'https://wa.me', 'https://api.whatsapp.com']));
  });

  it('adds the Paystack simulator in test mode for the pop-up script, its frame and the redirect', () => {
    useSimulator({ baseUrl: 'http://127.0.0.1:4999', secretKey: 'sk', publicKey: 'pk' });
    const policy = contentSecurityPolicy([]);
    expect(policy).toContain("script-src 'self' http://127.0.0.1:4999");
    expect(policy).toContain('frame-src http://127.0.0.1:4999');
    expect(policy).toContain("form-action 'self' http://127.0.0.1:4999");
  });
});
