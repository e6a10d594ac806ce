/** /admin/settings against real PostgreSQL: save (audit row, storefront sees it at once), field errors, row edits. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storeSettings } from '~/db/schema';
import type { SettingsErrors, SettingsFormValues } from '~/lib/admin-settings';
import { db } from '~/server/db.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { getSettings } from '~/server/settings.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post } from '../../../tests/route-helpers';
import * as settingsRoute from './settings';

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const slide = (title: string) => ({
  'slide.image': '/media/hero/a-1280.webp',
  'slide.title': title,
  'slide.subtitle': 'Sub',
  'slide.link': '/collections',
  'slide.buttonText': 'Shop',
});

/** Repeated rows are repeated field names, in page order, as the browser sends them. */
function fields(
  overrides: Record<string, string | string[]> = {},
  slides = [slide('One'), slide('Two')],
): Record<string, string | string[]> {
  const column = (name: string) => slides.map((s) => (s as Record<string, string>)[name]);
  return {
    intent: 'save',
    storeName: 'Maison Lagos',
    supportEmail: 'Care@Maison.NG',
    supportPhone: '+234 803 123 4567',
    deliveryFee: '3,500',
    bannerText: 'Free returns in Lagos',
    maxUnitsPerProduct: '12',
    transferWindowMinutes: '60',
    'hours.days': ['Monday - Friday', 'Saturday'],
    'hours.hours': ['9AM - 6PM', '10AM - 4PM'],
    ...Object.fromEntries(
      ['slide.image', 'slide.title', 'slide.subtitle', 'slide.link', 'slide.buttonText'].map((name) => [
        name,
        column(name),
      ]),
    ),
    ...overrides,
  };
}

const send = (body: Record<string, string | string[]>, options: { origin?: string | null; cookie?: string } = {}) =>
  outcome(() => settingsRoute.action(args(post('/admin/settings', body, { cookie: admin.cookie, ...options }))));

type ActionData = { values: SettingsFormValues; errors?: SettingsErrors; formError?: string };

describe('saving the settings', () => {
  it('stores them (fee in kobo), records before and after, and the storefront reads them at once', async () => {
    const before = await getSettings(); // warm the cache: the save must drop it
    const version = contentVersion();
    const answer = await send(fields());
    expect(answer).toMatchObject({ status: 302, location: '/admin/settings?saved=1' });
    // The anonymous pages the server keeps (header, footer, home) are dropped too.
    expect(contentVersion()).toBeGreaterThan(version);
    const after = await getSettings();
    expect(after).toEqual({
      storeName: 'Maison Lagos',
      supportEmail: 'care@maison.ng',
      supportPhone: '+234 803 123 4567',
      deliveryFee: 3_500_00,
      bannerText: 'Free returns in Lagos',
      maxUnitsPerProduct: 12,
      transferWindowMinutes: 60,
      businessHours: [
        { days: 'Monday - Friday', hours: '9AM - 6PM' },
        { days: 'Saturday', hours: '10AM - 4PM' },
      ],
      heroSlides: [
        { image: '/media/hero/a-1280.webp', title: 'One', subtitle: 'Sub', link: '/collections', buttonText: 'Shop' },
        { image: '/media/hero/a-1280.webp', title: 'Two', subtitle: 'Sub', link: '/collections', buttonText: 'Shop' },
      ],
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit).toMatchObject({
      entityType: 'store_settings',
      entityId: '1',
      actorEmail: admin.email,
      before,
      after,
    });

    const page = await outcome(() => settingsRoute.loader(args(get('/admin/settings?saved=1', admin.cookie))));
    expect(page.data).toMatchObject({ saved: true, values: { deliveryFee: '3500', storeName: 'Maison Lagos' } });
  });

  it('invalid input is a 400 naming each field, keeping what was typed, and saves nothing', async () => {
    const [row] = await db().select().from(storeSettings);
    const audits = (await db().select().from(auditLog)).length;
    const answer = await send(
      fields({
        storeName: ' ',
        supportEmail: 'nope',
        deliveryFee: 'two thousand',
        'slide.link': ['https://evil.example', '/ok'],
      }),
    );
    expect(answer.status).toBe(400);
    const data = answer.data as ActionData;
    expect(data.formError).toBe('Please correct the fields marked below.');
    expect(data.errors).toEqual({
      storeName: 'Please enter the store name.',
      supportEmail: 'Please enter a valid email address.',
      deliveryFee: 'Please enter the delivery fee in naira, e.g. 2600 (0 for free delivery).',
      'slides.0.link': "The link must be a page of this store starting with '/', e.g. /collections.",
    });
    expect(data.values.deliveryFee).toBe('two thousand');
    expect(data.values.slides[1].link).toBe('/ok');
    expect(await db().select().from(storeSettings)).toEqual([row]);
    expect(await db().select().from(auditLog)).toHaveLength(audits);
  });

  it('refuses six slides and a fee above ₦1,000,000', async () => {
    const six = await send(
      fields(
        {},
        Array.from({ length: 6 }, (_, i) => slide(`S${i}`)),
      ),
    );
    expect((six.data as ActionData).errors?.slides).toBe('At most 5 hero slides.');
    const fee = await send(fields({ deliveryFee: '1000001' }));
    expect((fee.data as ActionData).errors?.deliveryFee).toBe('The delivery fee can be at most ₦1,000,000.');
  });

  it('takes the most units of one product per order from 1 to 99, and refuses anything else', async () => {
    for (const bad of ['0', '100', '-3', '2.5', 'ten', '']) {
      const answer = await send(fields({ maxUnitsPerProduct: bad }));
      expect(answer.status, bad).toBe(400);
      expect((answer.data as ActionData).errors?.maxUnitsPerProduct, bad).toBe(
        'Please enter the most units of one product per order: a whole number from 1 to 99.',
      );
      expect((answer.data as ActionData).values.maxUnitsPerProduct).toBe(bad);
    }
    expect((await getSettings()).maxUnitsPerProduct).toBe(12);
    expect(await send(fields({ maxUnitsPerProduct: '1' }))).toMatchObject({ status: 302 });
    const [row] = await db().select().from(storeSettings);
    expect(row.maxUnitsPerProduct).toBe(1);
    expect((await getSettings()).maxUnitsPerProduct).toBe(1);
    const page = await outcome(() => settingsRoute.loader(args(get('/admin/settings', admin.cookie))));
    expect(page.data).toMatchObject({ values: { maxUnitsPerProduct: '1' } });
    await send(fields());
  });
});

describe('adding and removing rows without saving', () => {
  it('adds a blank slide, removes the chosen one, and keeps at least one', async () => {
    const added = await send(fields({ intent: 'add-slide' }));
    expect(added.status).toBe(200);
    expect((added.data as ActionData).values.slides.map((s) => s.title)).toEqual(['One', 'Two', '']);
    const removed = await send(fields({ intent: 'remove-slide:0' }));
    expect((removed.data as ActionData).values.slides.map((s) => s.title)).toEqual(['Two']);
    const last = await send(fields({ intent: 'remove-slide:0' }, [slide('Only')]));
    expect((last.data as ActionData).values.slides.map((s) => s.title)).toEqual(['Only']);
    const hours = await send(fields({ intent: 'remove-hours:1' }));
    expect((hours.data as ActionData).values.hours).toEqual([{ days: 'Monday - Friday', hours: '9AM - 6PM' }]);
    // None of these saved anything.
    expect((await getSettings()).heroSlides.map((s) => s.title)).toEqual(['One', 'Two']);
  });

  it('an unknown intent is a 400; another site a 403; a customer is sent home', async () => {
    expect((await send(fields({ intent: 'reset' }))).status).toBe(400);
    expect((await send(fields(), { origin: 'https://evil.example' })).status).toBe(403);
    const customer = await createUser();
    expect(await send(fields({ storeName: 'Hijacked' }), { cookie: customer.cookie })).toMatchObject({
      status: 302,
      location: '/',
    });
    expect((await getSettings()).storeName).toBe('Maison Lagos');
  });
});
