/** The body caps by path (decision 0015) that later forms added: a chargeback's forms carry one document (decision 0031). */
import { describe, expect, it } from 'vitest';
import { MAX_DISPUTE_FILE_BYTES } from '~/lib/payments/admin-disputes';
import { DISPUTE_FORM_BODY_LIMIT, FORM_BODY_LIMIT } from '~/server/http/body-limits.server';
import { bodyRuleFor } from './body-limit';

describe('bodyRuleFor', () => {
  it('lets a chargeback’s forms carry one document of up to 5 MB, and no second file', () => {
    const rule = bodyRuleFor('/admin/orders/abcdefghijklmn/disputes/12');
    expect(rule).toMatchObject({ name: 'dispute-form', maxBytes: DISPUTE_FORM_BODY_LIMIT, maxFiles: 1, json: false });
    expect(rule.maxBytes).toBeGreaterThan(MAX_DISPUTE_FILE_BYTES);
    expect(bodyRuleFor('/admin/orders/abcdefghijklmn/disputes/12.data').name).toBe('dispute-form');
    // The order page itself keeps the small form cap.
    expect(bodyRuleFor('/admin/orders/abcdefghijklmn')).toMatchObject({ name: 'form', maxBytes: FORM_BODY_LIMIT });
  });
});
