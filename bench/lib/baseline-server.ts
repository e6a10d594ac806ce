/**
 * The bare node:http baseline: answers every request with the bytes the store sent for its product page
 * (same status, same headers, same body), read from the JSON file named by argv[2], on port argv[3].
 *
 * Like with like: the store compresses each response as it streams it (the `compression` middleware:
 * brotli at quality 4 when the client accepts br, else gzip at zlib's default level), so this server
 * compresses the same body the same way on every request instead of sending bytes compressed once.
 * What the baseline does not do is everything the store adds: routing, middleware, loaders and their
 * queries, and rendering React.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

type Captured = { status: number; headers: Record<string, string>; body: string };

const [file, port] = process.argv.slice(2);
const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
const body = Buffer.from(captured.body, 'base64');
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const server = http.createServer((req, res) => {
  req.resume();
  const accepted = req.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  res.statusCode = captured.status;
  for (const [name, value] of Object.entries(captured.headers)) res.setHeader(name, value);
  res.setHeader('Date', new Date().toUTCString());
  if (!encoding) {
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  if (!res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
  const stream = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions) : zlib.createGzip();
  stream.pipe(res);
  stream.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
