import { describe, expect, it } from 'vitest';
import {
  blankRefundForm,
  cancelledUnrefundedNotice,
  providerErrorMessage,
  readRefundForm,
  REFUND_MESSAGES,
  refundErrors,
  refundNoticeOf,
  refundSchema,
  type RefundFormValues,
} from './admin-refund';

const KEY = '6f1c2a4e-9b7d-4c3e-8a21-0d5e6f7a8b9c';
const valid: RefundFormValues = { amount: '2,600', reason: '  Customer cancelled before dispatch  ', requestKey: KEY };

const errorsOf = (values: Partial<RefundFormValues>) => {
  const parsed = refundSchema.safeParse({ ...valid, ...values });
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : refundErrors(parsed.error);
};

describe('the refund form schema', () => {
  it('reads the naira amount as typed into kobo and trims the reason', () => {
    expect(refundSchema.parse(valid)).toEqual({
      amount: 2_600_00,
      reason: 'Customer cancelled before dispatch',
      requestKey: KEY,
    });
    expect(refundSchema.parse({ ...valid, amount: '2600.50' }).amount).toBe(2_600_50);
    expect(refundSchema.parse({ ...valid, amount: ' ₦92,600 ' }).amount).toBe(92_600_00);
    expect(refundSchema.parse({ ...valid, amount: '0.01' }).amount).toBe(1);
    expect(refundSchema.parse({ ...valid, amount: '10.5' }).amount).toBe(10_50);
  });

  it.each(['', '0', '0.00', '-5', 'abc', '12.345', '1e3', '2600.5.0'])('refuses the amount %j', (amount) => {
    expect(errorsOf({ amount })).toEqual({ amount: REFUND_MESSAGES.amount });
  });

  it('needs a reason of 3 to 200 characters, counted after trimming', () => {
    expect(errorsOf({ reason: '   ' })).toEqual({ reason: REFUND_MESSAGES.reason });
    expect(errorsOf({ reason: ' ab ' })).toEqual({ reason: REFUND_MESSAGES.reason });
    expect(errorsOf({ reason: 'x'.repeat(201) })).toEqual({ reason: REFUND_MESSAGES.reason });
    expect(refundSchema.parse({ ...valid, reason: ` ${'x'.repeat(200)} ` }).reason).toHaveLength(200);
    expect(refundSchema.parse({ ...valid, reason: 'abc' }).reason).toBe('abc');
  });

  it('needs the page’s request key', () => {
    for (const requestKey of ['', 'short', `${KEY}<script>`, 'x'.repeat(101)]) {
      expect(errorsOf({ requestKey })).toEqual({ requestKey: REFUND_MESSAGES.requestKey });
    }
    expect(refundSchema.parse({ ...valid, requestKey: crypto.randomUUID() }).requestKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports every field at once', () => {
    expect(Object.keys(errorsOf({ amount: '', reason: '', requestKey: '' })).sort()).toEqual([
      'amount',
      'reason',
      'requestKey',
    ]);
  });
});

describe('the refund form values and words', () => {
  it('reads the posted form as strings, ignoring files and missing fields', () => {
    const form = new FormData();
    form.set('amount', '2,600');
    form.set('requestKey', new Blob(['x']));
    expect(readRefundForm(form)).toEqual({ amount: '2,600', reason: '', requestKey: '' });
  });

  it('prefills the whole amount left, in naira as the input shows it', () => {
    expect(blankRefundForm(92_600_00, KEY)).toEqual({ amount: '92600', reason: '', requestKey: KEY });
    expect(blankRefundForm(2_600_50, KEY).amount).toBe('2600.50');
  });

  it('carries only the known outcomes through the URL', () => {
    expect(refundNoticeOf(new URLSearchParams('refund=requested'))).toBe('requested');
    expect(refundNoticeOf(new URLSearchParams('refund=duplicate'))).toBe('duplicate');
    expect(refundNoticeOf(new URLSearchParams('refund=<b>hi</b>'))).toBeNull();
    expect(refundNoticeOf(new URLSearchParams(''))).toBeNull();
  });

  it('says plainly what Paystack did', () => {
    expect(
      providerErrorMessage({ answered: true, message: 'Paystack refused (400): Transaction has been fully reversed' }),
    ).toBe('Paystack refused the refund: Transaction has been fully reversed');
    expect(providerErrorMessage({ answered: true, message: 'Transaction has been fully reversed' })).toBe(
      'Paystack refused the refund: Transaction has been fully reversed',
    );
    expect(providerErrorMessage({ answered: false, message: 'timeout' })).toBe(
      'Paystack did not answer; the refund is recorded as requested — ' +
        'check the Paystack dashboard before trying again.',
    );
    expect(cancelledUnrefundedNotice(92_600_00)).toBe(
      'This order is cancelled but its payment of ₦92,600 was not refunded. Refund it below.',
    );
  });
});
