import { describe, expect, it } from 'vitest';
import { parseWebhookSources } from './webhook-sources.server';

const sourcesOf = (value: string | undefined) => {
  const parsed = parseWebhookSources(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.sources;
};

describe('PAYSTACK_WEBHOOK_IPS', () => {
  it('allows every address when unset or blank (the signature alone decides)', () => {
    expect(sourcesOf(undefined).allows('203.0.113.9')).toBe(true);
    expect(sourcesOf(' , ').allows(null)).toBe(true);
  });

  it("allows only Paystack's listed addresses and ranges when set", () => {
    const sources = sourcesOf('52.31.139.75, 52.49.173.169,52.214.14.220, 10.1.0.0/16, 2001:db8::/32');
    for (const ip of ['52.31.139.75', '::ffff:52.49.173.169', '10.1.200.3', '2001:db8::1'])
      expect(sources.allows(ip), ip).toBe(true);
    for (const ip of ['52.31.139.76', '10.2.0.1', '127.0.0.1', '2001:db9::1', '', null, 'not-an-ip'])
      expect(sources.allows(ip), String(ip)).toBe(false);
  });

  it('refuses entries that are not addresses or ranges, naming them', () => {
    for (const bad of ['52.31.139', '10.0.0.0/33', 'paystack.co', '1.2.3.4/8/1', '::1/129', '1.2.3.4/x']) {
      const parsed = parseWebhookSources(bad);
      expect('problem' in parsed && parsed.problem, bad).toContain(`"${bad}"`);
    }
  });
});
