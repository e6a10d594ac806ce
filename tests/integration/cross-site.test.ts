/**
 * CSRF: every state-changing request must come from a page of this site. Each action of app/routes.ts,
 * resource routes included, is sent a well-formed-looking POST from another origin (and one with Origin
 * "null") by a signed-in admin, and must refuse it with 403 before doing anything. The Paystack webhook is
 * the one exception: it proves itself with its signature (401 without one).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '~/routes';
import { createProduct, createUser } from '../factories';
import { args, outcome, post } from '../route-helpers';

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[], prefix = ''): { path: string; file: string }[] =>
  entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    return [{ path: `/${full}`, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });

const SIGNED_BY_PROVIDER = new Set(['/webhooks/paystack']);
let cookie = '';
let productId = '';

beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
  productId = (await createProduct()).id;
});

describe('cross-site posts are refused', () => {
  it.each(flatten(routes as RouteEntry[]))('$path', async ({ path: url, file }) => {
    const mod = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../../app', file))) as {
      action?: (a: never) => unknown;
    };
    if (!mod.action) return;
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
      const answer = await outcome(() => mod.action!(args(post(concrete, fields, { cookie, origin }), params)));
      expect(answer.status, `${url} from ${origin}`).toBe(SIGNED_BY_PROVIDER.has(url) ? 401 : 403);
    }
  });
});
