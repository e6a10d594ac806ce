/**
 * Control characters in any query string or form field are refused before a loader or action runs (decision 0027;
 * the rules are app/lib/control-characters.ts): a 400 with one clear message, rendered by the root's error boundary,
 * never a database error. Root middleware (app/root.tsx), so every route, resource routes included, is covered
 * without a line of its own.
 *
 * The body is read from a copy of the request (`clone()`), so the action still reads the original. Form bodies only:
 * urlencoded ones are read as text (under the 64 KB form cap of body-limit.server.ts), multipart ones through the
 * platform's own form parser, whose files are skipped (only their text fields and file names are checked). JSON
 * bodies (the Paystack webhook, Better Auth's API) are parsed and checked by their own readers.
 */
import { data, type MiddlewareFunction } from 'react-router';
import { CONTROL_CHARACTERS_MESSAGE, refusedFieldText, refusedQuery } from '~/lib/control-characters';
import { logger } from '../logger.server';

const URLENCODED = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

/** The form fields of the body, when it is a form; null for any other body, or one that does not parse. */
async function formFields(request: Request): Promise<Iterable<[string, FormDataEntryValue]> | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return null;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (URLENCODED.test(type)) return new URLSearchParams(await request.clone().text());
    if (MULTIPART.test(type)) return await request.clone().formData();
  } catch {
    // A broken or cut-off body: the action's own read fails the same way and answers it (form-submission.server.ts).
  }
  return null;
}

async function refused(request: Request): Promise<boolean> {
  if (refusedQuery(new URL(request.url).searchParams)) return true;
  const fields = await formFields(request);
  if (!fields) return false;
  for (const [name, value] of fields) {
    if (refusedFieldText(name, typeof value === 'string' ? value : value.name)) return true;
  }
  return false;
}

export const refuseControlCharacters: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (await refused(request)) {
    logger.warn({ method: request.method, path: new URL(request.url).pathname }, 'control characters refused');
    throw data(CONTROL_CHARACTERS_MESSAGE, { status: 400 });
  }
  return next();
};
