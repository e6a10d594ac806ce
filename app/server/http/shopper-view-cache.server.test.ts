import { describe, expect, it, vi } from 'vitest';
import { createShopperViewCache, type OwnedView } from './shopper-view-cache.server';

const viewOf = (cartCount: number, owner: string | null = 'cart-1'): OwnedView => ({
  view: { cartCount, account: null },
  owner,
});

function setup(ttlMs = 30_000) {
  let clock = 0;
  const cache = createShopperViewCache({ ttlMs, maxViews: 3, now: () => clock });
  return { cache, tick: (ms: number) => (clock += ms) };
}

describe('the shopper view cache', () => {
  it('reads a view once per store cookies while it is fresh, whatever other cookies come with them', async () => {
    const { cache, tick } = setup();
    const load = vi.fn(async () => viewOf(2));
    await cache.read('cart=a; _ga=1', load);
    await cache.read('_ga=2;cart=a', load);
    expect(load).toHaveBeenCalledTimes(1);
    tick(30_000);
    await cache.read('cart=a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one read between requests that ask at the same time', async () => {
    const { cache } = setup();
    const load = vi.fn(async () => viewOf(1));
    const [a, b] = await Promise.all([cache.read('cart=a', load), cache.read('cart=a', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops an owner's views when their cart changes, and only theirs", async () => {
    const { cache } = setup();
    await cache.read('cart=a', async () => viewOf(1, 'cart-a'));
    await cache.read('better-auth.session_token=x', async () => viewOf(5, 'user-1'));
    await cache.read('better-auth.session_token=y', async () => viewOf(5, 'user-1'));
    cache.forget('user-1');
    const load = vi.fn(async () => viewOf(6, 'user-1'));
    expect((await cache.read('better-auth.session_token=x', load)).view.cartCount).toBe(6);
    expect((await cache.read('better-auth.session_token=y', load)).view.cartCount).toBe(6);
    expect((await cache.read('cart=a', async () => viewOf(9))).view.cartCount).toBe(1);
  });

  it('does not keep a view read while its cart changed, nor a failed read', async () => {
    const { cache } = setup();
    let finish: (view: OwnedView) => void = () => {};
    const slow = cache.read('cart=a', () => new Promise<OwnedView>((resolve) => (finish = resolve)));
    cache.forget('cart-a');
    finish(viewOf(1, 'cart-a'));
    await slow;
    expect((await cache.read('cart=a', async () => viewOf(2, 'cart-a'))).view.cartCount).toBe(2);

    await expect(cache.read('cart=b', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.read('cart=b', async () => viewOf(3, 'cart-b'))).view.cartCount).toBe(3);
  });

  it('keeps at most maxViews, the oldest going first', async () => {
    const { cache } = setup();
    for (const name of ['a', 'b', 'c', 'd']) await cache.read(`cart=${name}`, async () => viewOf(1, name));
    const load = vi.fn(async () => viewOf(2, 'a'));
    await cache.read('cart=a', load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.read('cart=d', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops the view of a write's cookies before and after the write", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => viewOf(1));
    await cache.read('better-auth.session_token=x', load);
    let finished: () => void = () => {};
    const res = { on: (_event: string, listener: () => void) => (finished = listener) };
    const next = vi.fn();
    const req = { method: 'POST', headers: { cookie: 'better-auth.session_token=x' } };
    cache.forgetOnWrites(req as never, res as never, next);
    expect(next).toHaveBeenCalled();
    await cache.read('better-auth.session_token=x', load);
    expect(load).toHaveBeenCalledTimes(2);
    finished();
    await cache.read('better-auth.session_token=x', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reads every time with a TTL of 0', async () => {
    const { cache } = setup(0);
    const load = vi.fn(async () => viewOf(1));
    await cache.read('cart=a', load);
    await cache.read('cart=a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
