/**
 * "Leave out products on sale" on the admin's promo code form (decision 0034), against real PostgreSQL: off unless
 * ticked, saved to promo_codes.exclude_sale with its audit row, shown ticked when the code is edited, unticked again,
 * and a shopper's cart of sale items told at once that the code does not apply to them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, promoCodes } from '~/db/schema';
import type { PromoLine } from '~/lib/promo/promo';
import { db } from '~/server/db.server';
import { checkPromo } from '~/server/promo/promo-codes.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const create = await routeModule<typeof import('~/routes/admin/promo-code-new')>('routes/admin/promo-code-new.tsx');
const edit = await routeModule<typeof import('~/routes/admin/promo-code-edit')>('routes/admin/promo-code-edit.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

type Fields = Record<string, string | string[]>;
const promoForm = (overrides: Fields = {}): Fields => ({
  intent: 'save',
  code: 'FullPrice',
  kind: 'percent',
  percentOff: '10',
  active: 'on',
  ...overrides,
});
const savedId = (location: string | null) =>
  /\/admin\/promo-codes\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const excludeSaleOf = async (id: string) =>
  (await db().select({ on: promoCodes.excludeSale }).from(promoCodes).where(eq(promoCodes.id, id)))[0]?.on;
const formValues = async (id: string) => {
  const page = await outcome(() => edit.loader(args(get(`/admin/promo-codes/edit/${id}`, admin.cookie), { id })));
  return (page.data as { values: Record<string, unknown> }).values;
};

/** A ₦20,000 jacket on sale. */
const saleCart: PromoLine[] = [
  { unitPrice: 20_000_00, quantity: 1, collectionId: null, category: 'Outerwear', onSale: true },
];

describe('leaving out products on sale', () => {
  it('is off unless ticked', async () => {
    const id = savedId(
      (await outcome(() => create.action(args(post('/admin/promo-codes/new', promoForm(), { cookie: admin.cookie })))))
        .location,
    );
    expect(await excludeSaleOf(id)).toBe(false);
    expect(await checkPromo(db(), 'FULLPRICE', saleCart, null)).toMatchObject({ kind: 'applied' });
  });

  it('ticked: saved and audited, shown ticked, refused for a cart of sale items; unticked again', async () => {
    const created = await outcome(() =>
      create.action(
        args(
          post('/admin/promo-codes/new', promoForm({ code: 'NoSale', excludeSale: 'on' }), { cookie: admin.cookie }),
        ),
      ),
    );
    const id = savedId(created.location);
    expect(await excludeSaleOf(id)).toBe(true);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'promoCode.create', after: expect.objectContaining({ excludeSale: true }) });
    expect(await formValues(id)).toMatchObject({ excludeSale: true });
    expect(await checkPromo(db(), 'nosale', saleCart, null)).toEqual({
      kind: 'refused',
      reason: 'not-for-sale-items',
      message: 'The code NOSALE does not apply to items on sale.',
    });

    const unticked = await outcome(() =>
      edit.action(
        args(post(`/admin/promo-codes/edit/${id}`, promoForm({ code: 'NoSale' }), { cookie: admin.cookie }), { id }),
      ),
    );
    expect(unticked.status).toBe(302);
    expect(await excludeSaleOf(id)).toBe(false);
    expect(await checkPromo(db(), 'nosale', saleCart, null)).toMatchObject({ kind: 'applied' });
  });
});
