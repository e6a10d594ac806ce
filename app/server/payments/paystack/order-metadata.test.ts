/** The custom_fields sent to Paystack with an order (decision 0029): items named as the mails name them, cut when long. */
import { describe, expect, it } from 'vitest';
import { deliveryText, ITEMS_TEXT_LIMIT, itemsText, orderMetadata } from './order-metadata.server';

const line = (name: string, quantity = 1, size = 'M', color = 'Black') => ({ name, size, color, quantity });
const promise = { zone: 'Lagos Mainland', minDays: 1, maxDays: 2 };

describe('itemsText', () => {
  it('names each line with its size, colour and quantity', () => {
    expect(itemsText([line('Linen Shirt', 2), line('Cap', 1, '', '')])).toBe('Linen Shirt — M, Black × 2; Cap × 1');
  });

  it('cuts a long list with "and N more", never past the limit', () => {
    const lines = Array.from({ length: 40 }, (_, n) => line(`A rather long product name number ${n}`, n + 1));
    const text = itemsText(lines);
    expect(text.length).toBeLessThanOrEqual(ITEMS_TEXT_LIMIT);
    expect(text).toMatch(/^A rather long product name number 0 — M, Black × 1; .*; and \d+ more$/);
    const shown = text.split('; ').length - 1;
    expect(text).toMatch(new RegExp(`and ${40 - shown} more$`));
  });

  it('keeps one line even when it alone is long', () => {
    const name = 'x'.repeat(ITEMS_TEXT_LIMIT + 10);
    expect(itemsText([line(name), line('Cap')])).toBe(`${name} — M, Black × 1; and 1 more`);
  });
});

describe('deliveryText and orderMetadata', () => {
  it('names the delivery zone, or the pickup address', () => {
    expect(deliveryText({ method: 'delivery', pickupAddress: null, ...promise })).toMatch(/^Delivery: Lagos Mainland/);
    expect(
      deliveryText({ method: 'pickup', zone: null, minDays: 1, maxDays: 1, pickupAddress: '12 Allen Ave' }),
    ).toMatch(/^Pickup at 12 Allen Ave \(/);
  });

  it('keeps the order id beside the three custom fields', () => {
    const metadata = orderMetadata('abcdefgh12345678', [line('Cap')], {
      method: 'delivery',
      pickupAddress: null,
      ...promise,
    });
    expect(metadata.orderId).toBe('abcdefgh12345678');
    expect(metadata.custom_fields.map((field) => [field.variable_name, field.value])).toEqual([
      ['order_number', '12345678'],
      ['items', 'Cap — M, Black × 1'],
      ['delivery', expect.stringMatching(/^Delivery: /)],
    ]);
  });
});
