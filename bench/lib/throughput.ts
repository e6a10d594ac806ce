/**
 * Server throughput with autocannon, from this process, against the store and against the bare node:http
 * baseline (baseline-server.ts) started as its own process like the store. Requests look like a phone's
 * browser asking for a page (Accept and Accept-Encoding), without cookies: anonymous shoppers.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../scripts/lib/embedded-postgres';

export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0 Mobile Safari/537.36',
};

/**
 * A store cookie that names no cart (malformed, so read as none without a query): the page renders as for an
 * anonymous visitor, but bypasses the page cache. Cookies the store does not know no longer bypass it.
 */
export const RENDER_COOKIE = 'cart=bench-render';

export type LoadFigures = {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
};

export async function load(
  url: string,
  {
    connections,
    duration,
    cookie,
    warmup = true,
  }: { connections: number; duration: number; cookie?: string; warmup?: boolean },
): Promise<LoadFigures> {
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
  const run = (seconds: number) => autocannon({ url, connections, duration: seconds, headers });
  // Warm-up (JIT, caches, pool connections), not counted.
  if (warmup) await run(Math.max(1, Math.round(duration / 5)));
  const result = await run(duration);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'age',
  'x-db-queries',
]);

/** The raw (still compressed) body node:http receives for a browser's request; fetch would decompress it. */
function rawBody(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Starts the baseline serving the bytes the store answers for `url` to an anonymous browser (see
 * baseline-server.ts).
 */
export async function startBaseline(
  url: string,
  workDir: string,
): Promise<{ url: string; bytes: number; stop: () => Promise<void> }> {
  // Twice: the first answer may be the render that fills the page cache; the second is what every later visitor gets.
  await rawBody(url);
  const served = await rawBody(url);
  if (served.status !== 200 || served.headers['content-encoding'] !== 'br')
    throw new Error(
      `the store answered ${url} with ${served.status} ${served.headers['content-encoding'] ?? 'uncompressed'}`,
    );
  const plain = Buffer.from(
    await (await fetch(url, { headers: { ...BROWSER_HEADERS, 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  const headers = Object.fromEntries(
    Object.entries(served.headers)
      .filter(([name]) => !HOP_BY_HOP.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
  const file = path.join(workDir, 'baseline-response.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      status: served.status,
      headers,
      body: plain.toString('base64'),
      brotli: served.body.toString('base64'),
    }),
  );
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'baseline-server.ts'), [file, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the baseline server exited (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    bytes: served.body.length,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
