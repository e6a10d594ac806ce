/**
 * /offline: what the service worker shows for a page it cannot fetch and has not kept
 * (docs/decisions/0043-installable-store.md). Fetched without cookies when the worker installs, so it names no one.
 */
import { Link } from 'react-router';
import { sharedPageHeaders } from '~/server/http/http-cache.server';
import type { Route } from './+types/offline';

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name ?? 'Store';
  return [{ title: `You are offline | ${storeName}` }, { name: 'robots', content: 'noindex' }];
}

/** The same page for everyone (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export default function Offline() {
  return (
    <section className="container-page max-w-xl py-24">
      <h1 className="text-3xl font-semibold tracking-tight">You are offline</h1>
      <p className="mt-4 text-muted">
        This phone has no connection just now, and this page was not opened here before, so it cannot be shown.
      </p>
      <h2 className="mt-8 text-sm font-medium uppercase tracking-widest">What still works</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-muted">
        <li>Pages of the shop you have already opened on this phone, with their prices as they were then.</li>
        <li>Your cart, checkout, orders and account need a connection: nothing about you is kept on the phone.</li>
      </ul>
      <p className="mt-8 text-muted">Once you are back online, open the page again.</p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-block bg-ink px-6 py-3 text-sm font-medium uppercase tracking-widest text-paper"
      >
        Go Home
      </Link>
    </section>
  );
}
