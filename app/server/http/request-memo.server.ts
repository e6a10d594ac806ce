/**
 * Work done once per HTTP request and shared by its loaders (the session lookup). React Router hands each
 * loader its own copy of the Request (it strips `?index` and `?_routes` into a new one), so the Request object
 * cannot be the key: server.ts stamps every incoming request with a header that the copies carry along,
 * always overwriting whatever a client sent. The method is part of the key, because the loaders that run after
 * an action (GET copies) must read what the action changed, not what it saw before.
 */

export const REQUEST_STAMP_HEADER = 'x-store-request';

/** Entries are dropped this long after they were made: far longer than any render, far shorter than a session. */
const KEEP_MS = 60_000;

export function perRequestMemo<T>(read: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  // Requests without a stamp (tests calling a loader directly) share by object, as before.
  const byRequest = new WeakMap<Request, Promise<T>>();
  const byStamp = new Map<string, { at: number; value: Promise<T> }>();
  return (request) => {
    const stamp = request.headers.get(REQUEST_STAMP_HEADER);
    if (!stamp) {
      let value = byRequest.get(request);
      if (!value) byRequest.set(request, (value = read(request)));
      return value;
    }
    const key = `${request.method} ${stamp}`;
    const now = Date.now();
    const found = byStamp.get(key);
    if (found) return found.value;
    // A Map keeps insertion order, which is age order: the stale entries are at the front.
    for (const [oldKey, entry] of byStamp) {
      if (now - entry.at < KEEP_MS) break;
      byStamp.delete(oldKey);
    }
    const value = read(request);
    byStamp.set(key, { at: now, value });
    return value;
  };
}

/** server.ts's stamp: unique within the process, which is as far as the memo reaches. */
export function requestStamper() {
  let next = 0;
  return (req: { headers: Record<string, string | string[] | undefined> }, _res: unknown, done: () => void) => {
    req.headers[REQUEST_STAMP_HEADER] = `${process.pid}.${++next}`;
    done();
  };
}
