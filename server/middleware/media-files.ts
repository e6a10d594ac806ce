/**
 * GET and HEAD /media/<key>: the stored pictures, from whichever store STORAGE_URL names. Mounted by server.ts as
 * `app.use('/media', mediaFiles())`. Local files go through express.static (ETags, ranges, 304s as before); any
 * other store is read through the Storage interface and streamed, not redirected to a signed URL
 * (docs/decisions/0017-object-storage.md says why).
 *
 * Every upload gets a new key (media.server.ts), so a stored picture never changes: immutable for a year, like
 * /assets. Stored pictures are WebP by extension and by content; even so a file here is never sniffed into
 * something else, and opened on its own it can run nothing. A key that is missing or not a valid storage key is a
 * 404 here, never a page of the app.
 */
import { pipeline } from 'node:stream';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { logger } from '~/server/logger.server';
import { isValidKey, LocalDiskStorage, storage as appStorage, type Storage } from '~/server/storage.server';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const MEDIA_CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, immutable`;
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

function protect(res: Response) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY);
}

/** The storage key a path under /media names, or null: undecodable, `..`, hidden, empty segments and the like. */
export function mediaKeyOf(pathname: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(pathname.replace(/^\//, ''));
  } catch {
    return null;
  }
  return isValidKey(key) ? key : null;
}

function notFound(res: Response) {
  protect(res);
  res.status(404).type('text/plain').send('Not found');
}

/** A store that cannot be read (S3 down, a disk error): said plainly, kept by no cache, and logged. */
function failed(res: Response, key: string, error: unknown) {
  logger.error({ err: error, key }, 'reading a stored picture failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  protect(res);
  res.status(503).setHeader('Cache-Control', 'no-store').type('text/plain').send('The picture could not be read.');
}

async function serveFromStore(store: Storage, key: string, req: Request, res: Response) {
  const object = await store.get(key);
  if (!object) return notFound(res);
  res.setHeader('Content-Type', object.contentType);
  if (object.length !== undefined) res.setHeader('Content-Length', String(object.length));
  if (object.etag) res.setHeader('ETag', object.etag);
  if (object.lastModified) res.setHeader('Last-Modified', object.lastModified.toUTCString());
  res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
  protect(res);
  // A browser revalidating (If-None-Match, If-Modified-Since) or asking for headers only gets no body.
  const fresh = req.fresh;
  if (fresh || req.method === 'HEAD') {
    object.body.destroy();
    if (fresh) {
      res.removeHeader('Content-Type');
      res.removeHeader('Content-Length');
      res.status(304);
    }
    res.end();
    return;
  }
  pipeline(object.body, res, (error) => {
    // A shopper who leaves mid-picture closes the response early: nothing to report.
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      logger.warn({ err: error, key }, 'a stored picture stopped mid-way');
  });
}

/** The /media handler for `store` (the app's storage by default). */
export function mediaFiles(store: Storage = appStorage()): RequestHandler {
  const fromDisk =
    store instanceof LocalDiskStorage
      ? express.static(store.root, {
          // Not found (and anything else express.static passes on) is answered below, never by the app.
          fallthrough: true,
          index: false,
          redirect: false,
          maxAge: YEAR_SECONDS * 1000,
          immutable: true,
          setHeaders: (res) => protect(res as Response),
        })
      : null;
  return (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      protect(res);
      res.status(405).end();
      return;
    }
    const key = mediaKeyOf(req.path);
    if (key === null) return notFound(res);
    if (fromDisk) {
      fromDisk(req, res, (error?: unknown) => (error ? failed(res, key, error) : notFound(res)));
      return;
    }
    serveFromStore(store, key, req, res).catch((error: unknown) => failed(res, key, error));
  };
}
