/**
 * A deployment has one address, PUBLIC_URL. React Router builds `request.url` from the Host header (and, when
 * Express trusts the sender, X-Forwarded-Host and X-Forwarded-Proto: see @react-router/express), and its own
 * CSRF check on actions compares the Origin header with that URL. Pinning the request to PUBLIC_URL's scheme
 * and host before the app sees it means no header can change an address the app derives from the request, and
 * a store behind a TLS-terminating proxy accepts its forms without trusting the proxy's X-Forwarded-Proto.
 * A request naming another host is still answered (load balancers' health checks often use an IP address),
 * but a warning says so, at most once a minute so a flood cannot fill the disk. Decision 0013.
 */
import type { NextFunction, Request, Response } from 'express';
import { logger } from '~/server/logger.server';
import { publicOrigin } from '~/server/public-url.server';

const WARN_EVERY_MS = 60_000;
/** Health checks come from the platform, often by IP address: not an attack worth a line. */
const QUIET_PATHS = new Set(['/healthz']);

const hostnameOf = (host: string) => host.replace(/:\d+$/, '').toLowerCase();

export function pinToPublicUrl() {
  const own = new URL(publicOrigin());
  const protocol = own.protocol.slice(0, -1);
  let lastWarning = 0;
  let unreported = 0;

  function warn(req: Request, named: string[]) {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) {
      unreported += 1;
      return;
    }
    lastWarning = now;
    const hosts = named.map((host) => host.slice(0, 200));
    logger.warn(
      { ip: req.ip, hosts, expected: own.host, similarSinceLast: unreported },
      'request named a host other than PUBLIC_URL; answered as PUBLIC_URL',
    );
    unreported = 0;
  }

  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers['x-forwarded-host'];
    const forwarded = (Array.isArray(header) ? header : header ? header.split(',') : []).map((host) => host.trim());
    // Behind a trusted proxy its X-Forwarded-Host names the host the visitor asked for, and Host is the
    // proxy's own upstream name; from anyone else both are the client's word.
    const trust = req.app.get('trust proxy fn') as ((address: string | undefined, hop: number) => boolean) | undefined;
    const fromProxy = forwarded.length > 0 && trust?.(req.socket.remoteAddress, 0) === true;
    const named = fromProxy ? forwarded : [req.headers.host ?? '', ...forwarded];
    if (!QUIET_PATHS.has(req.path) && named.some((host) => hostnameOf(host) !== own.hostname)) warn(req, named);
    req.headers.host = own.host;
    delete req.headers['x-forwarded-host'];
    // Express reads the scheme from the socket or a trusted X-Forwarded-Proto; the configured one wins.
    Object.defineProperty(req, 'protocol', { value: protocol, configurable: true, enumerable: true });
    next();
  };
}
