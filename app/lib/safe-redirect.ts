/**
 * Where a form or a sign-in may send the browser afterwards: a path on this site only
 * ("/orders?page=2#top"), never "//evil.example", "/\evil.example" or "https://evil.example"
 * (an open redirect). The one guard for every `redirectTo` in the app.
 *
 * The value is first normalised as a browser's URL parser would (dot segments such as "/.//x",
 * "/%2e%2e//x" or "/foo/..//x" resolved, backslashes read as slashes, tabs and newlines dropped), and the
 * normalised path is what comes back: checking the raw text and returning it let "/.//evil.example" through
 * as "Location: //evil.example", which a browser reads as another site. A Location that starts with "//"
 * or "/\" is never returned, so neither the browser nor React Router's client-side redirect handling
 * (which treats "//…" as an external URL) can leave the store.
 */
const BASE = 'https://store.invalid';
const MAX_LENGTH = 2000;
/** Rounds of percent-decoding tried: "%252F" is one round from "%2F" and two from "/". */
const DECODE_ROUNDS = 8;

export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const normalised = sameOriginPath(value);
  if (normalised === null || normalised.length > MAX_LENGTH) return fallback;
  return decodedReadingsStayHere(normalised) ? normalised : fallback;
}

/** The path, query and fragment `value` resolves to on this site, or null when it resolves elsewhere. */
function sameOriginPath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || startsLikeAnotherHost(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const startsLikeAnotherHost = (path: string) =>
  !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\');

/**
 * A proxy, a framework or a later redirect may decode "%2F", "%5C", "%2E" or "%25" in the path once more
 * than the browser does ("/%2F%2Fevil.example", "/%252F%252Fevil.example"). Every such reading must still
 * be a path on this site, or the value is refused.
 */
function decodedReadingsStayHere(normalised: string): boolean {
  const queryOrHash = normalised.search(/[?#]/);
  let path = queryOrHash === -1 ? normalised : normalised.slice(0, queryOrHash);
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const decoded = decodeSeparators(path);
    if (decoded === path) return true;
    if (sameOriginPath(decoded) === null) return false;
    path = decoded;
  }
  return false;
}

/** Decodes only the escapes that can change where a path points: slashes, dots, percent signs, whitespace. */
const decodeSeparators = (path: string) =>
  path.replace(/%(2f|5c|2e|25|09|0a|0d|20)/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
