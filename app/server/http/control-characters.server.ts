/**
 * Control characters in any query string or form field are refused before a loader or action runs (decision 0027;
 * the rules are app/lib/forms/control-characters.ts): a 400 with one clear message, rendered by the root's error
 * boundary, never a database error. Root middleware (app/root.tsx), so every route, resource routes included, is covered
 * without a line of its own.
 *
 * The body is read from a copy of the request (`clone()`), so the action still reads the original; only form bodies
 * (urlencoded and multipart; files are not read as text), and only up to the page forms' cap (FORM_BODY_LIMIT,
 * which server/middleware/body-limit.ts enforces on every path but the admin's upload forms). Reading a copy makes the
 * original keep what was read, so a larger body, one of those upload forms, possibly from a visitor the admin guard
 * is about to turn away, is not read here: the admin's one reader of large forms checks what it parses instead
 * (refuseControlCharactersIn in catalog/admin-upload-files.server.ts), after the guard. JSON bodies (the Paystack webhook)
 * are checked by their own readers.
 */
import { data, type MiddlewareFunction } from 'react-router';
import { CONTROL_CHARACTERS_MESSAGE, refusedFieldText, refusedQuery } from '~/lib/forms/control-characters';
import { logger } from '../logger.server';
import { FORM_BODY_LIMIT } from './body-limits.server';

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** The body of a form post of at most FORM_BODY_LIMIT bytes, from a copy of the request; null for anything else. */
async function smallFormBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return null;
  if (!FORM_TYPE.test(request.headers.get('content-type') ?? '')) return null;
  if (Number(request.headers.get('content-length')) > FORM_BODY_LIMIT) return null;
  const reader = request.clone().body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > FORM_BODY_LIMIT) {
        // Not awaited: a tee's branch finishes cancelling only once the other (the action's) is done or cancelled.
        reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } catch {
    // A broken or cut-off body: the action's own read fails the same way and answers it (form-submission.server.ts).
    return null;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The form's fields, or null when the body is no form this check reads (or does not parse). */
async function formFields(request: Request): Promise<Iterable<[string, FormDataEntryValue]> | null> {
  const body = await smallFormBody(request);
  if (!body) return null;
  const type = request.headers.get('content-type')!;
  return new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null);
}

function refusedForm(fields: Iterable<[string, FormDataEntryValue]>): boolean {
  for (const [name, value] of fields) {
    if (refusedFieldText(name, typeof value === 'string' ? value : value.name)) return true;
  }
  return false;
}

const refusal = () => data(CONTROL_CHARACTERS_MESSAGE, { status: 400 });

async function refusedRequest(request: Request, url: URL): Promise<boolean> {
  if (refusedQuery(url.searchParams)) return true;
  const fields = await formFields(request);
  return fields !== null && refusedForm(fields);
}

export const refuseControlCharacters: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  if (await refusedRequest(request, url)) {
    logger.warn({ method: request.method, path: url.pathname }, 'control characters refused');
    throw refusal();
  }
  return next();
};

/** For a reader of forms larger than the middleware reads: the same rule, the same 400 (thrown). */
export function refuseControlCharactersIn(form: FormData): FormData {
  if (refusedForm(form)) {
    logger.warn('control characters refused in a large form');
    throw refusal();
  }
  return form;
}
