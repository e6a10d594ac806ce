/**
 * Decision 0009: the Content-Security-Policy allows, by hash, only the scripts React Router and the store
 * produce. Here a product description holding <script> elements reaches the HTML (the product page of the
 * production build, with its component made to render the description as HTML, as a future bug might), and
 * the page is rendered by the real entry (app/entry.server.tsx): the injected scripts must get no hash, and
 * every script the store emitted itself must still be allowed.
 */
import { createHash } from 'node:crypto';
import { createElement, Fragment, type ComponentType } from 'react';
import { builtApp } from '../built-app';
import { createRequestHandler, useLoaderData, type ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories';

const PRODUCT_ROUTE = 'routes/product';

/** What an injection would carry: a plain script, a module posing as React Router's entry, and a fake loader input. */
const INJECTED = {
  classic: 'alert(document.domain)',
  module: 'alert("module")',
  inert: 'alert("inert")',
};
const DESCRIPTION =
  `Soft cotton.</p><script>${INJECTED.classic}</script><script type="module" async="">${INJECTED.module}</script>` +
  `<script type="text/x-deferred-module" id="deferred-entry-module">${INJECTED.inert}</script><p>`;

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let handle: (request: Request) => Promise<Response>;
let productId = '';

/** The production build with the product page also rendering its description as raw HTML. */
function buildWithLeakyProductPage(build: ServerBuild): ServerBuild {
  const route = build.routes[PRODUCT_ROUTE];
  if (!route) throw new Error(`${PRODUCT_ROUTE} is not in the build`);
  const Page = route.module.default as ComponentType;
  function LeakyProductPage() {
    const { product } = useLoaderData() as { product: { description: string } };
    const leak = createElement('div', { dangerouslySetInnerHTML: { __html: product.description } });
    return createElement(Fragment, null, createElement(Page), leak);
  }
  const leaky = { ...route, module: { ...route.module, default: LeakyProductPage } };
  return { ...build, routes: { ...build.routes, [PRODUCT_ROUTE]: leaky } };
}

beforeAll(async () => {
  const build = await builtApp();
  const handler = createRequestHandler(buildWithLeakyProductPage(build), 'production');
  handle = (request) => handler(request);
  productId = (await createProduct({ name: 'Injected Tee', description: DESCRIPTION })).id;
});

/** Every <script> of the page with its attributes and text, in document order. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes, body }));

describe('a <script> that reached the page through content', () => {
  it('is not allowed by the policy, while every script the store emitted is', async () => {
    const response = await handle(new Request(`http://shop.test/product/${productId}`));
    expect(response.status).toBe(200);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1].split(' ') ?? [];

    // The injection did reach the HTML as live elements (otherwise this test would prove nothing)…
    expect(html).toContain(`<script>${INJECTED.classic}</script>`);
    // …and none of it is allowed to run.
    for (const body of Object.values(INJECTED)) expect(scriptSources, body).not.toContain(sha(body));

    // The store's own inline scripts (hydration data, scroll restoration, the deferred loader and the entry module
    // it starts from its inert copy) are all allowed.
    const injected = new Set(Object.values(INJECTED));
    const isData = (attributes: string) => /application\/ld\+json/.test(attributes);
    const own = scriptsOf(html).filter(({ attributes, body }) => !injected.has(body) && !isData(attributes));
    const inertEntry = expect.stringContaining('text/x-deferred-module');
    expect(own.map(({ attributes }) => attributes)).toEqual(expect.arrayContaining([inertEntry]));
    expect(own.length).toBeGreaterThanOrEqual(3);
    for (const { body } of own) expect(scriptSources).toContain(sha(body));
    // React Router's entry module was deferred, not the module that came with the description.
    expect(html).toContain(`<script type="module" async="">${INJECTED.module}</script>`);
    expect(html).not.toContain('<script type="module" async="">import');

    // The secret mark that told ours apart never leaves the server.
    expect(html).not.toMatch(/\snonce=/);
  });
});
