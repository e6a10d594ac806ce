/**
 * React Router's Node entry, with three rules of ours: the page's JavaScript loads after the page
 * (deferred-scripts.server.ts); every document carries a Content-Security-Policy that allows, by hash, only
 * the inline scripts React Router and the store produced (marked as they are rendered, never any other
 * <script> found in the page); and a page whose data could not be read because the database is
 * unreachable answers a plain 503 page with Retry-After instead of a 500. Other errors are logged here; what
 * the browser gets is sanitized by React Router in production (no stack, no SQL).
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { allowOwnScripts, contentSecurityPolicy, OWN_SCRIPT_MARK } from './server/http/content-security-policy.server';
import { isDatabaseUnavailable } from './server/http/database-health.server';
import { deferScripts } from './server/http/deferred-scripts.server';
import { withInstallable } from './server/http/service-worker.server';

/**
 * SCRIPT_LOADING=default serves React Router's own script loading (module preloads in the head, the entry module at
 * the end of the body) instead of decision 0010's scripts-after-first-paint: for bench/script-loading.ts, which
 * measures the two against each other. Read once: a store serves one way.
 */
const DEFAULT_SCRIPT_LOADING = process.env.SCRIPT_LOADING === 'default';
import { logger } from './server/logger.server';

export const streamTimeout = 5_000;

const databaseDown = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    databaseDown.add(request);
    logger.error(
      { url: new URL(request.url).pathname, err: error instanceof Error ? error.message : String(error) },
      'database unavailable',
    );
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, 'request failed');
};

export const UNAVAILABLE_PAGE =
  '<!doctype html>\n' +
  '<html lang="en-NG"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
  '<meta name="robots" content="noindex"><title>We will be right back</title>\n' +
  '<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;' +
  'color:#111;text-align:center;padding:1rem}\n' +
  'h1{font-size:1.25rem;text-transform:uppercase;letter-spacing:.2em}p{color:#595959;max-width:28rem}a{color:#111}' +
  '</style></head>\n' +
  '<body><main><h1>We will be right back</h1>\n' +
  '<p>The store cannot reach its database just now, so this page could not be shown. ' +
  'Nothing you had in your cart or your orders is lost. Please try again in a minute.</p>\n' +
  '<p><a href="">Try again</a></p></main></body></html>';

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (databaseDown.has(request)) {
    return new Response(UNAVAILABLE_PAGE, {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Retry-After': '30',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': contentSecurityPolicy([]),
      },
    });
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    // The whole document is rendered before it is sent: the policy's script hashes need every inline script.
    // (No route streams deferred data, so nothing is lost by waiting for all of it.)
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // ServerRouter's nonce is passed on by React Router to every script it renders; React's own option covers any
    // script React itself adds. It is a mark, not a nonce: allowOwnScripts hashes what carries it, then removes it.
    const router = <ServerRouter context={routerContext} url={request.url} nonce={OWN_SCRIPT_MARK} />;
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce: OWN_SCRIPT_MARK,
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const rendered = Buffer.concat(chunks).toString('utf8');
          const loaded = DEFAULT_SCRIPT_LOADING ? rendered : deferScripts(rendered, OWN_SCRIPT_MARK);
          // The manifest link and the service worker's registration (decision 0043): none in the page's bundle.
          const { html, scriptHashes } = allowOwnScripts(withInstallable(loaded, OWN_SCRIPT_MARK));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(scriptHashes));
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logger.error({ err: error }, 'rendering failed');
      },
    });
  });
}
