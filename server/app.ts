/**
 * The store's server side as one module graph (decision 0018): the Express app (compression, security headers,
 * static files, request logs and React Router's handler) and everything scripts/serve.ts starts around it. Vite
 * bundles this file with the app into build/server/index.js (vite.config.ts), so every module exists once in the
 * process and module state (the page cache's version, the SQL counter, the simulator's address) is plain state; in
 * development the dev server loads it the same way (ssrLoadModule). The Paystack simulator is not part of it:
 * scripts/serve.ts imports server/paystack-simulator/ itself, only when it starts one (decision 0032).
 */
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { limitRequestBodies } from './middleware/body-limit';
import { env, isDeployment } from '~/server/env.server';
import { logger } from '~/server/logger.server';
import { createPageCache } from './page-cache/page-cache';
import { forgetShopperViewOnWrites, readShopperView } from '~/server/http/request-context.server';
import { joinShopperView, shopperViewKey } from './page-cache/shopper-parts';
import { pinToPublicUrl } from './middleware/public-host';
import { queryCountHeader, queryCountingEnabled } from '~/server/query-count.server';
import { mediaFiles } from './middleware/media-files';
import { onlyExisting, precompressed } from './middleware/static-files';
import { trustProxySetting } from '~/server/http/trust-proxy.server';
import { setWorkerBuild } from '~/server/http/service-worker.server';

// What scripts/serve.ts runs around the app, from this same module graph.
export { closeDb } from '~/server/db.server';
export { env } from '~/server/env.server';
export { listenForChanges } from '~/server/http/shared-invalidation.server';
export { startDropClock } from '~/server/http/http-cache.server';
export { startJobs, stopJobs } from '~/server/jobs/workers.server';
export { logger } from '~/server/logger.server';
export { runMigrations } from '~/server/migrate.server';
export { paymentSettingsProblem, useSimulator, wantsSimulator } from '~/server/payments/paystack/config.server';
export { publicOrigin } from '~/server/public-url.server';
export { createDemoAccounts } from '../scripts/demo-accounts';
export { seedDemoIfEmpty } from '../scripts/seed/seed-demo';

/** The app React Router's Vite plugin builds: in development a fresh one after every edit. */
export const loadBuild = () => import('virtual:react-router/server-build');

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Memory for anonymous pages kept between renders (decision 0007). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** The Express app; in development `vite` serves the browser's modules with hot reload. */
export async function createApp({ vite }: { vite?: ViteDevServer } = {}) {
  const dev = vite !== undefined;
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may speak for the client (X-Forwarded-*); unset, none may.
  app.set('trust proxy', trustProxySetting(env().TRUST_PROXY));
  app.use(requestLog);
  // A deployment answers as PUBLIC_URL whatever Host or X-Forwarded-Host says (decision 0013).
  if (isDeployment()) app.use(pinToPublicUrl());
  // Dev keeps the ETags and the private/public rule but stores no page, so edits show at once. A shopper with a cart
  // or a session gets the stored page with their header joined in (decision 0021).
  const pages = createPageCache({
    maxBytes: dev ? 0 : PAGE_CACHE_BYTES,
    personalizer: { read: readShopperView, key: shopperViewKey, join: joinShopperView },
  });
  // A shopper's write (sign-out, say) drops the header view this process keeps for their cookies (decision 0021).
  app.use(forgetShopperViewOnWrites);
  // Bench mode only (npm run bench): each page says how many SQL statements it cost, a stored one included.
  if (queryCountingEnabled()) app.use(queryCountHeader());
  // First: a stored page goes out with the headers (security ones included) and compressed body it was stored with.
  app.use(pages.serveStored);
  app.use(compression());
  // Pages get their Content-Security-Policy from app/entry.server.tsx (it hashes the inline scripts the
  // store and React Router render); a second policy here would be enforced as well and block them.
  const strictTransportSecurity = !dev && env().NODE_ENV === 'production';
  const documentHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity,
    // Not `no-referrer`: with it browsers send `Origin: null` on form posts, and the origin check on
    // actions (React Router's and ours) would refuse every form submitted without JavaScript.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // A built script or an uploaded picture is never a document: the headers that only a document obeys (framing,
  // opener, referrer, the old IE and Flash ones) are bytes a phone downloads with each of the page's files for
  // nothing. They keep nosniff, Cross-Origin-Resource-Policy and HSTS (decision 0009).
  const fileHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((req, res, next) => (isStaticFile(req.path) ? fileHeaders : documentHeaders)(req, res, next));
  // Rate limits (Better Auth) key on this header: always overwritten with the address Express
  // trusts, so a client cannot pick its own bucket by sending it.
  app.use((req, _res, next) => {
    req.headers['x-client-ip'] = req.ip ?? '';
    next();
  });
  // Every request body is capped while it streams, before anything reads it (server/middleware/body-limit.ts).
  app.use(limitRequestBodies());

  // Every upload gets a new key (media.server.ts), so a stored picture never changes: immutable, like /assets. From the
  // local disk or the S3 bucket STORAGE_URL names (server/middleware/media-files.ts, decision 0017).
  app.use('/media', mediaFiles());

  if (vite) {
    app.use(vite.middlewares);
    app.use(pages.capture);
    app.all('/{*path}', createRequestHandler({ build: loadBuild, mode: 'development' }));
    return app;
  }

  // This file runs as build/server/index.js: the browser's files were built beside it.
  const clientDir = path.resolve(import.meta.dirname, '../client');
  const assetsDir = path.join(clientDir, 'assets');
  // Hashed file names: a changed file gets a new name, so browsers and CDNs may keep each one for a year. Such a file
  // is never revalidated, so it goes without ETag, Last-Modified and Accept-Ranges: about 100 bytes a script, which a
  // page of 25 scripts pays on a phone's first visit (decision 0048).
  app.use(
    '/assets',
    precompressed(assetsDir),
    express.static(assetsDir, {
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      etag: false,
      lastModified: false,
      acceptRanges: false,
    }),
  );
  app.use(onlyExisting(clientDir, express.static(clientDir, { maxAge: '1h', index: false })));
  app.use(pages.capture);
  const build = await loadBuild();
  // The service worker's cache is named after this build, so a new build replaces it (decision 0043).
  setWorkerBuild({ version: build.assets.version, stylesheets: build.assets.routes.root?.css ?? [] });
  app.all('/{*path}', preloadStylesheets(build), createRequestHandler({ build, mode: 'production' }));
  return app;
}

/**
 * The stylesheet is render-blocking, yet the document names it after a dozen module preloads that take the
 * browser's first connections: a Link header starts it with the response, before the body is even parsed.
 */
function preloadStylesheets(build: ServerBuild) {
  const header = (build.assets.routes.root?.css ?? []).map((href) => `<${href}>; rel=preload; as=style`).join(', ');
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (header && !req.path.endsWith('.data')) res.setHeader('Link', header);
    next();
  };
}

/**
 * The built assets, the uploaded pictures and the files of an installed store (decision 0043: the manifest, its
 * icons, the service worker): files the browser fetches for a page, never pages themselves.
 */
const INSTALL_FILES = new Set(['/manifest.webmanifest', '/icons/192.png', '/icons/512.png', '/sw.js']);
const isStaticFile = (path: string) =>
  path.startsWith('/assets/') || path.startsWith('/media/') || INSTALL_FILES.has(path);

function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    if (isStaticFile(req.path)) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      'request',
    );
  });
  next();
}
