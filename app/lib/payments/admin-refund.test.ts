import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  blankRefundForm,
  cancelledUnrefundedNotice,
  customerRefundNote,
  providerErrorMessage,
  REFUND_DETAILS_MESSAGES,
  REFUND_MESSAGES,
  refundDetailsSchema,
  refundNoticeOf,
  refundSchema,
} from './admin-refund';

const KEY = '6f1c2a4e-9b7d-4c3e-8a21-0d5e6f7a8b9c';
type Fields = Record<string, string | Blob>;
const valid: Fields = {
  intent: 'refund',
  amount: '2,600',
  reason: '  Customer cancelled before dispatch  ',
  requestKey: KEY,
};

/** The form parsed as the action and the page parse it (Conform with the form's schema). */
const parse = (changes: Fields = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...valid, ...changes })) form.set(name, value);
  return parseWithZod(form, { schema: refundSchema });
};
const valueOf = (changes: Fields = {}) => {
  const submission = parse(changes);
  expect(submission.status).toBe('success');
  return submission.status === 'success' ? submission.value : null;
};
const errorsOf = (changes: Fields) => {
  const submission = parse(changes);
  expect(submission.status).toBe('error');
  return submission.status === 'error' ? submission.error : null;
};

describe('the refund form schema', () => {
  it('reads the naira amount as typed into kobo and trims the reason', () => {
    expect(valueOf()).toEqual({
      intent: 'refund',
      amount: 2_600_00,
      reason: 'Customer cancelled before dispatch',
      requestKey: KEY,
    });
    expect(valueOf({ amount: '2600.50' })?.amount).toBe(2_600_50);
    expect(valueOf({ amount: ' ₦92,600 ' })?.amount).toBe(92_600_00);
    expect(valueOf({ amount: '0.01' })?.amount).toBe(1);
    expect(valueOf({ amount: '10.5' })?.amount).toBe(10_50);
  });

  it.each(['', '0', '0.00', '-5', 'abc', '12.345', '1e3', '2600.5.0'])('refuses the amount %j', (amount) => {
    expect(errorsOf({ amount })).toEqual({ amount: [REFUND_MESSAGES.amount] });
  });

  it('needs a reason of 3 to 200 characters, counted after trimming', () => {
    expect(errorsOf({ reason: '   ' })).toEqual({ reason: [REFUND_MESSAGES.reason] });
    expect(errorsOf({ reason: ' ab ' })).toEqual({ reason: [REFUND_MESSAGES.reason] });
    expect(errorsOf({ reason: 'x'.repeat(201) })).toEqual({ reason: [REFUND_MESSAGES.reason] });
    expect(valueOf({ reason: ` ${'x'.repeat(200)} ` })?.reason).toHaveLength(200);
    expect(valueOf({ reason: 'abc' })?.reason).toBe('abc');
  });

  it('needs the page’s request key', () => {
    for (const requestKey of ['', 'short', `${KEY}<script>`, 'x'.repeat(101), new Blob(['x'])]) {
      expect(errorsOf({ requestKey })).toEqual({ requestKey: [REFUND_MESSAGES.requestKey] });
    }
    expect(valueOf({ requestKey: crypto.randomUUID() })?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports every field at once, and a post that is no refund by its intent', () => {
    expect(Object.keys(errorsOf({ amount: '', reason: '', requestKey: '' }) ?? {}).sort()).toEqual([
      'amount',
      'reason',
      'requestKey',
    ]);
    expect(Object.keys(errorsOf({ intent: 'delete' }) ?? {})).toEqual(['intent']);
  });
});

describe('the refund form values and words', () => {
  it('prefills the whole amount left, in naira as the input shows it', () => {
    expect(blankRefundForm(92_600_00)).toEqual({ amount: '92600', reason: '' });
    expect(blankRefundForm(2_600_50).amount).toBe('2600.50');
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
      'Paystack did not answer, so the refund is recorded as requested (no answer) and its amount is held. ' +
        'The store asks Paystack until it knows; do not refund this amount another way meanwhile.',
    );
    expect(cancelledUnrefundedNotice(92_600_00)).toBe(
      'This order is cancelled but its payment of ₦92,600 was not refunded. Refund it below.',
    );
  });
});

describe('the customer note', () => {
  it('names the order and the store, never the admin’s reason', () => {
    expect(customerRefundNote('01jabcdefghjkmnpq7x3k9m2', 'PJ Store')).toBe('Refund for order Q7X3K9M2 from PJ Store.');
  });
});

describe('the bank details form', () => {
  const banks = [
    { id: '9', name: 'Guaranty Trust Bank', code: '058' },
    { id: '7', name: 'First Bank of Nigeria', code: '011' },
    { id: '171', name: 'OPay', code: '999992' },
  ];
  const schema = refundDetailsSchema(banks);
  const parseDetails = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: 'refund-details', refundId: '12', ...fields }))
      form.set(name, value);
    return parseWithZod(form, { schema });
  };

  it('takes ten digits that pass the NUBAN check for the bank chosen (spaces dropped)', () => {
    const submission = parseDetails({ bankId: '7', accountNumber: ' 00000 14579 ' });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      intent: 'refund-details',
      refundId: 12,
      bankId: '7',
      accountNumber: '0000014579',
    });
  });

  const errorsOf = (fields: Record<string, string>) => {
    const submission = parseDetails(fields);
    return submission.status === 'success' ? null : submission.error;
  };

  it('refuses a number whose check digit is wrong for that bank, a short one, and a bank not in the list', () => {
    expect(errorsOf({ bankId: '9', accountNumber: '0000014579' })).toEqual({
      accountNumber: [REFUND_DETAILS_MESSAGES.checkDigit],
    });
    expect(errorsOf({ bankId: '7', accountNumber: '12345' })).toEqual({
      accountNumber: [REFUND_DETAILS_MESSAGES.accountNumber],
    });
    expect(errorsOf({ bankId: '999', accountNumber: '0000014579' })).toEqual({
      bankId: [REFUND_DETAILS_MESSAGES.bank],
    });
    expect(errorsOf({ accountNumber: '' })).toEqual({
      bankId: [REFUND_DETAILS_MESSAGES.bank],
      accountNumber: [REFUND_DETAILS_MESSAGES.accountNumber],
    });
    // A code outside the NUBAN standard: ten digits are checked, nothing more.
    expect(parseDetails({ bankId: '171', accountNumber: '8031234567' }).status).toBe('success');
  });
});
