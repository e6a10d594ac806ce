/** Calling route loaders and actions as React Router does, and reading what they returned or threw. */
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import routes from '~/routes';
import { newRequestContext, shopperOf } from '~/server/http/request-context.server';

export const ORIGIN = 'http://shop.test';
let ip = 1;

/** A different client address per request, so Better Auth's per-address rate limits never trip in tests. */
export const nextIp = () => `192.0.2.${(ip++ % 250) + 1}`;

export function get(url: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
}

export function post(
  url: string,
  fields: Record<string, string | string[]>,
  { cookie, origin = ORIGIN }: { cookie?: string; origin?: string | null } = {},
): Request {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  const headers: Record<string, string> = { 'x-client-ip': nextIp() };
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  return new Request(`${ORIGIN}${url}`, { method: 'POST', headers, body });
}

export type Outcome = { status: number; location: string | null; data?: unknown; headers: Headers };

/** The response a loader or action returned or threw: a Response, data() (DataWithResponseInit) or plain data. */
export async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return read(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return read(thrown);
    throw thrown;
  }
}

type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';

async function read(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const text = await value
      .clone()
      .text()
      .catch(() => '');
    return { status: value.status, location: value.headers.get('Location'), data: text, headers: value.headers };
  }
  if (isDataWithInit(value))
    return {
      status: value.init?.status ?? 200,
      location: null,
      data: value.data,
      headers: new Headers(value.init?.headers),
    };
  return { status: 200, location: null, data: value, headers: new Headers() };
}

/**
 * Loader/action arguments for a route module function called directly: the request's context as root.tsx's
 * middleware makes it (who is asking, read once). The middleware of the route tree itself (origin check, private
 * cache header, admin guard) runs only through routeModule below.
 */
export const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: newRequestContext(request) }) as never;

type Handler = (args: never) => unknown;
type Middleware = (args: never, next: () => Promise<Response>) => unknown;
type Module = { loader?: Handler; action?: Handler; middleware?: Middleware[] };
/** What a route module's loader and action are, as far as these helpers care. */
type RouteFunctions = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every URL of app/routes.ts with the file that answers it (pathless layouts are no URL of their own). */
export function routeTable(entries = routes as RouteEntry[], prefix = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    const children = routeTable(entry.children ?? [], full);
    const isLayout = entry.path === undefined && !entry.index && entry.children !== undefined;
    return isLayout ? children : [{ path: `/${full}`, file: entry.file }, ...children];
  });
}

/** The files from app/root.tsx down to `file` in app/routes.ts: whose middleware runs before its loader. */
export function routeChain(file: string, entries = routes as RouteEntry[], above = ['root.tsx']): string[] | null {
  for (const entry of entries) {
    if (entry.file === file) return [...above, file];
    const found = entry.children && routeChain(file, entry.children, [...above, entry.file]);
    if (found) return found;
  }
  return null;
}

/**
 * A route module (`file` as app/routes.ts names it, e.g. 'routes/admin/products.tsx') whose loader and action run as
 * React Router runs them: after the middleware of app/root.tsx and of every layout above the route. What they return
 * or throw comes back as before (data, a Response), with the headers the middleware set.
 */
export async function routeModule<M extends RouteFunctions = RouteFunctions>(
  file: string,
  { withHeaders = false }: { withHeaders?: boolean } = {},
): Promise<{
  loader: (args: never) => ReturnType<NonNullable<M['loader']>>;
  action: (args: never) => ReturnType<NonNullable<M['action']>>;
  has: Record<'loader' | 'action', boolean>;
}> {
  const chain = routeChain(file);
  if (!chain) throw new Error(`${file} is not in app/routes.ts`);
  const modules = (await Promise.all(
    chain.map((name) => import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../app', name))),
  )) as Module[];
  const leaf = modules[modules.length - 1];
  const middleware = modules.flatMap((module) => module.middleware ?? []);
  const wrap = (handler: Handler | undefined, kind: string): never =>
    handler
      ? (((a: { request: Request; params: Record<string, string> }) =>
          // A fresh context, as React Router makes for each request: the middleware fills it.
          throughMiddleware(
            middleware,
            { ...a, context: new RouterContextProvider() } as never,
            handler,
            withHeaders,
          )) as never)
      : ((() => {
          throw new Error(`${file} has no ${kind}`);
        }) as never);
  return {
    loader: wrap(leaf.loader, 'loader'),
    action: wrap(leaf.action, 'action'),
    has: { loader: Boolean(leaf.loader), action: Boolean(leaf.action) },
  };
}

async function throughMiddleware(
  middleware: Middleware[],
  handlerArgs: never,
  handler: Handler,
  withHeaders: boolean,
): Promise<unknown> {
  // The handler's own answer, kept beside the Response the middleware sees, so tests can still read its data.
  const answers = new WeakMap<Response, { value: unknown; thrown: boolean; wrapped: boolean }>();
  const asResponse = (value: unknown, thrown: boolean): Response => {
    const response =
      value instanceof Response
        ? value
        : new Response(null, {
            status: isDataWithInit(value) ? (value.init?.status ?? 200) : 200,
            headers: isDataWithInit(value) ? new Headers(value.init?.headers) : undefined,
          });
    answers.set(response, {
      value: isDataWithInit(value) ? value.data : value,
      thrown,
      wrapped: value instanceof Response || isDataWithInit(value),
    });
    return response;
  };
  const run = async (index: number): Promise<Response> => {
    if (index === middleware.length) {
      try {
        return asResponse(await handler(handlerArgs), false);
      } catch (thrown) {
        if (thrown instanceof Response || isDataWithInit(thrown)) return asResponse(thrown, true);
        throw thrown;
      }
    }
    let inner: Promise<Response> | undefined;
    const next = () => (inner ??= run(index + 1));
    // As in React Router, a redirect or error response thrown here reaches the middleware above as a response.
    try {
      const returned = await middleware[index](handlerArgs, next);
      return returned instanceof Response ? returned : await next();
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown)) return asResponse(thrown, true);
      throw thrown;
    }
  };
  const response = await run(0);
  const answer = answers.get(response);
  // A plain object returned stays a plain object (its type is what the test expects) unless `withHeaders` asks for
  // the headers the middleware set; data() and Responses always carry them.
  if (answer && !answer.wrapped && !withHeaders) {
    if (answer.thrown) throw answer.value;
    return answer.value;
  }
  const result =
    !answer || answer.value instanceof Response
      ? response
      : {
          type: 'DataWithResponseInit',
          data: answer.value,
          init: { status: response.status, headers: response.headers },
        };
  if (answer?.thrown) throw result;
  return result;
}

/** The shopper behind a request, as a loader would get it (http/request-context.server.ts). */
export const shopper = (request: Request) => shopperOf({ request, context: newRequestContext(request) });

/** The signed-in user behind a request, or null. */
export const userOf = async (request: Request) => (await shopper(request)).user;
