/**
 * /admin/delivery against real PostgreSQL (decision 0022): zones added, edited and deleted with their audit rows,
 * overlapping zones refused, field errors, the delivery options saved; every change reaches checkout's quote and the
 * stored pages at once; only admins get in.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryZones } from '~/db/schema';
import { quoteDelivery } from '~/lib/delivery/delivery';
import { db } from '~/server/db.server';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import DeliveryPage from './delivery';

const list = await routeModule<typeof import('~/routes/admin/delivery')>('routes/admin/delivery.tsx');
const create = await routeModule<typeof import('~/routes/admin/delivery-zone-new')>(
  'routes/admin/delivery-zone-new.tsx',
);
const edit = await routeModule<typeof import('~/routes/admin/delivery-zone-edit')>(
  'routes/admin/delivery-zone-edit.tsx',
);

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

type Answer = { result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> } };
const errorsOf = (data: unknown) => (data as Answer).result.error;

const zoneForm = (overrides: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  name: 'Lagos Island',
  states: ['Lagos'],
  towns: 'Lekki\nVictoria Island\nAjah',
  fee: '2,500',
  minDays: '1',
  maxDays: '2',
  ...overrides,
});

const createZone = (fields: Record<string, string | string[]>, cookie = admin.cookie) =>
  outcome(() => create.action(args(post('/admin/delivery/new', fields, { cookie }))));
const editZone = (id: string, fields: Record<string, string | string[]>) =>
  outcome(() => edit.action(args(post(`/admin/delivery/edit/${id}`, fields, { cookie: admin.cookie }), { id })));
const listAction = (fields: Record<string, string | string[]>, cookie = admin.cookie) =>
  outcome(() => list.action(args(post('/admin/delivery', fields, { cookie }))));
const savedId = (location: string | null) =>
  /\/admin\/delivery\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
const lekki = async () =>
  quoteDelivery(await getDeliveryConfig(), { method: 'delivery', state: 'Lagos', city: 'lekki' });

describe('delivery zones', () => {
  it('adds a zone (audit row), which checkout quotes at once and the stored pages show', async () => {
    await getDeliveryConfig(); // warm the copy: the save must drop it
    const version = contentVersion();
    const created = await createZone(zoneForm());
    expect(created.status).toBe(302);
    const id = savedId(created.location);
    const [row] = await db().select().from(deliveryZones).where(eq(deliveryZones.id, id));
    expect(row).toMatchObject({
      name: 'Lagos Island',
      states: ['Lagos'],
      towns: ['Lekki', 'Victoria Island', 'Ajah'],
      fee: 2_500_00,
      minDays: 1,
      maxDays: 2,
    });
    expect(await lekki()).toMatchObject({ quote: { zone: 'Lagos Island', fee: 2_500_00 } });
    expect(contentVersion()).toBeGreaterThan(version);
    const [audit] = await auditFor(id);
    expect(audit).toMatchObject({
      action: 'deliveryZone.create',
      entityType: 'deliveryZone',
      actorEmail: admin.email,
      before: null,
      after: expect.objectContaining({
        name: 'Lagos Island',
        fee: 2_500_00,
        towns: ['Lekki', 'Victoria Island', 'Ajah'],
      }),
    });
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/delivery/edit/${id}?saved=1`, admin.cookie), { id })),
    );
    expect(page.data).toMatchObject({
      name: 'Lagos Island',
      saved: true,
      values: { states: ['Lagos'], towns: 'Lekki\nVictoria Island\nAjah', fee: '2500', minDays: '1', maxDays: '2' },
    });
  });

  it('edits a zone with its before and after; an unknown zone is a 404', async () => {
    const id = savedId(
      (await createZone(zoneForm({ name: 'Abuja', states: ['Federal Capital Territory'], towns: '' }))).location,
    );
    const answer = await editZone(
      id,
      zoneForm({ name: 'Abuja (FCT)', states: 'Federal Capital Territory', towns: '', fee: '3000', maxDays: '3' }),
    );
    expect(answer).toMatchObject({ status: 302, location: `/admin/delivery/edit/${id}?saved=1` });
    const [, update] = await auditFor(id);
    expect(update).toMatchObject({
      action: 'deliveryZone.update',
      before: expect.objectContaining({ name: 'Abuja', fee: 2_500_00 }),
      after: expect.objectContaining({ name: 'Abuja (FCT)', fee: 3_000_00, maxDays: 3 }),
    });
    expect((await editZone('zzzzzzzzzzzzzz', zoneForm())).status).toBe(404);
    expect(
      (await outcome(() => edit.loader(args(get('/admin/delivery/edit/nope', admin.cookie), { id: 'nope' })))).status,
    ).toBe(404);
  });

  it('names every wrong field, keeps what was typed and saves nothing', async () => {
    const zones = (await db().select().from(deliveryZones)).length;
    const answer = await createZone(zoneForm({ name: ' ', states: ['Atlantis'], fee: 'lots', minDays: '0' }));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.data)).toEqual({
      '': ['Error saving the delivery zone. Please try again.'],
      name: ['Please enter a name for the zone.'],
      states: ['Please choose states from the list.'],
      fee: ['Please enter the fee in naira, e.g. 2600 (0 for free).'],
      minDays: ['Please enter a whole number of working days from 1 to 60.'],
    });
    expect((answer.data as Answer).result.initialValue).toMatchObject({
      fee: 'lots',
      towns: 'Lekki\nVictoria Island\nAjah',
    });
    expect(await db().select().from(deliveryZones)).toHaveLength(zones);
  });

  it('refuses a zone that would leave an address two fees, naming the other zone', async () => {
    await createZone(zoneForm({ name: 'Lagos Mainland', towns: '' }));
    const zones = (await db().select().from(deliveryZones)).length;
    const whole = await createZone(zoneForm({ name: 'All Lagos', towns: '' }));
    expect(whole.status).toBe(409);
    expect(errorsOf(whole.data)?.['']).toEqual([
      'Lagos is already covered by the zone “Lagos Mainland”. Take it out of that zone first, or name towns here.',
    ]);
    const town = await createZone(zoneForm({ name: 'Lekki Express', towns: 'LEKKI' }));
    expect(errorsOf(town.data)?.['']).toEqual(['LEKKI (Lagos) is already in the zone “Lagos Island”.']);
    expect(await db().select().from(deliveryZones)).toHaveLength(zones);
    // Lekki still pays the island's fee, Ikeja the mainland's.
    expect(await lekki()).toMatchObject({ quote: { zone: 'Lagos Island' } });
  });

  it('deletes a zone once confirmed (audit row): its addresses pay another zone’s fee from then on', async () => {
    const [island] = await db().select().from(deliveryZones).where(eq(deliveryZones.name, 'Lagos Island'));
    const ask = await listAction({ intent: 'delete', id: island.id });
    expect(ask).toMatchObject({ status: 302, location: `/admin/delivery?confirm=${island.id}` });
    const question = await outcome(() => list.loader(args(get(`/admin/delivery?confirm=${island.id}`, admin.cookie))));
    expect(question.data).toMatchObject({ confirm: { id: island.id, name: 'Lagos Island' } });
    const done = await listAction({ intent: 'delete', id: island.id, confirmed: 'yes' });
    expect(done).toMatchObject({ status: 302, location: '/admin/delivery?deleted=1' });
    expect(await lekki()).toMatchObject({ quote: { zone: 'Lagos Mainland' } });
    const audits = await auditFor(island.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'deliveryZone.delete',
      before: expect.objectContaining({ name: 'Lagos Island' }),
      after: null,
    });
    expect((await listAction({ intent: 'delete', id: island.id, confirmed: 'yes' })).status).toBe(404);
  });
});

describe('delivery options', () => {
  const optionsForm = (overrides: Record<string, string> = {}) => ({
    intent: 'save-options',
    defaultFee: '3,000',
    defaultMinDays: '4',
    defaultMaxDays: '7',
    freeDeliveryOver: '100,000',
    pickupEnabled: 'on',
    pickupAddress: 'Studio 4, Lekki',
    pickupHours: 'Mon - Fri 10AM - 6PM',
    pickupFee: '0',
    pickupMinDays: '1',
    pickupMaxDays: '1',
    podMaxTotal: '80,000',
    podNotFirstOrder: 'on',
    ...overrides,
  });

  it('saves them with an audit row; checkout and the page use them at once', async () => {
    const before = (await getDeliveryConfig()).options;
    const version = contentVersion();
    expect(await listAction(optionsForm())).toMatchObject({ status: 302, location: '/admin/delivery?saved=1' });
    expect(contentVersion()).toBeGreaterThan(version);
    const { options } = await getDeliveryConfig();
    expect(options).toEqual({
      defaultFee: 3_000_00,
      defaultDays: { minDays: 4, maxDays: 7 },
      freeDeliveryOver: 100_000_00,
      pickup: {
        enabled: true,
        address: 'Studio 4, Lekki',
        hours: 'Mon - Fri 10AM - 6PM',
        fee: 0,
        minDays: 1,
        maxDays: 1,
      },
      // Pay on delivery's limit and first-order rule (decision 0037).
      payOnDelivery: { maxTotal: 80_000_00, notFirstOrder: true },
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'deliveryOptions.update'));
    expect(audit).toMatchObject({
      entityType: 'store_settings',
      actorEmail: admin.email,
      before: expect.objectContaining({ defaultFee: before.defaultFee, pickupEnabled: false }),
      after: expect.objectContaining({
        defaultFee: 3_000_00,
        freeDeliveryOver: 100_000_00,
        pickupEnabled: true,
        podMaxTotal: 80_000_00,
        podNotFirstOrder: true,
      }),
    });
    const { markup } = await renderPage({
      path: '/admin/delivery',
      route: list,
      Page: DeliveryPage,
      request: get('/admin/delivery?saved=1', admin.cookie),
    });
    expect(markup).toContain('Delivery options saved. Checkout uses them from now on.');
    expect(markup).toContain('Lagos Mainland');
    expect(markup).toMatch(/id="freeDeliveryOver"[^>]*value="100000"/);
  });

  it('invalid input is a 400 naming each field, and saves nothing', async () => {
    const before = await getDeliveryConfig();
    const answer = await listAction(
      optionsForm({ defaultFee: '-1', freeDeliveryOver: '0', pickupMinDays: 'x', podMaxTotal: '0' }),
    );
    expect(answer.status).toBe(400);
    expect((answer.data as { optionsResult: Answer['result'] }).optionsResult.error).toEqual({
      '': ['Please correct the fields marked below.'],
      defaultFee: ['Please enter the delivery fee in naira, e.g. 2600 (0 for free).'],
      freeDeliveryOver: ['Please enter an amount above ₦0, or leave it blank for no free delivery.'],
      pickupMinDays: ['Please enter a whole number of working days from 1 to 60.'],
      podMaxTotal: ['Please enter an amount above ₦0; to stop offering pay on delivery, untick it on each zone.'],
    });
    expect(await getDeliveryConfig()).toEqual(before);
    expect((await listAction(optionsForm({ intent: 'reset' }))).status).toBe(400);
  });
});

describe('who may', () => {
  it('sends a customer home and a visitor to sign in; another site is refused', async () => {
    const customer = await createUser();
    expect(await createZone(zoneForm({ name: 'Sneaky' }), customer.cookie)).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(
      await listAction({ intent: 'delete', id: 'zzzzzzzzzzzzzz', confirmed: 'yes' }, customer.cookie),
    ).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await outcome(() => list.loader(args(get('/admin/delivery'))))).toMatchObject({ status: 302 });
    const foreign = await outcome(() =>
      create.action(
        args(post('/admin/delivery/new', zoneForm(), { cookie: admin.cookie, origin: 'https://evil.example' })),
      ),
    );
    expect(foreign.status).toBe(403);
    expect(await db().select().from(deliveryZones).where(eq(deliveryZones.name, 'Sneaky'))).toEqual([]);
  });
});
