/**
 * The chargeback forms' schemas, when a dispute can still be answered, and the evidence as it starts from the order
 * (decision 0031).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  disputeEvidenceSchema,
  disputeResolveSchema,
  disputeStage,
  disputeUploadSchema,
  evidenceDefaults,
  MAX_DISPUTE_FILE_BYTES,
} from './admin-disputes';
import type { AdminOrderDetail } from '../admin/admin-types';
import type { OrderHistory } from '../orders/order-timeline';

const form = (fields: Record<string, string | File>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === 'success' ? {} : submission.error;

describe('the evidence form', () => {
  const valid = {
    intent: 'dispute-evidence',
    customerName: 'Amaka Eze',
    customerEmail: 'amaka@example.com',
    customerPhone: '+234 803 000 0001',
    serviceDetails: 'Two shirts, delivered by GIG.',
  };

  it('takes Paystack’s four required fields; the address and date are optional', () => {
    const parsed = parseWithZod(form(valid), { schema: disputeEvidenceSchema });
    expect(parsed.status).toBe('success');
  });

  it('refuses a phone without digits, a short description and a date that is not one', () => {
    const parsed = parseWithZod(
      form({ ...valid, customerPhone: 'call me', serviceDetails: 'Shirts', deliveryDate: '2026-13-45' }),
      { schema: disputeEvidenceSchema },
    );
    expect(errorsOf(parsed)).toMatchObject({
      customerPhone: [DISPUTE_MESSAGES.customerPhone],
      serviceDetails: [DISPUTE_MESSAGES.serviceDetails],
      deliveryDate: [DISPUTE_MESSAGES.deliveryDate],
    });
  });
});

describe('the document form', () => {
  it('takes a PDF, JPEG or PNG of up to 5 MB; refuses none, a larger one and another type', () => {
    const file = (size: number, type: string) => new File([new Uint8Array(size)], 'f', { type });
    const parse = (value?: File) =>
      parseWithZod(form({ intent: 'dispute-upload', ...(value ? { file: value } : {}) }), {
        schema: disputeUploadSchema,
      });
    expect(parse(file(1000, 'application/pdf')).status).toBe('success');
    expect(parse(file(1000, 'image/png')).status).toBe('success');
    expect(errorsOf(parse())).toMatchObject({ file: [DISPUTE_MESSAGES.file] });
    expect(errorsOf(parse(file(MAX_DISPUTE_FILE_BYTES + 1, 'application/pdf')))).toMatchObject({
      file: [DISPUTE_MESSAGES.file],
    });
    expect(errorsOf(parse(file(1000, 'text/html')))).toMatchObject({ file: [DISPUTE_MESSAGES.file] });
  });
});

describe('the answer form', () => {
  const parse = (fields: Record<string, string>) =>
    parseWithZod(form({ intent: 'dispute-resolve', message: 'Delivered', ...fields }), {
      schema: disputeResolveSchema,
    });

  it('accepting needs the amount to give back, in kobo; declining gives back nothing', () => {
    expect(parse({ resolution: 'merchant-accepted', refundAmount: '426.50' })).toMatchObject({
      status: 'success',
      value: { resolution: 'merchant-accepted', refundAmount: 42650 },
    });
    expect(errorsOf(parse({ resolution: 'merchant-accepted' }))).toMatchObject({
      refundAmount: [DISPUTE_MESSAGES.refundAmount],
    });
    expect(parse({ resolution: 'declined', refundAmount: 'whatever' })).toMatchObject({
      status: 'success',
      value: { refundAmount: 0 },
    });
    expect(errorsOf(parse({ resolution: 'maybe' }))).toMatchObject({ resolution: [DISPUTE_MESSAGES.resolution] });
  });
});

describe('disputeStage', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const open = {
    status: 'awaiting-merchant-feedback',
    dueAt: '2026-11-28T12:00:00.000Z',
    answer: null,
    resolvedAt: null,
  };

  it('is open before the due date, and without one', () => {
    expect(disputeStage(open, now)).toEqual({ open: true });
    expect(disputeStage({ ...open, dueAt: null }, now)).toEqual({ open: true });
  });

  it('closes at the due date, once answered, once resolved', () => {
    expect(disputeStage({ ...open, dueAt: now.toISOString() }, now)).toMatchObject({
      open: false,
      message: 'The deadline to answer this chargeback has passed.',
    });
    expect(disputeStage({ ...open, answer: 'declined' }, now)).toMatchObject({ open: false, reason: 'answered' });
    expect(disputeStage({ ...open, status: 'resolved' }, now)).toMatchObject({ open: false, reason: 'resolved' });
  });
});

describe('evidenceDefaults', () => {
  it('starts from the order: the customer, the items, the carrier’s tracking and the delivered day in Lagos', () => {
    const order = {
      id: 'abcdefghxyz123',
      shippingAddress: {
        firstName: 'Amaka',
        lastName: 'Eze',
        address: '2 Awolowo Road',
        apartment: '',
        city: 'Ikoyi',
        state: 'Lagos',
        country: 'Nigeria',
        phone: '+234 803 000 0001',
        email: 'amaka@example.com',
      },
      customer: { id: 'u', name: 'Amaka Eze', email: 'amaka@example.com' },
      delivery: { method: 'delivery' },
      items: [{ name: 'Linen Shirt', size: 'M', color: 'Black', quantity: 2 }],
    } as unknown as AdminOrderDetail;
    const step = (kind: string, at: string, tracking = {}) => ({
      kind,
      at,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      ...tracking,
    });
    const history = {
      timeline: [
        step('shipped', '2026-11-20T09:00:00Z', { carrier: 'GIG', trackingNumber: 'GIG-1' }),
        step('delivered', '2026-11-21T23:30:00Z'),
      ],
      mails: [],
    } as unknown as OrderHistory;
    expect(evidenceDefaults(order, history)).toEqual({
      customerName: 'Amaka Eze',
      customerEmail: 'amaka@example.com',
      customerPhone: '+234 803 000 0001',
      serviceDetails: 'Order #GHXYZ123: 2 × Linen Shirt — M, Black. Delivered. Shipped with GIG, tracking GIG-1.',
      deliveryAddress: '2 Awolowo Road, Ikoyi, Lagos, Nigeria',
      // 23:30 UTC is 00:30 the next day in Lagos.
      deliveryDate: '2026-11-22',
    });
  });
});
