import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dailySeries } from '~/lib/admin-chart';
import type { Dashboard } from '~/lib/admin-types';
import { RecentOrders, StatTiles } from './dashboard-panels';
import { RevenueChart } from './revenue-chart';

const html = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

const dashboard: Dashboard = {
  counts: { products: 36, collections: 4, orders: 12, pendingOrders: 3 },
  revenue: 1_285_000_00,
  recentProducts: [],
  recentOrders: [
    {
      id: 'abcdefghxyz123',
      total: 86_600_00,
      status: 'pending',
      paymentStatus: 'paid',
      createdAt: '2026-11-22T10:00:00.000Z',
      customerEmail: 'ada@example.com',
    },
  ],
  revenueByDay: [],
  lowStock: { threshold: 3, total: 0, variants: [] },
};

describe('dashboard panels', () => {
  it('shows an order by the last 8 characters of its id, linking to its page', () => {
    const text = html(<RecentOrders orders={dashboard.recentOrders} />);
    expect(text).toContain('>#<!-- -->GHXYZ123<');
    expect(text).toContain('href="/admin/orders/abcdefghxyz123"');
    expect(text).not.toContain('>#ABCDEFGHXYZ123<');
  });

  it('shows revenue in naira and the counts', () => {
    const text = html(<StatTiles dashboard={dashboard} />);
    expect(text).toContain('₦1,285,000');
    expect(text).toContain('Pending orders');
    expect(text).toContain('href="/admin/orders?status=pending"');
  });

  it('draws the chart as an accessible SVG with a summary and the figures as a table', () => {
    const series = dailySeries(
      [
        { day: '2026-11-20', total: 357_700_00 },
        { day: '2026-11-22', total: 86_600_00 },
      ],
      '2026-11-22',
    );
    const text = html(<RevenueChart series={series} />);
    expect(text).toMatch(/<svg[^>]+role="img"[^>]+aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(text).toContain('Paid revenue per day, last 30 days</title>');
    expect(text).toContain('₦444,300 paid from 24 Oct to 22 Nov; best day 20 Nov with ₦357,700.</desc>');
    expect(text.match(/<rect /g)).toHaveLength(2);
    expect(text.match(/<th scope="row"/g)).toHaveLength(30);
    expect(text).toContain('₦357,700</td>');
  });

  it('says so when nothing was paid', () => {
    const text = html(<RevenueChart series={dailySeries([], '2026-11-22')} />);
    expect(text).toContain('No paid orders from 24 Oct to 22 Nov.');
    expect(text).not.toContain('<rect');
  });
});
