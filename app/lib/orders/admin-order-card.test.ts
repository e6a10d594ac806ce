import { describe, expect, it } from 'vitest';
import {
  customerChatText,
  customerChatUrl,
  lastShipment,
  nextOrderStep,
  orderMarkedText,
  undoStatusOf,
} from './admin-order-card';

describe("the order card's next step", () => {
  it('posts processing, shipped (with its form) and delivered, and has none past delivery', () => {
    expect(nextOrderStep({ status: 'pending' })).toEqual({
      kind: 'post',
      status: 'processing',
      label: 'Mark processing',
    });
    expect(nextOrderStep({ status: 'processing' })).toEqual({
      kind: 'ship',
      status: 'shipped',
      label: 'Mark shipped',
    });
    expect(nextOrderStep({ status: 'shipped' })).toMatchObject({ kind: 'post', status: 'delivered' });
    expect(nextOrderStep({ status: 'delivered' })).toBeNull();
    expect(nextOrderStep({ status: 'cancelled' })).toBeNull();
  });

  it('reads the status to put back only when it is one', () => {
    expect(undoStatusOf('shipped')).toBe('shipped');
    expect(undoStatusOf('refunded')).toBeNull();
    expect(undoStatusOf(null)).toBeNull();
    expect(orderMarkedText('12345X', 'delivered')).toBe('Order #12345X marked Delivered.');
  });

  it("puts back the order's last shipment with its carrier", () => {
    const event = { carrier: null, trackingNumber: null, trackingUrl: null };
    expect(lastShipment([{ kind: 'processing', ...event }])).toBeNull();
    expect(
      lastShipment([
        { kind: 'shipped', carrier: 'DHL', trackingNumber: '1', trackingUrl: null },
        { kind: 'delivered', ...event },
        { kind: 'shipped', carrier: 'GIG', trackingNumber: null, trackingUrl: 'https://gig.example/t' },
      ]),
    ).toEqual({ carrier: 'GIG', trackingNumber: null, trackingUrl: 'https://gig.example/t' });
  });
});

describe('WhatsApp the customer', () => {
  it("links the shipping phone in international form with the order's number and status", () => {
    const text = customerChatText('Maison Ada', '12345X', 'shipped');
    expect(text).toBe('Hello from Maison Ada: your order #12345X is shipped.');
    expect(customerChatUrl('0803 123 4567', text)).toBe(`https://wa.me/2348031234567?text=${encodeURIComponent(text)}`);
    expect(customerChatUrl('+234 (0)803-123-4567', text)).toMatch(/^https:\/\/wa\.me\/2348031234567\?/);
  });

  it('offers no link for a number WhatsApp cannot take', () => {
    expect(customerChatUrl('01 234 5678', 'hi')).toBeNull();
    expect(customerChatUrl('', 'hi')).toBeNull();
  });
});
