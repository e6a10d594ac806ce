/** Test helpers for delivery (decision 0022): zones and options written as the admin's own server code writes them. */
import type { ZoneInput } from '~/lib/delivery/admin-delivery';
import type { DeliveryOptions } from '~/lib/delivery/delivery';
import { saveDeliveryOptions } from '~/server/delivery/admin-delivery-options.server';
import { createZone } from '~/server/delivery/admin-delivery-zones.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';

/** Writes go through the audited admin functions; the actor is only a name in the audit log here. */
export const TEST_ACTOR = { id: 'test-admin', email: 'admin@example.com' };

/** The demo store's zones (scripts/seed/delivery.ts), at fees easy to tell apart. */
export const LAGOS_MAINLAND: ZoneInput = {
  name: 'Lagos Mainland',
  states: ['Lagos'],
  towns: [],
  fee: 1_500_00,
  minDays: 1,
  maxDays: 2,
  payOnDelivery: false,
};
export const LAGOS_ISLAND: ZoneInput = {
  name: 'Lagos Island & Lekki–Ajah',
  states: ['Lagos'],
  towns: ['Lekki', 'Victoria Island', 'Ajah'],
  fee: 2_500_00,
  minDays: 1,
  maxDays: 3,
  payOnDelivery: false,
};
export const ABUJA: ZoneInput = {
  name: 'Abuja (FCT)',
  states: ['Federal Capital Territory'],
  towns: [],
  fee: 3_000_00,
  minDays: 2,
  maxDays: 4,
  payOnDelivery: false,
};

export async function addZone(input: ZoneInput): Promise<string> {
  return createZone(TEST_ACTOR, input);
}

/** Changes some delivery options, keeping the others as stored. */
export async function setDeliveryOptions(changes: Partial<DeliveryOptions>): Promise<void> {
  const { options } = await readDeliveryConfig();
  await saveDeliveryOptions(TEST_ACTOR, { ...options, ...changes });
}

export const PICKUP = {
  enabled: true,
  address: 'Studio 4, 12 Admiralty Way, Lekki Phase 1, Lagos',
  hours: 'Mon - Fri 10AM - 6PM',
  fee: 500_00,
  minDays: 1,
  maxDays: 2,
};
