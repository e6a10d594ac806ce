/**
 * /admin/promo-codes against real PostgreSQL (decision 0023): codes of each kind created, edited and deleted
 * with their audit rows; field errors, a code taken in another case (also by a racing save); a code with uses refused
 * deletion; the list's uses and revenue from paid redemptions only; every save reaches a shopper's cart at once; only
 * admins get in.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collections, promoCodes, promoRedemptions, refunds } from '~/db/schema';
import type { PromoLine } from '~/lib/promo/promo';
import { db } from '~/server/db.server';
import { checkPromo } from '~/server/promo/promo-codes.server';
import { createCollection, createOrder, createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import PromoCodesPage from './promo-codes';

const list = await routeModule<typeof import('~/routes/admin/promo-codes')>('routes/admin/promo-codes.tsx');
const create = await routeModule<typeof import('~/routes/admin/promo-code-new')>('routes/admin/promo-code-new.tsx');
const edit = await routeModule<typeof import('~/routes/admin/promo-code-edit')>('routes/admin/promo-code-edit.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

type Answer = { result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> } };
const errorsOf = (data: unknown) => (data as Answer).result.error;
const SAVE_ERROR = 'Error saving the promo code. Please try again.';

type Fields = Record<string, string | string[]>;
const promoForm = (overrides: Fields = {}): Fields => ({
  intent: 'save',
  code: 'Lagos10',
  kind: 'percent',
  percentOff: '10',
  active: 'on',
  ...overrides,
});

const createPromo = (fields: Fields, cookie = admin.cookie) =>
  outcome(() => create.action(args(post('/admin/promo-codes/new', fields, { cookie }))));
const editPromo = (id: string, fields: Fields) =>
  outcome(() => edit.action(args(post(`/admin/promo-codes/edit/${id}`, fields, { cookie: admin.cookie }), { id })));
const listAction = (fields: Fields, cookie = admin.cookie) =>
  outcome(() => list.action(args(post('/admin/promo-codes', fields, { cookie }))));
const listPage = (search = '') => outcome(() => list.loader(args(get(`/admin/promo-codes${search}`, admin.cookie))));
const savedId = (location: string | null) =>
  /\/admin\/promo-codes\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const rowOf = async (id: string) => (await db().select().from(promoCodes).where(eq(promoCodes.id, id)))[0];
const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
const codeCount = async () => (await db().select().from(promoCodes)).length;

/** A cart of one ₦20,000 shirt, as the cart page checks a code (a visitor: no per-customer count). */
const cart: PromoLine[] = [{ unitPrice: 20_000_00, quantity: 1, collectionId: null, category: 'Shirts' }];

describe('creating codes', () => {
  it('saves a percentage code, its limits and dates (Lagos time) with an audit row; a cart applies it', async () => {
    const collection = await createCollection();
    const created = await createPromo(
      promoForm({
        code: 'Detty-December_25',
        percentOff: '15',
        amountOff: '999', // another kind's box: ignored
        minSubtotal: '10,000',
        startsAt: '2026-12-01T09:00',
        endsAt: '2027-01-01T00:00',
        maxUses: '1,000',
        maxUsesPerCustomer: '1',
        collectionIds: [collection.id],
        categories: ['Shirts', 'Shoes'],
      }),
    );
    expect(created.status).toBe(302);
    const id = savedId(created.location);
    expect(await rowOf(id)).toMatchObject({
      code: 'Detty-December_25',
      kind: 'percent',
      percentOff: 15,
      amountOff: null,
      minSubtotal: 10_000_00,
      // Lagos is UTC+1 all year.
      startsAt: new Date('2026-12-01T08:00:00Z'),
      endsAt: new Date('2026-12-31T23:00:00Z'),
      maxUses: 1000,
      maxUsesPerCustomer: 1,
      collectionIds: [collection.id],
      categories: ['Shirts', 'Shoes'],
      active: true,
    });
    const [audit] = await auditFor(id);
    expect(audit).toMatchObject({
      action: 'promoCode.create',
      entityType: 'promoCode',
      actorEmail: admin.email,
      before: null,
      after: expect.objectContaining({
        code: 'Detty-December_25',
        percentOff: 15,
        startsAt: '2026-12-01T08:00:00.000Z',
      }),
    });
    expect(await checkPromo(db(), 'detty-december_25', cart, null, new Date('2026-12-10T12:00:00Z'))).toMatchObject({
      kind: 'applied',
      discount: { goods: 3_000_00 },
    });
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/promo-codes/edit/${id}?saved=1`, admin.cookie), { id })),
    );
    expect(page.data).toMatchObject({
      name: 'Detty-December_25',
      saved: true,
      values: {
        kind: 'percent',
        percentOff: '15',
        amountOff: '',
        minSubtotal: '10000',
        startsAt: '2026-12-01T09:00',
        endsAt: '2027-01-01T00:00',
        maxUses: '1000',
        collectionIds: [collection.id],
        categories: ['Shirts', 'Shoes'],
        active: true,
      },
      collections: expect.arrayContaining([{ id: collection.id, name: collection.name }]),
    });
  });

  it('saves a fixed amount in kobo and a free-delivery code with no amount at all', async () => {
    const fixed = savedId(
      (await createPromo(promoForm({ code: 'FLAT5K', kind: 'fixed', amountOff: '5,000.50', percentOff: '7' })))
        .location,
    );
    expect(await rowOf(fixed)).toMatchObject({ kind: 'fixed', amountOff: 5_000_50, percentOff: null, minSubtotal: 0 });
    const free = savedId(
      (await createPromo(promoForm({ code: 'SHIPFREE', kind: 'free-delivery', amountOff: '100' }))).location,
    );
    expect(await rowOf(free)).toMatchObject({
      kind: 'free-delivery',
      amountOff: null,
      percentOff: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      collectionIds: [],
    });
    expect(await checkPromo(db(), 'shipfree', cart, null)).toMatchObject({
      kind: 'applied',
      discount: { delivery: 'all' },
    });
    expect((await auditFor(free)).map((row) => row.action)).toEqual(['promoCode.create']);
  });
});

describe('what is refused', () => {
  it('names every wrong field, keeps what was typed and saves nothing', async () => {
    const before = await codeCount();
    const answer = await createPromo(
      promoForm({ code: 'NO SPACES!', percentOff: '0', startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' }),
    );
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.data)).toEqual({
      '': [SAVE_ERROR],
      code: ['A code may only use letters, digits, - and _ (no spaces).'],
      percentOff: ['Please enter a whole percentage from 1 to 100.'],
      endsAt: ['The end must be after the start.'],
    });
    expect((answer.data as Answer).result.initialValue).toMatchObject({ code: 'NO SPACES!', percentOff: '0' });
    expect(errorsOf((await createPromo(promoForm({ code: 'OVER', percentOff: '101' }))).data)).toEqual({
      '': [SAVE_ERROR],
      percentOff: ['Please enter a whole percentage from 1 to 100.'],
    });
    expect(
      errorsOf((await createPromo(promoForm({ code: 'NOAMOUNT', kind: 'fixed', percentOff: '10' }))).data),
    ).toEqual({ '': [SAVE_ERROR], amountOff: ['Please enter the amount off in naira, e.g. 5000.'] });
    expect(errorsOf((await createPromo(promoForm({ code: 'x'.repeat(33), maxUses: '0' }))).data)).toEqual({
      '': [SAVE_ERROR],
      code: ['Please keep the code to 32 characters or fewer.'],
      maxUses: ['Please enter a whole number from 1 to 1,000,000, or leave it blank for no limit.'],
    });
    expect(await codeCount()).toBe(before);
  });

  it('refuses a code another has in another case, on the field; also when two saves race', async () => {
    await createPromo(promoForm({ code: 'Easter20' }));
    const before = await codeCount();
    const taken = await createPromo(promoForm({ code: 'EASTER20' }));
    expect(taken.status).toBe(409);
    const message =
      'There is already a promo code EASTER20 (upper and lower case count as the same). Please choose another code.';
    expect(errorsOf(taken.data)).toEqual({ '': [SAVE_ERROR], code: [message] });
    // Renaming another code to it is refused the same way.
    const other = savedId((await createPromo(promoForm({ code: 'Harmattan' }))).location);
    expect(errorsOf((await editPromo(other, promoForm({ code: 'easter20' }))).data)?.code).toEqual([message]);
    expect((await rowOf(other)).code).toBe('Harmattan');
    // Two saves of one new code at once: the unique index lets exactly one in.
    const race = await Promise.all([
      createPromo(promoForm({ code: 'Rush' })),
      createPromo(promoForm({ code: 'RUSH' })),
    ]);
    expect(race.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await codeCount()).toBe(before + 2);
  });

  it('refuses a collection that no longer exists rather than dropping the limit', async () => {
    const before = await codeCount();
    const answer = await createPromo(promoForm({ code: 'GONE', collectionIds: ['zzzzzzzzzzzzzz'] }));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.data)?.collectionIds).toEqual(['Please choose collections from the list.']);
    expect(await codeCount()).toBe(before);
    // A collection deleted after the code was limited to it: the edit page still shows that limit, and keeps it.
    const collection = await createCollection();
    const id = savedId((await createPromo(promoForm({ code: 'Capsule', collectionIds: [collection.id] }))).location);
    await db().delete(collections).where(eq(collections.id, collection.id));
    const page = await outcome(() => edit.loader(args(get(`/admin/promo-codes/edit/${id}`, admin.cookie), { id })));
    expect((page.data as { collections: unknown[] }).collections).toContainEqual({
      id: collection.id,
      name: 'A deleted collection',
    });
    const kept = await editPromo(id, promoForm({ code: 'Capsule', percentOff: '20', collectionIds: [collection.id] }));
    expect(kept.status).toBe(302);
    expect(await rowOf(id)).toMatchObject({ percentOff: 20, collectionIds: [collection.id] });
  });
});

describe('editing', () => {
  it('saves the change with its before and after; a cart sees a code switched off at once', async () => {
    const id = savedId((await createPromo(promoForm({ code: 'Owambe', percentOff: '10' }))).location);
    expect(await checkPromo(db(), 'OWAMBE', cart, null)).toMatchObject({ kind: 'applied' });
    const answer = await editPromo(id, promoForm({ code: 'Owambe', kind: 'fixed', amountOff: '2000', active: [] }));
    expect(answer).toMatchObject({ status: 302, location: `/admin/promo-codes/edit/${id}?saved=1` });
    expect(await rowOf(id)).toMatchObject({ kind: 'fixed', percentOff: null, amountOff: 2_000_00, active: false });
    const [, update] = await auditFor(id);
    expect(update).toMatchObject({
      action: 'promoCode.update',
      before: expect.objectContaining({ kind: 'percent', percentOff: 10, active: true }),
      after: expect.objectContaining({ kind: 'fixed', amountOff: 2_000_00, active: false }),
    });
    expect(await checkPromo(db(), 'OWAMBE', cart, null)).toMatchObject({
      kind: 'refused',
      message: 'The code OWAMBE is switched off at the moment.',
    });
    expect((await editPromo('zzzzzzzzzzzzzz', promoForm({ code: 'Nobody' }))).status).toBe(404);
    expect(
      (await outcome(() => edit.loader(args(get('/admin/promo-codes/edit/nope', admin.cookie), { id: 'nope' }))))
        .status,
    ).toBe(404);
  });
});

/** A paid (or held, or released) use of `promoId` by a new order of `userId` whose total is `total` kobo. */
async function redeem(
  promoId: string,
  userId: string,
  state: 'reserved' | 'used' | 'released',
  shipping = 0,
  refunded = 0,
) {
  const order = await createOrder({ userId, shipping, items: [{ unitPrice: 10_000_00 }] });
  await db().insert(promoRedemptions).values({ orderId: order.id, promoId, userId, state, discount: 1_000_00 });
  // A processed refund is money the order did not keep; one still requested is not yet.
  if (refunded > 0) {
    const refund = { orderId: order.id, reason: 'Returned', requestKey: crypto.randomUUID() };
    await db()
      .insert(refunds)
      .values({ ...refund, amount: refunded, status: 'processed' });
    await db()
      .insert(refunds)
      .values({ ...refund, amount: 999_00, status: 'pending', requestKey: crypto.randomUUID() });
  }
  return order.total - refunded;
}

describe('deleting', () => {
  it('refuses a code with uses held or paid, telling the admin to switch it off; nothing deleted', async () => {
    const customer = await createUser();
    for (const state of ['used', 'reserved'] as const) {
      const id = savedId((await createPromo(promoForm({ code: `Held-${state}` }))).location);
      await redeem(id, customer.id, state);
      const answer = await listAction({ intent: 'delete', id, confirmed: 'yes' });
      expect(answer.status).toBe(409);
      expect(errorsOf(answer.data)?.['']).toEqual([
        'This promo code has been used on orders, so it cannot be deleted. Switch it off instead (untick Active ' +
          'and save): shoppers can no longer apply it, and its uses and revenue stay on the list.',
      ]);
      expect(await rowOf(id)).toBeDefined();
      expect((await auditFor(id)).map((row) => row.action)).toEqual(['promoCode.create']);
    }
  });

  it('deletes a code without uses once confirmed (audit row); its released uses go with it', async () => {
    const customer = await createUser();
    const id = savedId((await createPromo(promoForm({ code: 'Unused' }))).location);
    await redeem(id, customer.id, 'released');
    const ask = await listAction({ intent: 'delete', id, back: 'q=Unus' });
    expect(ask).toMatchObject({ status: 302, location: `/admin/promo-codes?q=Unus&confirm=${id}` });
    expect((await listPage(`?q=Unus&confirm=${id}`)).data).toMatchObject({ confirm: { id, name: 'Unused' } });
    const done = await listAction({ intent: 'delete', id, confirmed: 'yes', back: 'q=Unus' });
    expect(done).toMatchObject({ status: 302, location: '/admin/promo-codes?q=Unus&deleted=1' });
    expect(await rowOf(id)).toBeUndefined();
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.promoId, id))).toEqual([]);
    expect((await auditFor(id)).at(-1)).toMatchObject({
      action: 'promoCode.delete',
      before: expect.objectContaining({ code: 'Unused', releasedUses: 1 }),
      after: null,
    });
    expect(await checkPromo(db(), 'unused', cart, null)).toMatchObject({ kind: 'refused', reason: 'unknown' });
    expect((await listAction({ intent: 'delete', id, confirmed: 'yes' })).status).toBe(404);
  });
});

describe('the list', () => {
  it('shows paid uses of those allowed and the revenue of those orders, newest first; searches by code', async () => {
    const customer = await createUser();
    const busy = savedId((await createPromo(promoForm({ code: 'Busy-Code', maxUses: '100' }))).location);
    const totals = [
      await redeem(busy, customer.id, 'used', 2_600_00),
      await redeem(busy, customer.id, 'used', 0, 4_000_00),
    ];
    // Held by an unpaid order, or given back: neither is a use on the list, nor revenue.
    await redeem(busy, customer.id, 'reserved', 0);
    await redeem(busy, customer.id, 'released', 0);
    const later = savedId(
      (
        await createPromo(
          promoForm({ code: 'Busy-Later', kind: 'fixed', amountOff: '5000', startsAt: '2099-01-01T10:00', active: [] }),
        )
      ).location,
    );
    const expired = savedId(
      (await createPromo(promoForm({ code: 'Busy-Past', endsAt: '2020-01-01T00:00', kind: 'free-delivery' }))).location,
    );
    await redeem(expired, customer.id, 'used', 0);
    await db().update(promoCodes).set({ active: true }).where(eq(promoCodes.id, later));

    const { data } = await listPage('?q=busy');
    const { list: page } = data as { list: { rows: Record<string, unknown>[]; total: number } };
    expect(page.total).toBe(3);
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: expired,
        name: 'Busy-Past',
        uses: 1,
        status: 'expired',
        endsAt: expect.any(String),
      }),
      expect.objectContaining({ id: later, name: 'Busy-Later', uses: 0, revenue: 0, status: 'not-started' }),
      expect.objectContaining({
        id: busy,
        name: 'Busy-Code',
        uses: 2,
        maxUses: 100,
        revenue: totals[0] + totals[1],
        status: 'active',
      }),
    ]);
    expect(totals[0] + totals[1]).toBe(18_600_00);

    const { markup } = await renderPage({
      path: '/admin/promo-codes',
      route: list,
      Page: PromoCodesPage,
      request: get('/admin/promo-codes?q=busy', admin.cookie),
    });
    expect(markup).toContain('Showing 1–3 of 3 promo codes');
    expect(markup).toMatch(/Busy-Code<\/a><\/th><td[^>]*>10% off<\/td><td[^>]*>Always<\/td><td[^>]*>2 \/ 100<\/td>/);
    expect(markup).toContain('₦18,600');
    expect(markup).toContain('From 1 January 2099 at 10:00');
    expect(markup).toContain('Until 1 January 2020 at 00:00');
    expect(markup).toContain('Not started');
    expect(markup).toContain('Expired');
    expect(markup).toContain('Free delivery');
    expect(markup).toContain('₦5,000 off');
  });
});

describe('who may', () => {
  it('sends a customer home: nothing saved or deleted', async () => {
    const customer = await createUser();
    expect(await createPromo(promoForm({ code: 'Sneaky' }), customer.cookie)).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, 'Sneaky'))).toEqual([]);
    const [code] = await db().select().from(promoCodes).limit(1);
    expect(await listAction({ intent: 'delete', id: code.id, confirmed: 'yes' }, customer.cookie)).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await rowOf(code.id)).toBeDefined();
  });
});
