/** How the simulator's HTTP handlers read requests and write JSON answers. */
import type http from 'node:http';

export const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** An HTML answer where JSON was expected, as a broken upstream gives. */
export const garbage = (res: http.ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream error</html>');

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 100_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** A JSON body (empty: no fields). */
export const readJson = async (req: http.IncomingMessage) =>
  JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;

/** Paystack's OpenAPI accepts JSON or form fields for POST bodies such as the refund's. */
export async function readFields(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (/application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return JSON.parse(raw || '{}') as Record<string, unknown>;
}
