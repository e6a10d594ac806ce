/**
 * GET /delivery-estimate (decision 0022): the product page asks it after loading for the signed-in shopper's own
 * delivery promise; private and never stored, and nothing for anyone else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { arrivalRange } from '~/lib/delivery/delivery-estimate';
import { saveAddress } from '~/server/accounts/addresses.server';
import { addZone, LAGOS_ISLAND, LAGOS_MAINLAND } from '../../tests/delivery-helpers';
import { createUser, TEST_ADDRESS } from '../../tests/factories';
import { args, get, outcome, routeModule } from '../../tests/route-helpers';

const route = await routeModule<typeof import('~/routes/delivery-estimate')>('routes/delivery-estimate.ts');

beforeAll(async () => {
  await addZone(LAGOS_MAINLAND);
  await addZone(LAGOS_ISLAND);
});

async function ask(cookie?: string) {
  const answer = await outcome(() => route.loader(args(get('/delivery-estimate', cookie))));
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  return JSON.parse(answer.data as string) as { estimate: unknown };
}

describe('/delivery-estimate', () => {
  it('tells a customer the zone, days, fee and dates for their saved address', async () => {
    const user = await createUser();
    await saveAddress(user.id, { ...TEST_ADDRESS, city: 'victoria island', state: 'Lagos' });
    expect(await ask(user.cookie)).toEqual({
      estimate: {
        place: 'victoria island, Lagos',
        zone: 'Lagos Island & Lekki–Ajah',
        days: '1–3 working days',
        fee: '₦2,500',
        arrival: arrivalRange(new Date(), { minDays: 1, maxDays: 3 }),
      },
    });
    await saveAddress(user.id, { ...TEST_ADDRESS, city: 'Kano', state: 'Kano' });
    expect(await ask(user.cookie)).toMatchObject({
      estimate: { zone: 'Rest of Nigeria', days: '5–6 working days', fee: '₦2,600' },
    });
  });

  it('says nothing to a visitor or a customer without a saved address', async () => {
    expect(await ask()).toEqual({ estimate: null });
    expect(await ask((await createUser()).cookie)).toEqual({ estimate: null });
  });
});
