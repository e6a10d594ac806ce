/** One session lookup per HTTP request, however many copies of the Request React Router hands its loaders. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { perRequestMemo, REQUEST_STAMP_HEADER, requestStamper } from './request-memo.server';

/** What React Router does before each loader (stripIndexParam / stripRoutesParam): a new Request, headers copied. */
const loaderCopy = (request: Request) =>
  new Request(request.url.replace('?index', ''), {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  });

/** One stamper, as server.ts has one. */
const stamp = requestStamper();

function stamped(method = 'GET') {
  const req = { headers: {} as Record<string, string> };
  stamp(req, null, () => {});
  return new Request('http://store.test/checkout?index', { method, headers: req.headers });
}

function counting() {
  let reads = 0;
  const memo = perRequestMemo(async () => ++reads);
  return { memo, reads: () => reads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('perRequestMemo', () => {
  it('reads once for all the loader copies of one stamped request', async () => {
    const { memo, reads } = counting();
    const request = stamped();
    expect(await Promise.all([memo(loaderCopy(request)), memo(loaderCopy(request)), memo(request)])).toEqual([1, 1, 1]);
    expect(reads()).toBe(1);
  });

  it('reads again for another request, and for the loaders that run after an action', async () => {
    const { memo, reads } = counting();
    const first = stamped();
    const second = stamped();
    await memo(first);
    await memo(second);
    expect(reads()).toBe(2);
    // The action's POST and the loaders' GET copy of the same request: the loaders see what the action changed.
    const post = stamped('POST');
    await memo(post);
    const loaders = new Request(post.url, { headers: post.headers });
    expect(await memo(loaders)).toBe(4);
  });

  it('overwrites a stamp the client sent, so nobody can share another request’s lookup', () => {
    const req = { headers: { [REQUEST_STAMP_HEADER]: 'chosen-by-the-client' } as Record<string, string> };
    requestStamper()(req, null, () => {});
    expect(req.headers[REQUEST_STAMP_HEADER]).not.toBe('chosen-by-the-client');
  });

  it('shares by object when there is no stamp (a loader called directly)', async () => {
    const { memo, reads } = counting();
    const request = new Request('http://store.test/');
    await memo(request);
    await memo(request);
    await memo(loaderCopy(request));
    expect(reads()).toBe(2);
  });

  it('forgets a request a minute later', async () => {
    vi.useFakeTimers();
    const { memo, reads } = counting();
    const request = stamped();
    await memo(request);
    vi.advanceTimersByTime(61_000);
    await memo(stamped());
    await memo(request);
    expect(reads()).toBe(3);
  });
});
