/** Requests as a phone's browser sends them, for the bench's checks and counts (its load: throughput.ts). */
import http from 'node:http';

export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0 Mobile Safari/537.36',
};

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One GET of `target` (a path sent exactly as given, a fragment included) with a browser's headers; the body as it
 * came, still compressed. fetch would decompress it and drop a fragment.
 */
export function send(origin: string, target: string, cookie?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: target, headers }, (response) => {
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
