/**
 * Static files of the production build for server.ts: the precompressed variants the build writes beside
 * each hashed asset (vite.config.ts: `.br` at brotli 11, `.gz` at gzip 9), and the public files looked up
 * in a list made at start, so a page request does not cost a failed file-system lookup first.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { acceptedEncodings } from '../page-cache/content-negotiation';

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** URL paths (from `/`) of every file under `dir`. */
export function filesUnder(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[];
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`),
  );
}

/**
 * Mounted before express.static on the same folder: when the browser accepts br (or gzip) and the build wrote
 * that variant, the request is pointed at it with the original type and a Content-Encoding, and express.static
 * serves it (the compression middleware leaves an encoded response alone).
 */
export function precompressed(dir: string): Middleware {
  const files = filesUnder(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.url ?? '/', 'http://x');
    const type = TYPES[path.extname(url.pathname)];
    const variants = { br: files.has(`${url.pathname}.br`), gzip: files.has(`${url.pathname}.gz`) };
    if (!type || (!variants.br && !variants.gzip)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = accepted.br && variants.br ? 'br' : accepted.gzip && variants.gzip ? 'gzip' : null;
    if (!encoding) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    req.url = `${url.pathname}.${encoding === 'br' ? 'br' : 'gz'}${url.search}`;
    next();
  };
}

/** Runs `serve` only for paths that were files in `dir` at start. */
export function onlyExisting<Req extends IncomingMessage, Res extends ServerResponse>(
  dir: string,
  serve: (req: Req, res: Res, next: Next) => void,
) {
  const files = filesUnder(dir);
  return (req: Req, res: Res, next: Next) =>
    files.has(new URL(req.url ?? '/', 'http://x').pathname) ? serve(req, res, next) : next();
}
