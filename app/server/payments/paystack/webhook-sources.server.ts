/**
 * PAYSTACK_WEBHOOK_IPS: an optional allow-list of the addresses Paystack sends webhooks from (its docs list
 * 52.31.139.75, 52.49.173.169 and 52.214.14.220), as addresses or CIDR ranges separated by commas. Off by default:
 * the signature is what proves a webhook; the list is a second wall for stores that want one. The client address
 * is the one trust-proxy.server.ts settled on (a forged X-Forwarded-For is not believed unless TRUST_PROXY says so).
 */
import { BlockList, isIP } from 'node:net';

export type WebhookSources = { allows(ip: string | null): boolean };

export function parseWebhookSources(value: string | undefined): { sources: WebhookSources } | { problem: string } {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { sources: { allows: () => true } };
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (
      !family ||
      extra !== undefined ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))
    ) {
      return {
        problem:
          `PAYSTACK_WEBHOOK_IPS: "${entry}" is not an IP address or CIDR range ` +
          '(for example 52.31.139.75 or 10.0.0.0/8).',
      };
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    sources: {
      allows(ip) {
        if (!ip) return false;
        // An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d.
        const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
        const family = isIP(plain);
        return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
      },
    },
  };
}
