import { describe, expect, it } from 'vitest';
import {
  canonicalOrdersQuery,
  hasOrderFilters,
  ORDER_STATUS_ERROR,
  orderFiltersQuery,
  orderReturnPath,
  orderStatusSchema,
  parseOrderFilters,
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
  it('accepts the five statuses of docs/requirements.md#9-order-and-payment-statuses and nothing else', () => {
    for (const status of ['pending', 'processing', 'shipped', 'delivered', 'cancelled']) {
      expect(orderStatusSchema.safeParse({ orderId: 'abcdefghij0123', status }).success).toBe(true);
    }
    const bad = orderStatusSchema.safeParse({ orderId: 'abcdefghij0123', status: 'refunded' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(ORDER_STATUS_ERROR);
    expect(orderStatusSchema.safeParse({ orderId: '../x', status: 'shipped' }).success).toBe(false);
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
