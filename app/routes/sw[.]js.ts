/**
 * /sw.js: the storefront's service worker (app/server/http/service-worker.server.ts), for the running build. Never
 * kept for long, so a new build's worker is found at the next visit; allowed to control the whole origin.
 */
import { serviceWorkerScript, workerBuild } from '~/server/http/service-worker.server';

export function loader() {
  const { version, stylesheets } = workerBuild();
  return new Response(serviceWorkerScript(version, [...stylesheets, '/favicon.svg']), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Service-Worker-Allowed': '/',
    },
  });
}
