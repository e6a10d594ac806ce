/**
 * /admin: the dashboard (docs/requirements.md#12-admin-area): counts, paid revenue, net revenue for the chosen period
 * (?period=, decision 0031), pending orders, the 5 newest products and orders, paid revenue per day over 30 days (an
 * SVG drawn on the server), and low-stock variants. One query. Above them, the launch checklist until it is done
 * (decision 0042).
 */
import type { ReactNode } from 'react';
import { data } from 'react-router';
import { LowStock, PANEL_HEADING, RecentOrders, RecentProducts, StatTiles } from '~/components/admin/dashboard-panels';
import { NetRevenue } from '~/components/admin/net-revenue';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { revenuePeriodSchema } from '~/lib/admin/admin-revenue';
import { getDashboard } from '~/server/admin/dashboard.server';
import { LaunchChecklist } from '~/components/store/admin/launch-checklist';
import { LAUNCH_MESSAGES } from '~/lib/store/launch-checklist';
import { getLaunchChecklist } from '~/server/store/launch-checklist.server';
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
  const [dashboard, launch] = await Promise.all([getDashboard({ period }), getLaunchChecklist()]);
  const demoRemoved = new URL(request.url).searchParams.get('demo-removed');
  return data({ name: admin.firstName || admin.email, dashboard, launch, demoRemoved });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, name, launch, demoRemoved } = loaderData;
  return (
    <div className="space-y-10">
      <div>
        {/* The admin area's landing page keeps the name people know it by
            (tests/e2e/accounts.spec.ts looks for it). */}
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admin Panel</h1>
        <p className="mt-2 text-sm text-muted">Dashboard · welcome back, {name}.</p>
      </div>
      {demoRemoved ? (
        <p role="status" className="border border-ink px-4 py-3 text-sm">
          {LAUNCH_MESSAGES.demoRemoved(Number(demoRemoved) || 0)}
        </p>
      ) : null}
      {launch ? <LaunchChecklist {...launch} headingClass={PANEL_HEADING} /> : null}
      <section aria-label="Key figures">
        <StatTiles dashboard={dashboard} />
      </section>
      <NetRevenue net={dashboard.net} headingClass={PANEL_HEADING} />
      <Panel id="revenue" title="Paid revenue, last 30 days">
        <div className="mt-4 border border-line p-4">
          <RevenueChart series={dashboard.revenueByDay} />
        </div>
      </Panel>
      <div className="grid gap-10 lg:grid-cols-2">
        <Panel id="recent-orders" title="Recent orders">
          <RecentOrders orders={dashboard.recentOrders} />
        </Panel>
        <Panel id="recent-products" title="Recent products">
          <RecentProducts products={dashboard.recentProducts} />
        </Panel>
      </div>
      <Panel id="low-stock" title={`Low stock (${dashboard.lowStock.threshold} or fewer)`}>
        <LowStock lowStock={dashboard.lowStock} />
      </Panel>
    </div>
  );
}

/** A panel of the dashboard, named by its heading (`${id}-heading`). */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={PANEL_HEADING}>
        {title}
      </h2>
      {children}
    </section>
  );
}
