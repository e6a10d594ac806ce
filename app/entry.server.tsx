/**
 * React Router's Node entry (its default, kept close), plus one rule: a page whose data could not be read
 * because the database is unreachable answers a plain 503 page with Retry-After instead of a 500. Other
 * errors are logged here; what the browser gets is sanitized by React Router in production (no stack, no SQL).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { isDatabaseUnavailable } from './server/database-health.server';
import { logger } from './server/logger.server';

export const streamTimeout = 5_000;

const databaseDown = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    databaseDown.add(request);
    logger.error({ url: new URL(request.url).pathname, err: error instanceof Error ? error.message : String(error) }, 'database unavailable');
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, 'request failed');
};

export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>We will be right back</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111;text-align:center;padding:1rem}
h1{font-size:1.25rem;text-transform:uppercase;letter-spacing:.2em}p{color:#595959;max-width:28rem}a{color:#111}</style></head>
<body><main><h1>We will be right back</h1>
<p>The store cannot reach its database just now, so this page could not be shown. Nothing you had in your cart or your orders is lost. Please try again in a minute.</p>
<p><a href="">Try again</a></p></main></body></html>`;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (databaseDown.has(request)) {
    return new Response(UNAVAILABLE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '30', 'Cache-Control': 'no-store' } });
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots wait for all content, people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html');
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error }, 'rendering failed after the shell was sent');
      },
    });
  });
}
