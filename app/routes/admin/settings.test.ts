/** /admin/settings against real PostgreSQL: save (audit row, storefront sees it at once), field errors, row edits. */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storeSettings } from '~/db/schema';
import { BLANK_SLIDE } from '~/lib/store/admin-settings';
import { db } from '~/server/db.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { getSettings } from '~/server/store/settings.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

import SettingsPage from './settings';
import { renderPage } from '../../../tests/render-page';

const settingsRoute = await routeModule<typeof import('~/routes/admin/settings')>('routes/admin/settings.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const slide = (title: string) => ({
  image: '/media/hero/a-1280.webp',
  title,
  subtitle: 'Sub',
  link: '/collections',
  buttonText: 'Shop',
});

/** Each row's fields are named by its index, as Conform's field lists name them (`slides[1].title`). */
const rows = (list: string, items: Record<string, string>[]) =>
  Object.fromEntries(
    items.flatMap((item, i) => Object.entries(item).map(([field, value]) => [`${list}[${i}].${field}`, value])),
  );

function fields(overrides: Record<string, string> = {}, slides = [slide('One'), slide('Two')]): Record<string, string> {
  return {
    intent: 'save',
    storeName: 'Maison Lagos',
    supportEmail: 'Care@Maison.NG',
    supportPhone: '+234 803 123 4567',
    whatsappNumber: '0803 123 4567',
    // No longer a field of this form (the Delivery page has it): a post carrying it changes nothing.
    deliveryFee: '3,500',
    bannerText: 'Free returns in Lagos',
    maxUnitsPerProduct: '12',
    transferWindowMinutes: '60',
    unpaidReminderEnabled: 'on',
    unpaidReminderMinutes: '30',
    abandonedCartEnabled: 'on',
    abandonedCartHours: '24',
    backInStockEnabled: 'on',
    backInStockMinutes: '0',
    ...rows('hours', [
      { days: 'Monday - Friday', hours: '9AM - 6PM' },
      { days: 'Saturday', hours: '10AM - 4PM' },
    ]),
    ...rows('slides', slides),
    ...overrides,
  };
}

/**
 * The form sent by a row button, as Conform makes it (form.insert / form.remove .getButtonProps): the pressed button
 * posts Conform's intent instead of Save's `intent`.
 */
const rowEdit = (body: Record<string, string>, type: 'insert' | 'remove', payload: Record<string, unknown>) => {
  const { intent: _save, ...form } = body;
  return { ...form, __intent__: JSON.stringify({ type, payload }) };
};

const send = (body: Record<string, string>, options: { origin?: string | null; cookie?: string } = {}) =>
  outcome(() => settingsRoute.action(args(post('/admin/settings', body, { cookie: admin.cookie, ...options }))));

/** The action's answer: Conform's reply, with the form as typed (blank values left out) and the messages by name. */
type Answer = { result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> } };
/** The newest 'settings.update' entry of the audit log. */
const lastSettingsAudit = async () => {
  const [audit] = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'settings.update'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return audit;
};

const answerOf = (data: unknown) => (data as Answer).result;
const valuesOf = (data: unknown) =>
  answerOf(data).initialValue as { slides?: { title?: string }[]; hours?: { days: string; hours: string }[] } & Record<
    string,
    unknown
  >;

const withoutLogo = ({ logo: _logo, ...fields }: Awaited<ReturnType<typeof getSettings>>) => fields;

describe('saving the settings', () => {
  it('stores them, records before and after, and the storefront reads them at once', async () => {
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
      whatsappNumber: '2348031234567',
      bannerText: 'Free returns in Lagos',
      maxUnitsPerProduct: 12,
      transferWindowMinutes: 60,
      unpaidReminderEnabled: true,
      unpaidReminderMinutes: 30,
      abandonedCartEnabled: true,
      abandonedCartHours: 24,
      backInStockEnabled: true,
      backInStockMinutes: 0,
      businessHours: [
        { days: 'Monday - Friday', hours: '9AM - 6PM' },
        { days: 'Saturday', hours: '10AM - 4PM' },
      ],
      heroSlides: [
        { image: '/media/hero/a-1280.webp', title: 'One', subtitle: 'Sub', link: '/collections', buttonText: 'Shop' },
        { image: '/media/hero/a-1280.webp', title: 'Two', subtitle: 'Sub', link: '/collections', buttonText: 'Shop' },
      ],
      // Uploaded on its own form (decision 0042), untouched by this save.
      logo: null,
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit).toMatchObject({
      entityType: 'store_settings',
      entityId: '1',
      actorEmail: admin.email,
      // The settings form's fields: the logo is audited by its own form.
      before: withoutLogo(before),
      after: withoutLogo(after),
    });

    const page = await outcome(() => settingsRoute.loader(args(get('/admin/settings?saved=1', admin.cookie))));
    expect(page.data).toMatchObject({ saved: true, values: { storeName: 'Maison Lagos' } });
    // The delivery fee is the Delivery page's (decision 0022): this save left it as it was.
    expect((await readDeliveryConfig()).options.defaultFee).toBe(2_600_00);
  });

  it('invalid input is a 400 naming each field, keeping what was typed, and saves nothing', async () => {
    const [row] = await db().select().from(storeSettings);
    const audits = (await db().select().from(auditLog)).length;
    const answer = await send(
      fields({
        storeName: ' ',
        supportEmail: 'nope',
        'slides[0].link': 'https://evil.example',
        'slides[1].link': '/ok',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answerOf(answer.data).error).toEqual({
      '': ['Please correct the fields marked below.'],
      storeName: ['Please enter the store name.'],
      supportEmail: ['Please enter a valid email address.'],
      'slides[0].link': ["The link must be a page of this store starting with '/', e.g. /collections."],
    });
    expect(valuesOf(answer.data)).toMatchObject({ storeName: ' ', supportEmail: 'nope' });
    expect(valuesOf(answer.data).slides?.[1]).toMatchObject({ link: '/ok' });
    expect(await db().select().from(storeSettings)).toEqual([row]);
    expect(await db().select().from(auditLog)).toHaveLength(audits);
  });

  it('refuses six slides', async () => {
    const six = await send(
      fields(
        {},
        Array.from({ length: 6 }, (_, i) => slide(`S${i}`)),
      ),
    );
    expect(answerOf(six.data).error?.slides).toEqual(['At most 5 hero slides.']);
  });

  it('takes the most units of one product per order from 1 to 99, and refuses anything else', async () => {
    for (const bad of ['0', '100', '-3', '2.5', 'ten', '']) {
      const answer = await send(fields({ maxUnitsPerProduct: bad }));
      expect(answer.status, bad).toBe(400);
      expect(answerOf(answer.data).error?.maxUnitsPerProduct, bad).toEqual([
        'Please enter the most units of one product per order: a whole number from 1 to 99.',
      ]);
      // As typed; a blank box is sent back as no value, which the field shows blank.
      expect(valuesOf(answer.data).maxUnitsPerProduct, bad).toBe(bad || undefined);
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

describe('the automated mails', () => {
  /** The form with the given boxes unticked: an unticked box posts nothing at all. */
  const unticked = (names: string[], overrides: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(fields(overrides)).filter(([name]) => !names.includes(name)));

  it('switches each mail off and on with its delay, audited, and the page shows them as saved', async () => {
    const off = unticked(['unpaidReminderEnabled', 'backInStockEnabled'], {
      unpaidReminderMinutes: ' 45 ',
      abandonedCartHours: '168',
      backInStockMinutes: '1440',
    });
    expect(await send(off)).toMatchObject({ status: 302 });
    expect(await getSettings()).toMatchObject({
      unpaidReminderEnabled: false,
      unpaidReminderMinutes: 45,
      abandonedCartEnabled: true,
      abandonedCartHours: 168,
      backInStockEnabled: false,
      backInStockMinutes: 1440,
    });
    const [row] = await db().select().from(storeSettings);
    expect(row).toMatchObject({ unpaidReminderEnabled: false, unpaidReminderMinutes: 45, backInStockEnabled: false });
    const audit = await lastSettingsAudit();
    expect(audit.before).toMatchObject({ unpaidReminderEnabled: true, unpaidReminderMinutes: 30 });
    expect(audit.after).toMatchObject({ unpaidReminderEnabled: false, unpaidReminderMinutes: 45 });

    const page = await renderPage({
      path: '/admin/settings',
      route: settingsRoute,
      Page: SettingsPage,
      request: get('/admin/settings', admin.cookie),
    });
    expect(page.markup).toContain('>Automated mails</h2>');
    const box = (name: string) => page.markup.match(new RegExp(`<input id="${name}" type="checkbox"[^>]*>`))?.[0];
    expect(box('unpaidReminderEnabled')).not.toContain('checked');
    expect(box('abandonedCartEnabled')).toContain('checked=""');
    expect(box('backInStockEnabled')).not.toContain('checked');
    expect(page.markup).toMatch(/<input id="unpaidReminderMinutes"[^>]*value="45"/);

    expect(await send(fields())).toMatchObject({ status: 302 });
    expect(await getSettings()).toMatchObject({ unpaidReminderEnabled: true, backInStockEnabled: true });
  });

  it('refuses a delay out of range beside its field, and saves nothing', async () => {
    const [row] = await db().select().from(storeSettings);
    const answer = await send(
      fields({ unpaidReminderMinutes: '5', abandonedCartHours: '0', backInStockMinutes: 'soon' }),
    );
    expect(answer.status).toBe(400);
    expect(answerOf(answer.data).error).toEqual({
      '': ['Please correct the fields marked below.'],
      unpaidReminderMinutes: [
        'Please enter when to send the reminder to pay, in minutes: a whole number from 10 to 1440.',
      ],
      abandonedCartHours: [
        'Please enter when to send the abandoned-cart mail, in hours: a whole number from 1 to 168.',
      ],
      backInStockMinutes: [
        'Please enter when to send the back-in-stock mail, in minutes: a whole number from 0 to 1440.',
      ],
    });
    expect(valuesOf(answer.data)).toMatchObject({ unpaidReminderMinutes: '5', backInStockMinutes: 'soon' });
    expect(await db().select().from(storeSettings)).toEqual([row]);
    const page = await html(post('/admin/settings', fields({ unpaidReminderMinutes: '5' }), { cookie: admin.cookie }));
    expect(page.body).toContain('<p id="unpaidReminderMinutes-error" class="mt-1 text-sm text-sale">Please enter when');
  });
});

describe('the WhatsApp number', () => {
  it('is kept in the form wa.me takes, shown as people read it, and may be removed', async () => {
    expect(await send(fields({ whatsappNumber: '+234 (0)909 876 5432' }))).toMatchObject({ status: 302 });
    expect((await getSettings()).whatsappNumber).toBe('2349098765432');
    const page = await outcome(() => settingsRoute.loader(args(get('/admin/settings', admin.cookie))));
    expect(page.data).toMatchObject({ values: { whatsappNumber: '+234 909 876 5432' } });
    const audit = await lastSettingsAudit();
    expect(audit.after).toMatchObject({ whatsappNumber: '2349098765432' });

    expect(await send(fields({ whatsappNumber: '' }))).toMatchObject({ status: 302 });
    expect((await getSettings()).whatsappNumber).toBe('');
    await send(fields());
  });

  it('refuses anything but a Nigerian mobile number, saying so beside the field', async () => {
    for (const bad of ['0203 123 4567', '0803 123 456', '+44 7911 123456', 'wa.me/2348031234567']) {
      const answer = await send(fields({ whatsappNumber: bad }));
      expect(answer.status, bad).toBe(400);
      expect(answerOf(answer.data).error, bad).toEqual({
        '': ['Please correct the fields marked below.'],
        whatsappNumber: ['Please enter a Nigerian mobile number, e.g. 0803 123 4567.'],
      });
    }
    expect((await getSettings()).whatsappNumber).toBe('2348031234567');
    const page = await html(post('/admin/settings', fields({ whatsappNumber: '12345' }), { cookie: admin.cookie }));
    expect(page.body).toContain(
      '<p id="whatsappNumber-error" class="mt-1 text-sm text-sale">Please enter a Nigerian mobile number',
    );
    expect(page.body).toMatch(
      /<input id="whatsappNumber"[^>]*aria-describedby="whatsappNumber-hint whatsappNumber-error"/,
    );
  });
});

describe('adding and removing rows without saving', () => {
  it('adds a blank slide, removes the chosen one, and refuses to save without one', async () => {
    const titles = (data: unknown) => (valuesOf(data).slides ?? []).map((s) => s.title ?? '');
    const added = await send(rowEdit(fields(), 'insert', { name: 'slides', defaultValue: BLANK_SLIDE }));
    expect(added.status).toBe(200);
    expect(titles(added.data)).toEqual(['One', 'Two', '']);
    expect(valuesOf(added.data).slides?.[2]).toEqual({ link: '/collections', buttonText: 'Shop Now' });
    const removed = await send(rowEdit(fields(), 'remove', { name: 'slides', index: 0 }));
    expect(titles(removed.data)).toEqual(['Two']);
    // The page offers no Remove for the only slide; a post that removes it anyway comes back without it, saying the
    // list needs one (and a save so is refused).
    const last = await send(rowEdit(fields({}, [slide('Only')]), 'remove', { name: 'slides', index: 0 }));
    expect(titles(last.data)).toEqual([]);
    expect(answerOf(last.data).error?.slides).toEqual(['Please keep at least one hero slide.']);
    const hours = await send(rowEdit(fields(), 'remove', { name: 'hours', index: 1 }));
    expect(valuesOf(hours.data).hours).toEqual([{ days: 'Monday - Friday', hours: '9AM - 6PM' }]);
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

/** The page as a browser without JavaScript gets it: a POST runs the action, then the loader, and renders both. */
async function html(request: Request): Promise<{ status: number; body: string }> {
  const page = await renderPage({ path: '/admin/settings', route: settingsRoute, Page: SettingsPage, request });
  if (page.location !== null) throw new Error(`redirected to ${page.location}`);
  return { status: page.status, body: page.markup };
}

describe('the page without JavaScript', () => {
  const postForm = (body: Record<string, string>) => post('/admin/settings', body, { cookie: admin.cookie });

  it('adds a slide: the form comes back with it, blank and unmarked, and everything typed kept', async () => {
    const page = await html(
      postForm(rowEdit(fields({ storeName: 'Typed Name' }), 'insert', { name: 'slides', defaultValue: BLANK_SLIDE })),
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('value="Typed Name"');
    expect(page.body).toContain('>Slide 3</legend>');
    // A row's inputs take their constraints from the schema's row, as the first rows do.
    expect(page.body).toMatch(/<input id="slide-2-title"[^>]* required="" maxLength="80" name="slides\[2\]\.title"\/>/);
    expect(page.body).toMatch(/<input id="slide-2-link"[^>]*name="slides\[2\]\.link" value="\/collections"/);
    expect(page.body).not.toContain('Please enter a title.');
    expect(page.body).not.toContain('role="alert"');
    // Each row's Remove and the Add buttons carry Conform's intent, so they work as plain submit buttons.
    expect(page.body).toContain('aria-label="Remove slide 3"');
    expect(page.body).toMatch(
      /<button type="submit" value="[^"]*insert[^"]*slides[^"]*" form="settings"[^>]* name="__intent__">Add a slide/,
    );
  });

  it('refuses a save with the messages beside the fields and the form as typed', async () => {
    const page = await html(postForm(fields({ storeName: ' ', 'slides[1].link': 'https://evil.example' })));
    expect(page.status).toBe(400);
    expect(page.body).toMatch(/<p role="alert"[^>]*>Please correct the fields marked below\.<\/p>/);
    expect(page.body).toContain('<p id="storeName-error" class="mt-1 text-sm text-sale">Please enter the store name.');
    expect(page.body).toContain('<p id="slide-1-link-error"');
    expect(page.body).toContain('value="https://evil.example"');
  });

  it('offers no Add once there are five slides, and no Remove for the only one', async () => {
    const five = await html(
      postForm(
        rowEdit(
          fields(
            {},
            Array.from({ length: 4 }, (_, i) => slide(`S${i}`)),
          ),
          'insert',
          { name: 'slides' },
        ),
      ),
    );
    expect(five.body).toContain('>Slide 5</legend>');
    expect(five.body).not.toContain('Add a slide');
    const one = await html(
      postForm(rowEdit(fields({}, [slide('One'), slide('Two')]), 'remove', { name: 'slides', index: 1 })),
    );
    expect(one.body).not.toContain('Remove slide');
  });
});
