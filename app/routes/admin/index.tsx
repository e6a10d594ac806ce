/**
 * /admin: the landing page of the admin area. Like every /admin route, its loader (and any action) starts
 * with requireAdmin(request): visitors go to /login and come back, signed-in customers go to /.
 */
import { data } from 'react-router';
import { requireAdmin } from '~/server/auth.server';
import type { Route } from './+types/index';

export function meta() {
  return [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's no-store headers apply to the page itself. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return data({ firstName: admin.firstName, email: admin.email }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admin Panel</h1>
      <p className="mt-2 text-sm text-muted">
        Welcome, {loaderData.firstName || loaderData.email}. The dashboard, products, collections and orders arrive with the admin area.
      </p>
    </section>
  );
}
