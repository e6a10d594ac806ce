import { describe, expect, it } from 'vitest';
import { FORM_CAPS } from '~/lib/forms/form-caps';
import { claimFormAttempt, clientKeyOf } from './form-attempts.server';

describe('clientKeyOf', () => {
  it('an IPv4 address as it is; an IPv4-mapped one as its IPv4', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 client by its /64, however it is written', () => {
    expect(clientKeyOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKeyOf('2001:0DB8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });

  it('no address is one shared key', () => {
    expect(clientKeyOf(null)).toBe('unknown');
    expect(clientKeyOf('')).toBe('unknown');
  });
});

describe('claimFormAttempt', () => {
  it('forty racing claims for one mailbox: exactly the cap allowed', async () => {
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        claimFormAttempt({ form: 'back-in-stock', clientKey: `198.18.0.${i}`, mailbox: 'race@example.com' }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(FORM_CAPS.perMailbox);
  });

  it('each form counts apart', async () => {
    const claim = (form: 'newsletter' | 'contact') =>
      claimFormAttempt({ form, clientKey: '198.18.1.1', mailbox: 'apart@example.com' });
    for (let i = 0; i < FORM_CAPS.perMailbox; i++) expect(await claim('newsletter')).toBe(true);
    expect(await claim('newsletter')).toBe(false);
    expect(await claim('contact')).toBe(true);
  });
});
