/**
 * The launch checklist against real PostgreSQL (docs/decisions/0042-launch-checklist.md): each item's state read from
 * the data and the configuration, the backup and zones-reviewed marks, the demo catalog's removal (orders intact), and
 * the dashboard showing the list until every item is done.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderItems, orders, products, storeSettings } from '~/db/schema';
import type { LaunchItemId } from '~/lib/store/launch-checklist';
import { removeDemoCatalog } from '~/server/catalog/admin-demo-catalog.server';
import { db } from '~/server/db.server';
import { markZonesReviewed } from '~/server/delivery/admin-delivery-review.server';
import { resetEnv } from '~/server/env.server';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import { markBackupMade } from './backup-mark.server';
import { getLaunchChecklist, readLaunchFacts } from './launch-checklist.server';
import { invalidateSettings } from './settings.server';

const dashboard = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');
const reviewedRoute = await routeModule<typeof import('~/routes/admin/delivery-reviewed')>(
  'routes/admin/delivery-reviewed.ts',
);
const demoRoute = await routeModule<typeof import('~/routes/admin/launch-demo-catalog')>(
  'routes/admin/launch-demo-catalog.ts',
);

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const states = async () => {
  const list = await getLaunchChecklist();
  return Object.fromEntries((list?.items ?? []).map((item) => [item.id, item.done])) as Record<LaunchItemId, boolean>;
};

const setSettings = async (values: Partial<typeof storeSettings.$inferInsert>) => {
  await db().update(storeSettings).set(values).where(eq(storeSettings.id, 1));
  invalidateSettings();
};

describe('the launch checklist', () => {
  it('starts with every item to do on a fresh store with the demo catalog', async () => {
    await setSettings({ whatsappNumber: '2348000000000' });
    await createProduct({ demo: true });
    const list = await getLaunchChecklist();
    expect(list?.items.map((item) => [item.id, item.done])).toEqual([
      ['name', false],
      ['logo', false],
      ['contacts', false],
      ['payments', false],
      ['public-url', false],
      ['delivery', false],
      ['mail', false],
      ['catalog', false],
      ['backup', false],
    ]);
    for (const item of list!.items) expect(item.href).toMatch(/^(\/admin|#)/);
    expect(list?.items.find((item) => item.id === 'catalog')?.note).toBe(
      'Add your first product. Remove the 1 demo products.',
    );
  });

  it('turns the name, contacts and logo done once they are no longer the placeholders', async () => {
    await setSettings({ storeName: 'Adire House', supportEmail: 'care@adire.ng' });
    expect(await states()).toMatchObject({ name: true, contacts: false });
    await setSettings({ supportPhone: '+234 803 123 4567' });
    expect((await states()).contacts).toBe(false);
    await setSettings({ whatsappNumber: '2348031234567' });
    expect((await states()).contacts).toBe(true);
    await setSettings({ whatsappNumber: '' });
    expect((await states()).contacts).toBe(false);
    await setSettings({ whatsappNumber: '2348031234567' });
    await setSettings({ logo: { key: 'brand/1_logo', width: 400, height: 100, widths: [320] } });
    expect((await states()).logo).toBe(true);
  });

  it('reads PUBLIC_URL, SMTP_URL and live Paystack keys from the configuration', async () => {
    expect(await states()).toMatchObject({ 'public-url': false, mail: false, payments: false });
    vi.stubEnv('PUBLIC_URL', 'https://shop.adire.ng');
    vi.stubEnv('SMTP_URL', 'smtp://user:pass@mail.adire.ng:587');
    vi.stubEnv('PAYSTACK_SECRET_KEY', 'sk_live_abc123');
    vi.stubEnv('PAYSTACK_PUBLIC_KEY', 'pk_live_abc123');
    resetEnv();
    expect(await states()).toMatchObject({ 'public-url': true, mail: true, payments: true });
    vi.stubEnv('PAYSTACK_SECRET_KEY', 'sk_test_abc123');
    vi.stubEnv('PAYSTACK_PUBLIC_KEY', 'pk_test_abc123');
    resetEnv();
    expect((await readLaunchFacts()).paystackMode).toBe('test');
  });

  it('marks the zones reviewed from /admin/delivery, audited, and the backup from db:backup', async () => {
    const answer = await outcome(() =>
      reviewedRoute.action(
        args(post('/admin/delivery/reviewed', { intent: 'zones-reviewed' }, { cookie: admin.cookie })),
      ),
    );
    expect(answer.location).toBe('/admin/delivery?reviewed=1');
    expect((await states()).delivery).toBe(true);
    await markBackupMade(new Date('2026-11-27T10:00:00Z'));
    expect((await readLaunchFacts()).lastBackupAt).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect((await states()).backup).toBe(true);
  });

  it('refuses the zones-reviewed post without its intent', async () => {
    await setSettings({ deliveryReviewedAt: null });
    const answer = await outcome(() =>
      reviewedRoute.action(args(post('/admin/delivery/reviewed', {}, { cookie: admin.cookie }))),
    );
    expect(answer.location).toBe('/admin/delivery');
    expect((await states()).delivery).toBe(false);
    await markZonesReviewed(admin);
  });

  it('removes the demo catalog and keeps the orders that bought from it', async () => {
    const demo = await createProduct({ demo: true, name: 'Demo Kaftan' });
    const own = await createProduct({ name: 'Adire Shirt' });
    const order = await createOrder({ userId: admin.id, items: [{ product: demo, quantity: 2 }] });
    expect((await states()).catalog).toBe(false);

    const refused = await outcome(() =>
      demoRoute.action(args(post('/admin/launch/demo-catalog', {}, { cookie: admin.cookie }))),
    );
    expect(refused.location).toBe('/admin');
    expect((await readLaunchFacts()).demoProducts).toBeGreaterThan(0);

    const answer = await outcome(() =>
      demoRoute.action(
        args(post('/admin/launch/demo-catalog', { intent: 'remove-demo-catalog' }, { cookie: admin.cookie })),
      ),
    );
    expect(answer.location).toMatch(/^\/admin\?demo-removed=\d+$/);
    expect(await db().select().from(products).where(eq(products.demo, true))).toEqual([]);
    expect(await db().select({ id: products.id }).from(products).where(eq(products.id, own.id))).toHaveLength(1);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept.total).toBe(order.total);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ productId: null, name: 'Demo Kaftan', quantity: 2, unitPrice: demo.price });
    expect((await states()).catalog).toBe(true);
    expect(await removeDemoCatalog(admin)).toBe(0);
  });

  it('shows on the dashboard until every item is done, then disappears', async () => {
    const page = async () => outcome(() => dashboard.loader(args(get('/admin', admin.cookie))));
    const before = (await page()).data as { launch: { items: unknown[] } | null };
    expect(before.launch?.items).toHaveLength(9);

    vi.stubEnv('PUBLIC_URL', 'https://shop.adire.ng');
    vi.stubEnv('SMTP_URL', 'smtp://user:pass@mail.adire.ng:587');
    vi.stubEnv('PAYSTACK_SECRET_KEY', 'sk_live_abc123');
    vi.stubEnv('PAYSTACK_PUBLIC_KEY', 'pk_live_abc123');
    resetEnv();
    expect(await states()).toEqual({});
    const after = (await page()).data as { launch: unknown };
    expect(after.launch).toBeNull();
  });
});
