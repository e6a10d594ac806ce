/**
 * The frame of every /admin page: the admin's name and the section links. Its middleware is the admin guard: it runs
 * before any loader or action of the layout and its children (React Router runs middleware first, then the loaders
 * in parallel), so a new admin page is guarded by being placed here.
 */
import { NavLink, Outlet } from 'react-router';
import { adminGuard, adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/layout';

export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  return { name: admin.firstName || admin.email };
}

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/collections', label: 'Collections' },
  { to: '/admin/colours', label: 'Colours' },
  { to: '/admin/size-sets', label: 'Size sets' },
  { to: '/admin/size-guides', label: 'Size guides' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/inbox', label: 'Inbox' },
  { to: '/admin/mail-failures', label: 'Mail failures' },
  { to: '/admin/delivery', label: 'Delivery' },
  { to: '/admin/promo-codes', label: 'Promo codes' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/admins', label: 'Admins' },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 md:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line pb-4">
        <p className="text-xs font-semibold uppercase tracking-[0.25em]">Admin Panel</p>
        <p className="text-sm text-muted">Signed in as {loaderData.name}</p>
      </div>
      <nav aria-label="Admin sections" className="mt-4 sm:overflow-x-auto">
        {/* On a phone the sections wrap rather than scroll sideways (decision 0045), each 44 px tall. */}
        <ul className="flex flex-wrap gap-1 text-xs sm:flex-nowrap sm:text-sm">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={'end' in section}
                prefetch="intent"
                className={({ isActive }) =>
                  `flex min-h-11 items-center whitespace-nowrap px-3 py-2 uppercase tracking-widest ${isActive ? 'bg-ink text-paper' : 'hover:bg-line/50'}`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
