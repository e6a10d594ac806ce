/**
 * A load balancer in front of several store processes, as README's "Running it on several processes and hosts"
 * allows: strict round robin per request (a page, its scripts and a form's post may each go to another process),
 * nothing sticky, bodies streamed both ways, Host passed through (the browser names PUBLIC_URL's host), and
 * X-Forwarded-For/Proto added as a real one would. It counts what each process answered, so a test can show that
 * both served a fair share.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request passed on, noted once its answer has ended: which process answered it. */
export type ProxiedRequest = { method: string; url: string; upstream: string; status: number };

export type RoundRobinProxy = {
  origin: string;
  /** The processes to alternate between; until named, every request gets 503. */
  route: (upstreams: string[]) => void;
  /** Requests answered per upstream origin. */
  counts: () => Map<string, number>;
  requests: ProxiedRequest[];
  /** Requests no upstream answered (refused, reset): a store that is down, or a bug here. */
  failures: string[];
  close: () => Promise<void>;
};

/** Connection-level headers (RFC 9110 section 7.6.1): each hop sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let upstreams: { origin: URL; agent: http.Agent }[] = [];
  let turn = 0;
  const requests: ProxiedRequest[] = [];
  const failures: string[] = [];

  const server = http.createServer((req, res) => {
    if (upstreams.length === 0) return void res.writeHead(503).end('no upstream yet');
    const upstream = upstreams[turn++ % upstreams.length];
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const outgoing = http.request({
      host: upstream.origin.hostname,
      port: upstream.origin.port,
      method: req.method,
      path: req.url,
      agent: upstream.agent,
      headers: { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
    });
    outgoing.on('response', (answer) => {
      // Counted once the store has answered: a client that stops reading after the status (the Paystack simulator's
      // webhook delivery may) must not make the answer look missing, as counting at the body's end did.
      requests.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        upstream: upstream.origin.origin,
        status: answer.statusCode ?? 0,
      });
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(res);
    });
    let clientGone = false;
    outgoing.on('error', (error) => {
      if (clientGone) return;
      failures.push(`${req.method} ${req.url} to ${upstream.origin.origin}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502).end(`upstream ${upstream.origin.origin} failed: ${error.message}`);
      else res.destroy();
    });
    // A browser that gives up (a prefetch or a script a navigation made moot) must not leave the store writing to
    // nobody; the store did not fail, so it is not counted as a failure.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    route: (origins) => {
      upstreams = origins.map((origin) => ({ origin: new URL(origin), agent: new http.Agent({ keepAlive: true }) }));
    },
    counts: () => {
      const counts = new Map<string, number>(upstreams.map(({ origin }) => [origin.origin, 0]));
      for (const { upstream } of requests) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
      return counts;
    },
    requests,
    failures,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const { agent } of upstreams) agent.destroy();
    },
  };
}
