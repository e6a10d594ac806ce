/**
 * A stored storefront page made a shopper's own (decision 0021). The page is stored once, as a visitor without
 * cookies gets it; for a shopper with a cart or a session, the header's three shopper parts
 * (app/components/header-shopper.tsx) are swapped for theirs and a JSON block tells the browser the same view, so
 * React hydrates what the server sent (app/hooks/use-shopper-view.ts). No React render of the page: the parts are
 * rendered once per view and kept, and found in each stored page once.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { shopperParts } from '~/components/header-shopper';
import { SHOPPER_VIEW_ID, shopperViewJson, VISITOR_VIEW, type ShopperView } from '~/lib/shopper-view';

/** Views whose parts are kept: a cart count each for visitors, customers and admins covers every real shopper. */
const MAX_VIEWS = 1_000;
/** Between the parts in their one render (an element none of them contains). */
const SPLIT = '<template data-shopper-split=""></template>';

export function shopperViewKey(view: ShopperView): string {
  return `${view.account ? (view.account.isAdmin ? 'admin' : 'customer') : 'visitor'}.${view.cartCount}`;
}

const renderedParts = new Map<string, Promise<Buffer[]>>();

/**
 * The three parts' markup for a view, as React renders them inside the page. A static data router stands in for
 * the page's (the links and the Sign Out form need one); their paths are absolute, so the page's URL does not matter.
 */
function partsOf(view: ShopperView): Promise<Buffer[]> {
  const key = shopperViewKey(view);
  let parts = renderedParts.get(key);
  if (!parts) {
    if (renderedParts.size >= MAX_VIEWS) renderedParts.clear();
    parts = renderParts(view);
    renderedParts.set(key, parts);
  }
  return parts;
}

async function renderParts(view: ShopperView): Promise<Buffer[]> {
  const [first, second, third] = shopperParts(view);
  const element = (
    <>
      {first}
      <template data-shopper-split="" />
      {second}
      <template data-shopper-split="" />
      {third}
    </>
  );
  const handler = createStaticHandler([{ id: 'parts', path: '*', element }]);
  const context = await handler.query(new Request('http://store.invalid/'));
  if (context instanceof Response) throw new Error('the shopper parts could not be routed');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const parts = html.split(SPLIT);
  if (parts.length !== 3) throw new Error(`the shopper parts rendered as ${parts.length} pieces`);
  return parts.map((part) => Buffer.from(part));
}

/** A stored page cut around the visitor's parts, and before `</body>` for the JSON block; null if it has none. */
type Template = Buffer[];
const templates = new WeakMap<Buffer, Template | null>();

async function templateOf(body: Buffer): Promise<Template | null> {
  if (templates.has(body)) return templates.get(body)!;
  const visitorParts = await partsOf(VISITOR_VIEW);
  const cuts: Array<[number, number]> = [];
  let from = 0;
  for (const part of visitorParts) {
    const at = body.indexOf(part, from);
    // Each part exactly once, in order: anything else is a page this cannot join safely.
    if (at < 0 || body.indexOf(part, at + part.length) >= 0) {
      templates.set(body, null);
      return null;
    }
    cuts.push([at, at + part.length]);
    from = at + part.length;
  }
  const bodyEnd = body.lastIndexOf('</body>');
  if (bodyEnd < from) {
    templates.set(body, null);
    return null;
  }
  cuts.push([bodyEnd, bodyEnd]);
  const segments: Buffer[] = [];
  let start = 0;
  for (const [cutStart, cutEnd] of cuts) {
    segments.push(body.subarray(start, cutStart));
    start = cutEnd;
  }
  segments.push(body.subarray(start));
  templates.set(body, segments);
  return segments;
}

/**
 * The stored page `body` as `view`'s shopper gets it, or null when the page holds no header to join (the caller
 * then renders it for the shopper). The JSON block sits just before `</body>`, outside what React hydrates.
 */
export async function joinShopperView(body: Buffer, view: ShopperView): Promise<Buffer | null> {
  const template = await templateOf(body);
  if (!template) return null;
  const parts = await partsOf(view);
  const block = Buffer.from(
    `<script type="application/json" id="${SHOPPER_VIEW_ID}">${shopperViewJson(view)}</script>`,
  );
  return Buffer.concat([
    template[0],
    parts[0],
    template[1],
    parts[1],
    template[2],
    parts[2],
    template[3],
    block,
    template[4],
  ]);
}
