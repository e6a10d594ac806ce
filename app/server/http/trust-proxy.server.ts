/**
 * TRUST_PROXY: which proxies in front of the store may tell it the client's address (X-Forwarded-For) and,
 * outside a deployment, the scheme and host (X-Forwarded-Proto / X-Forwarded-Host). Unset, no proxy is
 * trusted: the client is the socket's address and every forwarded header is ignored, since anything that can
 * reach the port (another program on the machine included) could otherwise name its own address and dodge
 * the per-address rate limits. The value becomes Express's 'trust proxy' setting. Pure: env.server.ts uses it.
 */
import { isIP } from 'node:net';

/** What Express accepts for 'trust proxy': false (none), a hop count, or addresses, CIDRs and named ranges. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const HELP =
  'Set TRUST_PROXY to the address of the proxy in front of the store (for example loopback for nginx on the same ' +
  'machine, or 10.0.0.0/8), a comma-separated list of them, or the number of proxies in front of it (for example 1); ' +
  'leave it unset when clients connect to the store directly.';

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...extra] = entry.split('/');
  if (extra.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  // A netmask such as 255.255.255.0 (proxy-addr, which Express uses, accepts it for IPv4) or a prefix length.
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Express's setting, or a message saying what is wrong with it. */
export function parseTrustProxy(value: string | undefined): { setting: TrustProxy } | { problem: string } {
  const given = value?.trim() ?? '';
  if (given === '' || given === 'false' || given === '0') return { setting: false };
  if (given === 'true' || given === '*') {
    return { problem: `TRUST_PROXY=${given} would believe any client about its own address. ${HELP}` };
  }
  if (/^\d+$/.test(given)) {
    const hops = Number(given);
    return hops <= MAX_HOPS
      ? { setting: hops }
      : { problem: `TRUST_PROXY=${given} is more proxies than a store has. ${HELP}` };
  }
  const entries = given.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !validEntry(entry));
  if (wrong.length) {
    const named = wrong.map((entry) => JSON.stringify(entry)).join(', ');
    return { problem: `TRUST_PROXY has ${named}, which is not an IP address, a CIDR range or a named range. ${HELP}` };
  }
  return { setting: entries };
}

/** The setting for Express (env.server.ts has already refused a wrong value at start). */
export function trustProxySetting(value: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.setting;
}
