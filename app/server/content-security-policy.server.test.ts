import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { useSimulator } from './payments/config.server';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy.server';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

afterEach(() => useSimulator(undefined));

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly once, not external scripts nor JSON-LD data', () => {
    const html = `<head><script type="module" src="/assets/entry.js"></script><script>window.__rr = {"a":"<\\u002fscript>"}</script>
      <script type="application/ld+json">{"@type":"Product"}</script><script type="module" async="">import("/assets/x.js");</script>
      <script>window.__rr = {"a":"<\\u002fscript>"}</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.__rr = {"a":"<\\u002fscript>"}'), sha('import("/assets/x.js");')]);
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

  it('adds the Paystack simulator in test mode for the pop-up script, its frame and the redirect', () => {
    useSimulator({ baseUrl: 'http://127.0.0.1:4999', secretKey: 'sk', publicKey: 'pk' });
    const policy = contentSecurityPolicy([]);
    expect(policy).toContain("script-src 'self' http://127.0.0.1:4999");
    expect(policy).toContain('frame-src http://127.0.0.1:4999');
    expect(policy).toContain("form-action 'self' http://127.0.0.1:4999");
  });
});
