/** The saved delivery address on /account, and getSavedAddress for checkout (real PostgreSQL). */
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '~/lib/accounts/address';
import { getSavedAddress } from '~/server/accounts/addresses.server';
import { createUser } from '../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';

const { action, loader } = await routeModule<typeof import('~/routes/account')>('routes/account.tsx');

const form = {
  intent: 'address',
  firstName: ' Chidi ',
  lastName: 'Nwosu',
  country: 'Nigeria',
  address: '4 Awolowo Road',
  apartment: '',
  city: 'Ikoyi',
  state: 'Lagos',
  phone: '0803 123 4567',
  email: 'Chidi@Example.com',
};

describe('/account delivery address', () => {
  it('starts blank with Nigeria and the account email, saves a valid address, and gives it to checkout', async () => {
    const user = await createUser();
    expect(await getSavedAddress(user.id)).toBeNull();
    const before = await outcome(() => loader(args(get('/account', user.cookie))));
    expect(before.data).toMatchObject({
      hasSavedAddress: false,
      address: { country: 'Nigeria', email: user.email, firstName: 'Test', lastName: 'Customer', state: '' },
    });

    expect(await outcome(() => action(args(post('/account', form, { cookie: user.cookie }))))).toMatchObject({
      status: 200,
      data: { intent: 'address', success: ADDRESS_MESSAGES.saved },
    });
    const saved = {
      firstName: 'Chidi',
      lastName: 'Nwosu',
      country: 'Nigeria',
      address: '4 Awolowo Road',
      city: 'Ikoyi',
      state: 'Lagos',
      phone: '+234 803 123 4567',
      email: 'chidi@example.com',
    };
    expect(await getSavedAddress(user.id)).toEqual(saved);
    expect((await outcome(() => loader(args(get('/account', user.cookie))))).data).toMatchObject({
      hasSavedAddress: true,
      address: saved,
    });

    await outcome(() =>
      action(
        args(
          post(
            '/account',
            {
              ...form,
              apartment: 'Flat 2B',
              state: 'Federal Capital Territory',
              city: 'Garki',
              phone: '+2349012345678',
            },
            { cookie: user.cookie },
          ),
        ),
      ),
    );
    expect(await getSavedAddress(user.id)).toEqual({
      ...saved,
      apartment: 'Flat 2B',
      state: 'Federal Capital Territory',
      city: 'Garki',
      phone: '+234 901 234 5678',
    });
  });

  it('answers bad input with 400, a message per field and what was typed, and keeps the old address', async () => {
    const user = await createUser();
    const result = await outcome(() =>
      action(
        args(
          post(
            '/account',
            {
              ...form,
              firstName: '',
              phone: '+44 7700 900123',
              state: 'Lagos State',
              country: 'Ghana',
              email: 'not-an-email',
            },
            { cookie: user.cookie },
          ),
        ),
      ),
    );
    expect(result).toMatchObject({
      status: 400,
      data: {
        intent: 'address',
        result: {
          initialValue: { phone: '+44 7700 900123', state: 'Lagos State', lastName: 'Nwosu' },
          error: {
            firstName: ['Please enter your first name.'],
            phone: [ADDRESS_MESSAGES.phone],
            state: [ADDRESS_MESSAGES.state],
            country: [ADDRESS_MESSAGES.country],
            email: [ADDRESS_MESSAGES.email],
          },
        },
      },
    });
    expect(await getSavedAddress(user.id)).toBeNull();
    // Missing fields altogether (a hand-made request) are field errors too, never a 500.
    expect(
      await outcome(() => action(args(post('/account', { intent: 'address' }, { cookie: user.cookie })))),
    ).toMatchObject({ status: 400, data: { result: { error: { firstName: ['Please enter your first name.'] } } } });
  });

  it('needs a signed-in customer', async () => {
    expect(await outcome(() => action(args(post('/account', form))))).toMatchObject({
      status: 302,
      location: '/login?redirectTo=%2Faccount',
    });
  });
});
