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
import { env } from './app/server/env.server';
import { logger } from './app/server/logger.server';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function createApp({ dev }: { dev: boolean }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(compression());
  // The Content-Security-Policy with nonces comes with the security issue; the rest of helmet applies now.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: !dev && env().NODE_ENV === 'production',
      // Not `no-referrer`: with it browsers send `Origin: null` on form posts, and the origin check on
      // actions (React Router's and ours) would refuse every form submitted without JavaScript.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(requestLog);
  // Rate limits (Better Auth) key on this header: always overwritten with the address Express
  // trusts, so a client cannot pick its own bucket by sending it.
  app.use((req, _res, next) => {
    req.headers['x-client-ip'] = req.ip ?? '';
    next();
  });

  app.use(
    '/media',
    express.static(path.join(env().dataDir, 'uploads'), {
      fallthrough: false,
      maxAge: '30d',
      immutable: true,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );

  if (dev) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
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
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: YEAR_SECONDS * 1000 }));
  app.use(express.static(clientDir, { maxAge: '1h', index: false }));
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
  app.all('/{*path}', createRequestHandler({ build, mode: 'production' }));
  return app;
}

function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    if (req.path.startsWith('/assets/') || req.path.startsWith('/media/')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
  next();
}
