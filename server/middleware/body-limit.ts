/**
 * Every request body is capped while it streams, before React Router (or anything else) reads it: one anonymous
 * 30 MB form post once took the store from 375 MB to 1 GB of memory, as request.formData() buffers whatever comes.
 * Mounted in server/app.ts ahead of the request handler. @react-router/express turns the Node request into the
 * Request's body by listening to its 'data' events, and those carry what the HTTP parser pushes; so the count sits
 * on the request's push(), where every byte passes whether or not a Content-Length was declared (chunked posts,
 * `.data` single-fetch posts alike). A declared length over the cap is refused before a byte is read.
 *
 * Over the cap: a 413 (a short page for a browser's form, JSON for the webhook, the auth API, the upload
 * endpoint and React Router's `.data` requests), a warning in the log, and nothing of the body reaches the app:
 * what arrived before the cap never ends normally, so no action sees a cut-off form as a whole one. The rest is
 * read and thrown away for a while (nginx's "lingering close"), so the client, still sending, can read the answer
 * instead of meeting a reset connection; then the connection is closed. Decision 0015.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { MAX_PRODUCT_IMAGES, UPLOAD_MESSAGES } from '~/lib/catalog/admin-catalog';
import { DISPUTE_MESSAGES } from '~/lib/payments/admin-disputes';
import { IMPORT_MESSAGES } from '~/lib/catalog/catalog-csv';
import { REVIEW_MESSAGES, REVIEW_PHOTOS_MAX } from '~/lib/reviews/review-form';
import {
  AUTH_BODY_LIMIT,
  CATALOG_IMPORT_BODY_LIMIT,
  CATALOG_FORM_BODY_LIMIT,
  DISPUTE_FORM_BODY_LIMIT,
  FORM_BODY_LIMIT,
  KB,
  MB,
  REVIEW_FORM_BODY_LIMIT,
  SINGLE_IMAGE_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT,
} from '~/server/http/body-limits.server';
import { logger } from '~/server/logger.server';
import { multipartBoundary, MultipartFileCounter } from './multipart-files';

/** After a refusal, how long (and how much more) the rest of the body is read and dropped before closing. */
const LINGER_MS = 30_000;
const LINGER_MAX_BYTES = 64 * MB;

export type BodyRule = {
  name: string;
  maxBytes: number;
  /** Most files a multipart post may carry; unset, only the size counts. */
  maxFiles?: number;
  /** Answered as JSON whoever asks: clients that are programs, not pages. */
  json: boolean;
  tooLarge: string;
  tooManyFiles?: string;
};

const sizeLabel = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);
const apiRule = (name: string, maxBytes: number): BodyRule => ({
  name,
  maxBytes,
  json: true,
  tooLarge: `The request body is larger than ${sizeLabel(maxBytes)}.`,
});
const ONE_IMAGE = 'Send one image at a time.';

/** First match wins. Paths are matched as React Router does: any case, an optional trailing slash. */
const RULES: [RegExp, BodyRule][] = [
  [/^\/webhooks\/paystack\/?$/i, apiRule('webhook', WEBHOOK_BODY_LIMIT)],
  [/^\/api\/auth(\/|$)/i, apiRule('auth', AUTH_BODY_LIMIT)],
  [
    /^\/admin\/uploads\/?$/i,
    {
      name: 'upload',
      maxBytes: SINGLE_IMAGE_BODY_LIMIT,
      maxFiles: 1,
      json: true,
      tooLarge: UPLOAD_MESSAGES.fileTooLarge,
      tooManyFiles: ONE_IMAGE,
    },
  ],
  [
    /^\/admin\/products\/(new|edit\/[^/]+)\/?$/i,
    {
      name: 'product-form',
      maxBytes: CATALOG_FORM_BODY_LIMIT,
      // As many as a product may have: up to that, the form itself answers a post of more than MAX_FILES_PER_POST
      // with its own message and keeps what was typed (admin-product-form.server.ts).
      maxFiles: MAX_PRODUCT_IMAGES,
      json: false,
      tooLarge: UPLOAD_MESSAGES.bodyTooLarge,
      tooManyFiles: UPLOAD_MESSAGES.tooManyFiles,
    },
  ],
  [
    /^\/admin\/collections\/(new|edit\/[^/]+)\/?$/i,
    {
      name: 'collection-form',
      maxBytes: SINGLE_IMAGE_BODY_LIMIT,
      maxFiles: 1,
      json: false,
      tooLarge: UPLOAD_MESSAGES.fileTooLarge,
      tooManyFiles: ONE_IMAGE,
    },
  ],
  [
    /^\/admin\/products\/import\/?$/i,
    {
      name: 'catalog-import',
      maxBytes: CATALOG_IMPORT_BODY_LIMIT,
      maxFiles: 1,
      json: false,
      tooLarge: IMPORT_MESSAGES.tooLarge,
    },
  ],
  [
    /^\/admin\/orders\/[^/]+\/disputes\/[^/]+\/?$/i,
    {
      name: 'dispute-form',
      maxBytes: DISPUTE_FORM_BODY_LIMIT,
      maxFiles: 1,
      json: false,
      tooLarge: DISPUTE_MESSAGES.file,
      tooManyFiles: DISPUTE_MESSAGES.file,
    },
  ],
  [
    /^\/orders\/[^/]+\/review\/[^/]+\/?$/i,
    {
      name: 'review-form',
      maxBytes: REVIEW_FORM_BODY_LIMIT,
      maxFiles: REVIEW_PHOTOS_MAX,
      json: false,
      tooLarge: REVIEW_MESSAGES.tooLarge,
      tooManyFiles: REVIEW_MESSAGES.photos,
    },
  ],
];

const FORM_RULE: BodyRule = {
  name: 'form',
  maxBytes: FORM_BODY_LIMIT,
  json: false,
  tooLarge:
    `What you sent is larger than this form accepts (${sizeLabel(FORM_BODY_LIMIT)}). ` +
    'Please shorten it and send it again.',
};

/** The rule for a request path; `/contact.data` (React Router's single fetch) is the rule of `/contact`. */
export function bodyRuleFor(path: string): BodyRule {
  const page = path.replace(/\.data$/, '');
  return RULES.find(([pattern]) => pattern.test(page))?.[1] ?? FORM_RULE;
}

/** What a reader of a refused body gets instead of its end. */
class BodyRefusedError extends Error {
  constructor() {
    super('request body refused: larger than its limit');
    this.name = 'BodyRefusedError';
  }
}

/** The look of the store's other plain page (the 503 in app/entry.server.tsx); allowed by its hash alone. */
const PAGE_STYLE =
  'body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111;' +
  'text-align:center;padding:1rem}h1{font-size:1.25rem;text-transform:uppercase;letter-spacing:.2em}' +
  'p{color:#595959;max-width:28rem}a{color:#111}';
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page: it names no address, so nothing a client sent can end up in it but the fixed message. */
function tooLargePage(message: string): string {
  return `<!doctype html>
<html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Too large to send</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>Too large to send</h1><p>${escapeHtml(message)}</p>
<p><a href="">Back to the page</a></p></main></body></html>`;
}

function wantsJson(req: Request, rule: BodyRule): boolean {
  if (rule.json || req.path.endsWith('.data')) return true;
  if (/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return true;
  return !req.accepts('html');
}

function answer(req: Request, res: Response, rule: BodyRule, message: string) {
  // For a client that sent `Connection: close`, Node closes the connection the moment the answer is written; one
  // still sending its body then meets a reset and may lose the answer unread (Node's own client does). So no
  // Connection header and no close by Node: guardBody closes the connection after its lingering read.
  res.shouldKeepAlive = true;
  res.removeHeader('Connection');
  res.status(413).set({ 'Cache-Control': 'no-store' });
  if (wantsJson(req, rule)) {
    res.json({ error: message });
    return;
  }
  res
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_POLICY })
    .send(tooLargePage(message));
}

/** Counts one request's body as the parser hands it over, and refuses it at the rule's cap. */
function guardBody(req: Request, res: Response, rule: BodyRule) {
  const boundary = rule.maxFiles === undefined ? null : multipartBoundary(req.headers['content-type']);
  const files = boundary ? new MultipartFileCounter(boundary) : null;
  const push = req.push.bind(req);
  let seen = 0;
  let refused = false;
  /** Once refused: bytes read and dropped, whether the client finished sending, whether our answer is out. */
  let dropped = 0;
  let bodyEnded = false;
  let answered = false;
  let closing = false;
  let lingering: NodeJS.Timeout | undefined;

  // With an error, so a reader still waiting (React Router's body stream) fails instead of seeing an end. After the
  // parser's call returns: the connection is not torn down under it.
  const close = () => {
    if (closing) return;
    closing = true;
    clearTimeout(lingering);
    setImmediate(() => req.destroy(new BodyRefusedError()));
  };
  const closeIfDone = () => {
    if (answered && (bodyEnded || dropped > LINGER_MAX_BYTES)) close();
  };

  const refuse = (reason: 'size' | 'declared' | 'files', bytes: number) => {
    refused = true;
    const message = reason === 'files' ? (rule.tooManyFiles ?? rule.tooLarge) : rule.tooLarge;
    const counted = files ? { files: files.files, maxFiles: rule.maxFiles } : {};
    logger.warn(
      {
        ip: req.ip,
        method: req.method,
        path: req.path,
        rule: rule.name,
        reason,
        bytes,
        limit: rule.maxBytes,
        ...counted,
      },
      'request body refused: too large',
    );
    // Keep reading, to drop the rest (the parser may have been paused by a reader that stopped).
    req.resume();
    req.socket.once('close', close);
    if (!res.headersSent && !res.destroyed) answer(req, res, rule, message);
    const linger = () => {
      answered = true;
      if (!closing) lingering = setTimeout(close, LINGER_MS).unref();
      closeIfDone();
    };
    if (res.writableFinished || res.destroyed) linger();
    else res.once('close', linger);
  };

  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) {
      if (!refused) return push(null);
      // The body is complete but was refused: no reader may see it end as if it were whole.
      bodyEnded = true;
      closeIfDone();
      return false;
    }
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Uint8Array);
    if (refused) {
      dropped += bytes.byteLength;
      closeIfDone();
      return true;
    }
    seen += bytes.byteLength;
    if (seen > rule.maxBytes) refuse('size', seen);
    else if (files && files.write(bytes) > rule.maxFiles!) refuse('files', seen);
    return refused || push(chunk, encoding);
  };
  return { refuse };
}

/** Express middleware: the cap of each request's body by its path (bodyRuleFor), enforced while it streams. */
export function limitRequestBodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers['content-length'];
    // Without either header a request has no body (RFC 9112 section 6.3).
    if (declared === undefined && req.headers['transfer-encoding'] === undefined) return next();
    const rule = bodyRuleFor(req.path);
    const guard = guardBody(req, res, rule);
    if (declared !== undefined && Number(declared) > rule.maxBytes) return guard.refuse('declared', Number(declared));
    next();
  };
}
