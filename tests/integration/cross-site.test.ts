/**
 * CSRF: every state-changing request must come from a page of this site. Each action of app/routes.ts,
 * resource routes included, is sent a well-formed-looking POST from another origin (and one with Origin
 * "null") by a signed-in admin, and must refuse it with 403 before doing anything: the origin check is app/root.tsx's
 * middleware, so it covers every route. The Paystack webhook too: Paystack's own calls carry no Origin and no cookie
 * (they pass, and prove themselves with a signature), a browser's post from another site does not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../factories';
import { args, outcome, post, routeModule, routeTable } from '../route-helpers';

let cookie = '';
let productId = '';

beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
  productId = (await createProduct()).id;
});

describe('cross-site posts are refused', () => {
  it.each(routeTable())('$path', async ({ path: url, file }) => {
    // Through the middleware of app/root.tsx and the layouts, where the origin check lives.
    const mod = await routeModule(file);
    if (!mod.has.action) return;
    const params: Record<string, string> = {};
    const concrete = url.replace(/:([^/]+)|\*/g, (_, name: string | undefined) => (params[name ?? '*'] = productId));
    const fields = {
      intent: 'add',
      productId,
      size: 'M',
      color: 'Black',
      quantity: '1',
      email: 'a@example.com',
      name: 'x',
      status: 'shipped',
    };
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await outcome(() => mod.action(args(post(concrete, fields, { cookie, origin }), params)));
      // The one exception: a mail client's one-click unsubscribe (RFC 8058) comes from anywhere and proves itself
      // with its signed token alone (routes/unsubscribe.test.ts); without one it is refused as not valid.
      expect(answer.status, `${url} from ${origin}`).toBe(url === '/unsubscribe' ? 400 : 403);
    }
  });
});
