/**
 * A route's page as a browser without JavaScript gets it: React Router's static handler runs the action (for a POST),
 * then the loader, and the page is rendered with both answers. For the tests of what a plain form post shows.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from 'react-router';

type RouteFunctions = { loader: (args: never) => unknown; action?: (args: never) => unknown };

export type RenderedPage = {
  status: number;
  /** The whole document body, React's `<!-- -->` text separators taken out. */
  html: string;
  /** The markup only: the hydration data after it repeats the action's answer, shown or not. */
  markup: string;
  /** Where a redirect sent the browser instead of a page. */
  location: string | null;
};

export async function renderPage({
  path,
  route,
  Page,
  request,
  params = {},
}: {
  path: string;
  route: RouteFunctions;
  Page: ComponentType<never>;
  request: Request;
  params?: Record<string, string>;
}): Promise<RenderedPage> {
  const Component = () =>
    createElement(Page, { loaderData: useLoaderData(), actionData: useActionData(), params } as never);
  const handler = createStaticHandler([
    { id: 'page', path, loader: route.loader, action: route.action, Component },
  ] as never);
  const context = await handler.query(request);
  if (context instanceof Response)
    return { status: context.status, html: '', markup: '', location: context.headers.get('Location') };
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }),
  ).replaceAll('<!-- -->', '');
  return { status: context.statusCode, html, markup: html.split('<script>')[0], location: null };
}
