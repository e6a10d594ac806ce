import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  canonicalOrdersQuery,
  hasOrderFilters,
  ORDER_STATUS_ERROR,
  orderFiltersQuery,
  orderReturnPath,
  orderStatusSchema,
  parseOrderFilters,
  SHIPPING_MESSAGES,
  shipmentOf,
} from './admin-orders';

describe('order filters', () => {
  it('reads known values and ignores unknown or malformed ones', () => {
    expect(parseOrderFilters(new URLSearchParams('status=shipped&payment=paid&q=%20pj_1%20&page=3'))).toEqual({
      status: 'shipped',
      payment: 'paid',
      q: 'pj_1',
      page: 3,
    });
    expect(parseOrderFilters(new URLSearchParams('status=lost&payment=maybe&page=-2'))).toEqual({
      status: null,
      payment: null,
      q: '',
      page: 1,
    });
    expect(parseOrderFilters(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(parseOrderFilters(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('writes a view back as a query string, leaving out what is unset and page 1', () => {
    expect(orderFiltersQuery({ status: 'pending', payment: null, q: 'ada@example.com', page: 1 })).toBe(
      '?status=pending&q=ada%40example.com',
    );
    expect(orderFiltersQuery({ status: null, payment: 'failed', q: '', page: 1 }, { page: 2 })).toBe(
      '?payment=failed&page=2',
    );
    expect(orderFiltersQuery({})).toBe('');
    expect(hasOrderFilters(parseOrderFilters(new URLSearchParams('')))).toBe(false);
    expect(hasOrderFilters(parseOrderFilters(new URLSearchParams('q=x')))).toBe(true);
  });

  it('sends a plain GET form or a hand-typed address to the one canonical query, keeping the saved notice', () => {
    const canonical = (query: string) => canonicalOrdersQuery(new URLSearchParams(query));
    expect(canonical('q=pj_1&status=&payment=')).toBe('?q=pj_1');
    expect(canonical('q=pj_1&status=shipped&payment=')).toBe('?status=shipped&q=pj_1');
    expect(canonical('q=&status=lost&payment=&page=1')).toBe('');
    expect(canonical('q=+ada%40example.com+')).toBe('?q=ada%40example.com');
    expect(canonical('status=shipped&q=pj_1&page=2&updated=abc')).toBeNull();
    expect(canonical('q=pj_1&page=2&status=shipped')).toBe('?status=shipped&q=pj_1&page=2');
    expect(canonical('')).toBeNull();
  });
});

describe('orderStatusSchema', () => {
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: 'status', ...fields })) form.set(name, value);
    return parseWithZod(form, { schema: orderStatusSchema });
  };

  it('accepts the five statuses of docs/requirements.md#9-order-and-payment-statuses and nothing else', () => {
    for (const status of ['pending', 'processing', 'shipped', 'delivered', 'cancelled']) {
      expect(post({ orderId: 'abcdefghij0123', status, carrier: 'GIG' }).status).toBe('success');
    }
    const bad = post({ orderId: 'abcdefghij0123', status: 'refunded' });
    expect(bad.status === 'error' && bad.error).toEqual({ status: [ORDER_STATUS_ERROR] });
    expect(post({ orderId: '../x', status: 'shipped' }).status).toBe('error');
  });

  it('says whether a fetcher sent it, and where a page without JavaScript goes back to', () => {
    const fetched = post({ orderId: 'abcdefghij0123', status: 'delivered', mode: 'fetch' });
    expect(fetched.status === 'success' && fetched.value).toMatchObject({ mode: true, returnTo: '/admin/orders' });
    const plain = post({ orderId: 'abcdefghij0123', status: 'delivered', returnTo: '/admin/orders?page=2' });
    expect(plain.status === 'success' && plain.value).toMatchObject({ mode: false, returnTo: '/admin/orders?page=2' });
  });
});

describe('the shipping fields', () => {
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: 'status', orderId: 'abcdefghij0123', ...fields }))
      form.set(name, value);
    return parseWithZod(form, { schema: orderStatusSchema });
  };

  it('marking shipped needs the carrier; the tracking number and link are optional', () => {
    const missing = post({ status: 'shipped', trackingNumber: 'T-1' });
    expect(missing.status === 'error' && missing.error).toEqual({ carrier: [SHIPPING_MESSAGES.carrier] });
    const blank = post({ status: 'shipped', carrier: '   ' });
    expect(blank.status === 'error' && blank.error).toEqual({ carrier: [SHIPPING_MESSAGES.carrier] });
    const shipped = post({ status: 'shipped', carrier: ' GIG ' });
    expect(shipped.status === 'success' && shipmentOf(shipped.value)).toEqual({
      carrier: 'GIG',
      trackingNumber: null,
      trackingUrl: null,
    });
  });

  it('the tracking link must be an https address; the tracking number at most 60 characters', () => {
    for (const trackingUrl of ['javascript:alert(1)', 'http://gig.example/t', 'gig.example/t', 'data:text/html,x']) {
      const refused = post({ status: 'shipped', carrier: 'GIG', trackingUrl });
      expect(refused.status === 'error' && refused.error).toEqual({ trackingUrl: [SHIPPING_MESSAGES.trackingUrl] });
    }
    const long = post({ status: 'shipped', carrier: 'GIG', trackingNumber: 'X'.repeat(61) });
    expect(long.status === 'error' && long.error).toEqual({ trackingNumber: [SHIPPING_MESSAGES.trackingNumberLong] });
    const full = post({
      status: 'shipped',
      carrier: 'GIG',
      trackingNumber: 'X'.repeat(60),
      trackingUrl: 'https://gig.example/t?n=1',
    });
    expect(full.status === 'success' && shipmentOf(full.value)).toEqual({
      carrier: 'GIG',
      trackingNumber: 'X'.repeat(60),
      trackingUrl: 'https://gig.example/t?n=1',
    });
  });

  it('another status needs no carrier, and ignores one', () => {
    const delivered = post({ status: 'delivered', carrier: 'GIG' });
    expect(delivered.status === 'success' && shipmentOf(delivered.value)).toBeNull();
  });
});

describe('orderReturnPath', () => {
  it('goes back to an orders page of this admin area only', () => {
    expect(orderReturnPath('/admin/orders?status=pending&page=2')).toBe('/admin/orders?status=pending&page=2');
    expect(orderReturnPath('/admin/orders/abcdefghij0123')).toBe('/admin/orders/abcdefghij0123');
    expect(orderReturnPath('https://evil.example/admin/orders')).toBe('/admin/orders');
    expect(orderReturnPath('//evil.example/admin/orders')).toBe('/admin/orders');
    expect(orderReturnPath('/\\evil.example/admin/orders')).toBe('/admin/orders');
    expect(orderReturnPath('/admin/ordersX')).toBe('/admin/orders');
    expect(orderReturnPath('/admin/settings')).toBe('/admin/orders');
    expect(orderReturnPath(null)).toBe('/admin/orders');
  });
});
