/**
 * Server throughput with autocannon, from this process, against the store and against the bare node:http
 * baseline (baseline-server.ts) started as its own process like the store. Requests look like a phone's
 * browser asking for a page (Accept and Accept-Encoding); anonymous unless a cookie is given.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { BROWSER_HEADERS, send } from './http';
import { RENDER_ID } from './render';

export type LoadFigures = {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
};

/**
 * autocannon against `target` on `origin`: a path as sent, where each RENDER_ID becomes a fresh id per request
 * (render.ts). The path goes to autocannon as a request rather than in the URL, which would drop a fragment.
 */
export async function load(
  origin: string,
  target: string,
  {
    connections,
    duration,
    cookie,
    warmup = true,
  }: { connections: number; duration: number; cookie?: string; warmup?: boolean },
): Promise<LoadFigures> {
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
  // idReplacement rebuilds every request, work done on the cores the server uses too: only when an id is wanted.
  const idReplacement = target.includes(RENDER_ID);
  const run = (seconds: number) =>
    autocannon({
      url: origin,
      requests: [{ method: 'GET', path: target }],
      idReplacement,
      connections,
      duration: seconds,
      headers,
    });
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

/**
 * Short runs against each side in turn, in reversed order every other round (a, b, then b, a), for comparisons:
 * measured one after the other, minutes apart, a comparison would mostly show what else the machine was doing
 * meanwhile. `run` warms up on the first round only. Returns each side's mean figures.
 */
export async function alternate<Side>(
  sides: [Side, Side],
  rounds: number,
  run: (side: Side, warmup: boolean) => Promise<LoadFigures>,
): Promise<Map<Side, LoadFigures>> {
  const runs = new Map<Side, LoadFigures[]>(sides.map((side) => [side, []]));
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse())
      runs.get(side)!.push(await run(side, round === 0));
  }
  return new Map(sides.map((side) => [side, meanOf(runs.get(side)!)]));
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Rates and latencies averaged over runs, counts added up. */
function meanOf(runs: LoadFigures[]): LoadFigures {
  return {
    requestsPerSecond: Math.round(mean(runs.map((figures) => figures.requestsPerSecond))),
    p99Ms: Math.round(mean(runs.map((figures) => figures.p99Ms))),
    requests: sum(runs.map((figures) => figures.requests)),
    errors: sum(runs.map((figures) => figures.errors)),
    non2xx: sum(runs.map((figures) => figures.non2xx)),
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

/**
 * Starts the baseline serving the bytes the store answers for the page `page` to an anonymous browser (see
 * baseline-server.ts).
 */
export async function startBaseline(
  origin: string,
  page: string,
  workDir: string,
): Promise<{ origin: string; bytes: number; stop: () => Promise<void> }> {
  // Twice: the first answer may be the render that fills the page cache; the second is what every later visitor gets.
  await send(origin, page);
  const served = await send(origin, page);
  if (served.status !== 200 || served.headers['content-encoding'] !== 'br')
    throw new Error(
      `the store answered ${page} with ${served.status} ${served.headers['content-encoding'] ?? 'uncompressed'}`,
    );
  const identity = { ...BROWSER_HEADERS, 'accept-encoding': 'identity' };
  const plain = Buffer.from(await (await fetch(`${origin}${page}`, { headers: identity })).arrayBuffer());
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
    origin: `http://127.0.0.1:${port}`,
    bytes: served.body.length,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
