/**
 * The Express app: compression, security headers, static files, request logs and the React Router
 * handler. In development Vite serves the app with hot reload; in production the built app is used.
 */
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { limitRequestBodies } from './app/server/http/body-limit.server';
import { env, isDeployment } from './app/server/env.server';
import { logger } from './app/server/logger.server';
import { createPageCache } from './app/server/http/page-cache.server';
import { pinToPublicUrl } from './app/server/http/public-host.server';
import { queryCountHeader, queryCountingEnabled } from './app/server/http/query-count.server';
import { requestStamper } from './app/server/http/request-memo.server';
import { onlyExisting, precompressed } from './app/server/http/static-files.server';
import { trustProxySetting } from './app/server/http/trust-proxy.server';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Memory for anonymous pages kept between renders (decision 0007). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export async function createApp({ dev }: { dev: boolean }) {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may speak for the client (X-Forwarded-*); unset, none may.
  app.set('trust proxy', trustProxySetting(env().TRUST_PROXY));
  app.use(requestLog);
  // A deployment answers as PUBLIC_URL whatever Host or X-Forwarded-Host says (decision 0013).
  if (isDeployment()) app.use(pinToPublicUrl());
  // Dev keeps the ETags and the private/public rule but stores no page, so edits show at once.
  const pages = createPageCache({ maxBytes: dev ? 0 : PAGE_CACHE_BYTES });
  // First: a stored page goes out with the headers (security ones included) and compressed body it was stored with.
  app.use(pages.serveStored);
  app.use(compression());
  // Pages get their Content-Security-Policy from app/entry.server.tsx (it hashes the inline scripts the
  // store and React Router render); a second policy here would be enforced as well and block them.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: !dev && env().NODE_ENV === 'production',
      // Not `no-referrer`: with it browsers send `Origin: null` on form posts, and the origin check on
      // actions (React Router's and ours) would refuse every form submitted without JavaScript.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  // Rate limits (Better Auth) key on this header: always overwritten with the address Express
  // trusts, so a client cannot pick its own bucket by sending it.
  app.use((req, _res, next) => {
    req.headers['x-client-ip'] = req.ip ?? '';
    next();
  });
  // Every request body is capped while it streams, before anything reads it (body-limit.server.ts).
  app.use(limitRequestBodies());
  // Lets the loaders of one request share one session lookup (request-memo.server.ts).
  app.use(requestStamper());

  // Every upload gets a new key (media.server.ts), so a stored picture never changes: immutable, like /assets.
  app.use(
    '/media',
    express.static(path.join(env().dataDir, 'uploads'), {
      fallthrough: false,
      maxAge: YEAR_SECONDS * 1000,
      immutable: true,
      // Stored pictures are WebP by extension and by content (media.server.ts); even so a file here is never
      // sniffed into something else, and opened on its own it can run nothing.
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    }),
  );
  // Bench mode only (npm run bench): each page says how many SQL statements it cost.
  if (queryCountingEnabled()) app.use(queryCountHeader());

  if (dev) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    app.use(pages.capture);
    app.all('/{*path}', (req, res, next) =>
      vite
        .ssrLoadModule('virtual:react-router/server-build')
        .then((build) => createRequestHandler({ build: build as ServerBuild, mode: 'development' })(req, res, next))
        .catch(next),
    );
    return app;
  }

  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  const clientDir = path.join(buildDir, 'client');
  const assetsDir = path.join(clientDir, 'assets');
  // Hashed file names: a changed file gets a new name, so browsers and CDNs may keep each one for a year.
  app.use(
    '/assets',
    precompressed(assetsDir),
    express.static(assetsDir, { immutable: true, maxAge: YEAR_SECONDS * 1000 }),
  );
  app.use(onlyExisting(clientDir, express.static(clientDir, { maxAge: '1h', index: false })));
  app.use(pages.capture);
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
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

function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    if (req.path.startsWith('/assets/') || req.path.startsWith('/media/')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      'request',
    );
  });
  next();
}
