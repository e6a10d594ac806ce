import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustProxySetting } from './trust-proxy.server';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(value)).toEqual({ setting: false });
  });

  it('takes a hop count, named ranges, addresses and CIDR ranges as Express does', () => {
    expect(parseTrustProxy('1')).toEqual({ setting: 1 });
    expect(parseTrustProxy('loopback')).toEqual({ setting: ['loopback'] });
    expect(parseTrustProxy('loopback, 10.0.0.0/8,192.168.1.5, fd00::/8, 172.16.0.0/255.240.0.0')).toEqual({
      setting: ['loopback', '10.0.0.0/8', '192.168.1.5', 'fd00::/8', '172.16.0.0/255.240.0.0'],
    });
  });

  it('refuses trusting everyone, and anything that is not an address, saying what to set', () => {
    for (const value of ['true', '*'])
      expect(parseTrustProxy(value)).toMatchObject({ problem: expect.stringMatching(/would believe any client/) });
    expect(parseTrustProxy('proxy.example.com')).toMatchObject({
      problem: expect.stringContaining('"proxy.example.com"'),
    });
    expect(parseTrustProxy('10.0.0.0/33')).toMatchObject({ problem: expect.stringContaining('"10.0.0.0/33"') });
    expect(parseTrustProxy('10.0.0.1,')).toMatchObject({ problem: expect.stringContaining('""') });
    expect(parseTrustProxy('500')).toMatchObject({ problem: expect.stringContaining('more proxies') });
    expect(() => trustProxySetting('true')).toThrow(/Set TRUST_PROXY to the address of the proxy/);
  });
});
