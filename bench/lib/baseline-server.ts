/**
 * The bare node:http baseline: answers every request with the bytes the store sent for its product page (same
 * status, same headers, same compressed body), read from the JSON file named by argv[2], on port argv[3].
 *
 * Like with like: an anonymous product page leaves the store as stored bytes (its page cache keeps the page
 * compressed once), so this server also sends bytes compressed once, picking brotli or the plain body by the
 * request's Accept-Encoding as the store does. The store's "served" figure thus measures what it adds per
 * request (Express, middleware, the cache lookup); its "render" figure adds rendering, queries and
 * compressing every response.
 */
import fs from 'node:fs';
import http from 'node:http';

type Captured = { status: number; headers: Record<string, string>; body: string; brotli: string };

const [file, port] = process.argv.slice(2);
const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
const plain = Buffer.from(captured.body, 'base64');
const brotli = Buffer.from(captured.brotli, 'base64');

const server = http.createServer((req, res) => {
  req.resume();
  const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
  const body = br ? brotli : plain;
  res.statusCode = captured.status;
  for (const [name, value] of Object.entries(captured.headers)) res.setHeader(name, value);
  res.setHeader('Date', new Date().toUTCString());
  if (br) res.setHeader('Content-Encoding', 'br');
  res.setHeader('Content-Length', body.length);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
