/**
 * /admin: the dashboard (docs/requirements.md#12-admin-area): counts, paid revenue, net revenue for the chosen period
 * (?period=, decision 0031), pending orders, the 5 newest products and orders, paid revenue per day over 30 days (an
 * SVG drawn on the server), and low-stock variants. One query.
 */
import { data } from 'react-router';
import { LowStock, PANEL_HEADING, RecentOrders, RecentProducts, StatTiles } from '~/components/admin/dashboard-panels';
import { NetRevenue } from '~/components/admin/net-revenue';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { revenuePeriodSchema } from '~/lib/admin/admin-revenue';
import { getDashboard } from '~/server/admin/dashboard.server';
import { adminOf } from '~/server/accounts/guards.server';
import type { Route } from './+types/index';

export function meta() {
  return [{ title: 'Dashboard · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const { period } = revenuePeriodSchema.parse({
    period: new URL(request.url).searchParams.get('period') ?? undefined,
  });
  const dashboard = await getDashboard({ period });
  return data({ name: admin.firstName || admin.email, dashboard });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, name } = loaderData;
  return (
    <div className="space-y-10">
      <div>
        {/* The admin area's landing page keeps the name people know it by
            (tests/e2e/accounts.spec.ts looks for it). */}
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admin Panel</h1>
        <p className="mt-2 text-sm text-muted">Dashboard · welcome back, {name}.</p>
      </div>
      <section aria-label="Key figures">
        <StatTiles dashboard={dashboard} />
      </section>
      <NetRevenue net={dashboard.net} headingClass={PANEL_HEADING} />
      <section aria-labelledby="revenue-heading">
        <h2 id="revenue-heading" className={PANEL_HEADING}>
          Paid revenue, last 30 days
        </h2>
        <div className="mt-4 border border-line p-4">
          <RevenueChart series={dashboard.revenueByDay} />
        </div>
      </section>
      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="recent-orders-heading">
          <h2 id="recent-orders-heading" className={PANEL_HEADING}>
            Recent orders
          </h2>
          <RecentOrders orders={dashboard.recentOrders} />
        </section>
        <section aria-labelledby="recent-products-heading">
          <h2 id="recent-products-heading" className={PANEL_HEADING}>
            Recent products
          </h2>
          <RecentProducts products={dashboard.recentProducts} />
        </section>
      </div>
      <section aria-labelledby="low-stock-heading">
        <h2 id="low-stock-heading" className={PANEL_HEADING}>
          Low stock ({dashboard.lowStock.threshold} or fewer)
        </h2>
        <LowStock lowStock={dashboard.lowStock} />
      </section>
    </div>
  );
}
