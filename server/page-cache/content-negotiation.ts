/**
 * What a request asks of a stored page's form: the compressions it accepts (Accept-Encoding) and whether it already
 * holds this version (If-None-Match against the page's ETag). Shared by the page cache and the static files.
 */
import { createHash } from 'node:crypto';

export type Encoding = 'br' | 'gzip';

/** Which compressions an Accept-Encoding header allows (q=0 refuses one; `*` stands for any not named). */
export function acceptedEncodings(header: string | undefined): Record<Encoding, boolean> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return { br: allows('br'), gzip: allows('gzip') };
}

/** The encoding to send a stored page in: br, else gzip, else none. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** A Vary header that names Accept-Encoding, added once to whatever the page varied on. */
export const withAcceptEncoding = (vary: unknown) => {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === 'accept-encoding')
    ? names.join(', ')
    : [...names, 'Accept-Encoding'].join(', ');
};
