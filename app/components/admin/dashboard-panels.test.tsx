import { renderToString } from 'react-dom/server';
import { createRoutesStub, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dailySeries } from '~/lib/admin/admin-chart';
import { netOf } from '~/lib/admin/admin-revenue';
import type { Dashboard } from '~/lib/admin/admin-types';
import { RecentOrders, StatTiles } from './dashboard-panels';
import { NetRevenue } from './net-revenue';
import { RevenueChart } from './revenue-chart';

const html = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

const dashboard: Dashboard = {
  counts: { products: 36, collections: 4, orders: 12, pendingOrders: 3, pendingReviews: 2 },
  revenue: 1_285_000_00,
  payOnDelivery: { collected: 85_000_00, due: 42_000_00, dueCount: 2 },
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
  net: netOf({
    period: '30d',
    from: '2026-11-01',
    gross: 1_000_000_00,
    refunds: 50_000_00,
    chargebacks: 20_000_00,
    fees: 15_000_00,
    payments: 12,
    feesMissing: 2,
  }),
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

  it('counts money collected at the door apart from Paystack money, and what is still due (decision 0037)', () => {
    const text = html(<StatTiles dashboard={dashboard} />);
    expect(text).toContain('Paystack ₦1,200,000 · at the door ₦85,000');
    expect(text).toContain('₦42,000');
    expect(text).toContain('2 orders to collect at the door');
    expect(text).toContain('href="/admin/orders?payment=due"');
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

  it('shows the period’s net revenue: each deduction, the net, the period chosen, fees not recorded', () => {
    // Its period form is React Router's <Form>, which needs a data router.
    const Stub = createRoutesStub([
      { path: '/admin', Component: () => <NetRevenue net={dashboard.net} headingClass="" /> },
    ]);
    const text = renderToString(<Stub initialEntries={['/admin']} />).replaceAll('<!-- -->', '');
    expect(text).toContain('Net revenue, last 30 days');
    expect(text).toContain('₦1,000,000');
    expect(text).toContain('−₦50,000');
    expect(text).toContain('−₦20,000');
    expect(text).toContain('−₦15,000');
    expect(text).toMatch(/<dt>Net<\/dt><dd[^>]*>₦915,000</);
    expect(text).toMatch(/<option value="30d" selected="">Last 30 days/);
    expect(text).toContain('Paystack&#x27;s fees were not recorded for 2 older payments');
  });
});
