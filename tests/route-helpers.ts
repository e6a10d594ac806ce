/** Calling route loaders and actions as React Router does, and reading what they returned or threw. */

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

/** Loader/action arguments for a route module function called directly. */
export const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;
