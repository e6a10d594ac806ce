/**
 * A store and an order as the order mails read them (app/server/orders/order-mail-summary.server.tsx), for the tests
 * that render each order mail from a fixture (docs/decisions/0046-mail-frame.md). `HOSTILE_TEXT` would be markup if a
 * mail let it through (tests/mail-helpers.ts): every test puts it in the names and product text.
 */
import type { MailStore } from '~/server/mail/frame.server';
import type { MailOrder } from '~/server/orders/order-mail-summary.server';
import { TEST_ADDRESS } from './factories';
import { HOSTILE, HOSTILE_ESCAPED, testMailStore } from './mail-helpers';

/** The mail tests' hostile words (tests/mail-helpers.ts), under the names the order mail tests use. */
export const HOSTILE_TEXT = HOSTILE;
export const HOSTILE_HTML = HOSTILE_ESCAPED;

export const fixtureStore: MailStore = { ...testMailStore, name: 'Maison Fixture' };

export function fixtureOrder(overrides: Partial<MailOrder> = {}): MailOrder {
  return {
    id: 'ord_fixture_0000abcd1234',
    reference: 'pj-1700000000000-abc',
    subtotal: 4_500_000,
    shipping: 250_000,
    discount: 0,
    promoCode: null,
    total: 4_750_000,
    address: { ...TEST_ADDRESS, firstName: `Ada ${HOSTILE_TEXT}` },
    delivery: {
      method: 'delivery',
      zone: 'Lagos Island',
      minDays: 1,
      maxDays: 3,
      pickupAddress: null,
      pickupHours: null,
    },
    items: [
      {
        name: `Linen Shirt ${HOSTILE_TEXT}`,
        size: 'M',
        color: 'Black',
        quantity: 2,
        unitPrice: 2_000_000,
        image: { key: 'products/p1_linen', width: 800, height: 1000, widths: [320, 640, 960] },
      },
      { name: 'Silk Cap', size: '', color: 'Ivory', quantity: 1, unitPrice: 500_000, image: null },
    ],
    paymentStatus: 'paid',
    ...overrides,
  };
}
