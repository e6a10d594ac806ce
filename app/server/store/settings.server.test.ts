import { describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/schema';
import { db } from '../db.server';
import { readDeliveryConfig } from '../delivery/delivery-config.server';
import { getSettings, invalidateSettings } from './settings.server';

describe('store settings', () => {
  it('every database starts with the ₦2,600 delivery fee, no zones, and placeholder contacts', async () => {
    const settings = await getSettings();
    expect(await readDeliveryConfig()).toEqual({
      zones: [],
      options: {
        defaultFee: 260_000,
        defaultDays: { minDays: 5, maxDays: 6 },
        freeDeliveryOver: null,
        pickup: { enabled: false, address: '', hours: '', fee: 0, minDays: 1, maxDays: 2 },
        // Pay on delivery (decision 0037): up to ₦150,000, first orders too, in the zones that offer it (none yet).
        payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false },
      },
    });
    expect(settings.supportEmail).toMatch(/@/);
    expect(settings.heroSlides).toHaveLength(3);
  });

  it('serves the cached copy until invalidated', async () => {
    await getSettings();
    await db().update(storeSettings).set({ storeName: 'Renamed' });
    expect((await getSettings()).storeName).not.toBe('Renamed');
    invalidateSettings();
    expect((await getSettings()).storeName).toBe('Renamed');
  });
});
