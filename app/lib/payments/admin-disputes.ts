/**
 * The admin's answers to a chargeback (decision 0031): the three forms of a dispute on the order page (evidence, a
 * document, accept or decline), one Zod schema each (decision 0019: the action parses posts with it, the page checks
 * with it first), what each form starts with, when a dispute can still be answered, and the words the pages show.
 * Field names follow Paystack's Disputes API (POST /dispute/{id}/evidence, GET /dispute/{id}/upload_url,
 * PUT /dispute/{id}/resolve). Pure, shared by the page and the action.
 */
import { z } from 'zod';
import { koboToNairaInput } from '../catalog/admin-catalog-product';
import type { AdminDispute, AdminOrderDetail } from '../admin/admin-types';
import { formatNaira, nairaToKobo } from '../money';
import { latestShipment, type OrderHistory } from '../orders/order-timeline';

export const DISPUTE_INTENTS = { evidence: 'dispute-evidence', upload: 'dispute-upload', resolve: 'dispute-resolve' };

/** Paystack's resolutions a merchant may send (OpenAPI DisputeResolve). */
export const DISPUTE_RESOLUTIONS = ['merchant-accepted', 'declined'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

/** A document for Paystack: what a receipt or a proof of delivery is kept as, checked by content on the server. */
export const DISPUTE_FILE_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
export const MAX_DISPUTE_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FILE_LABEL = '5 MB';

/** The query key the post/redirect/get carries the outcome back in: ?dispute=evidence|upload|resolved. */
export const DISPUTE_PARAM = 'dispute';
export const DISPUTE_NOTICES = {
  evidence: 'Evidence sent to Paystack.',
  upload: 'Document uploaded to Paystack.',
  resolved: 'Your answer was sent to Paystack.',
} as const;
export type DisputeNotice = keyof typeof DISPUTE_NOTICES;

export const disputeNoticeOf = (params: URLSearchParams): DisputeNotice | null => {
  const value = params.get(DISPUTE_PARAM);
  return value !== null && Object.hasOwn(DISPUTE_NOTICES, value) ? (value as DisputeNotice) : null;
};

export const DISPUTE_MESSAGES = {
  invalid: 'Please correct the fields marked below.',
  deadlinePassed: 'The deadline to answer this chargeback has passed.',
  resolved: 'This chargeback is resolved: there is nothing more to answer.',
  answered: 'This chargeback was already answered: Paystack and the bank decide now.',
  needsUpload: 'Upload a document first: Paystack takes an answer only with a document attached.',
  refundTooLarge: (most: number) => `At most ${formatNaira(most)} can be given back on this chargeback.`,
  providerRefused: (message: string) => `Paystack refused: ${message.replace(/^Paystack refused \(\d+\): /, '')}`,
  noAnswer:
    'Paystack did not answer, so nothing is recorded. Check the dispute in the Paystack dashboard before trying again.',
  failed: 'Something went wrong while answering this chargeback. Please try again.',
  customerName: 'Please enter the customer’s name (up to 100 characters).',
  customerEmail: 'Please enter the customer’s email address.',
  customerPhone: 'Please enter the customer’s phone number (7 to 20 digits, spaces or +).',
  serviceDetails: 'Please say what was delivered, in 10 to 1,000 characters.',
  deliveryAddress: 'Please keep the delivery address to 300 characters.',
  deliveryDate: 'Please enter the delivery date as a date, e.g. 2026-11-24.',
  file: `Please choose a PDF, JPEG or PNG file of up to ${MAX_FILE_LABEL}.`,
  fileContent: 'That file is not a PDF, JPEG or PNG document. Please choose another.',
  resolution: 'Please choose whether you accept or decline the chargeback.',
  message: 'Please give your reason, in 3 to 500 characters.',
  refundAmount: 'Please enter the amount to give back in naira, more than ₦0, e.g. 2600 or 2600.50.',
} as const;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

export const disputeEvidenceSchema = z.object({
  intent: z.literal(DISPUTE_INTENTS.evidence),
  customerName: text(DISPUTE_MESSAGES.customerName, 1, 100),
  customerEmail: z.email({ error: DISPUTE_MESSAGES.customerEmail }).max(254, DISPUTE_MESSAGES.customerEmail),
  // Digits with spaces, brackets or dashes, an optional leading +: 7 to 20 digits in all.
  customerPhone: z
    .string({ error: DISPUTE_MESSAGES.customerPhone })
    .trim()
    .refine(
      (value) => /^\+?[0-9 ()-]{7,30}$/.test(value) && /^(?:\D*\d){7,20}\D*$/.test(value),
      DISPUTE_MESSAGES.customerPhone,
    ),
  serviceDetails: text(DISPUTE_MESSAGES.serviceDetails, 10, 1000),
  deliveryAddress: z.string().trim().max(300, DISPUTE_MESSAGES.deliveryAddress).optional(),
  // A date input's value; Paystack takes delivery_date as YYYY-MM-DD.
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DISPUTE_MESSAGES.deliveryDate)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DISPUTE_MESSAGES.deliveryDate)
    .optional(),
});
export type DisputeEvidenceInput = Omit<z.output<typeof disputeEvidenceSchema>, 'intent'>;

/** The declared type and the size; the content is checked again on the server (disputeFileKind). */
export const disputeUploadSchema = z.object({
  intent: z.literal(DISPUTE_INTENTS.upload),
  file: z
    .instanceof(File, { error: DISPUTE_MESSAGES.file })
    .refine((file) => file.size > 0 && file.size <= MAX_DISPUTE_FILE_BYTES, DISPUTE_MESSAGES.file)
    .refine((file) => Object.hasOwn(DISPUTE_FILE_TYPES, file.type), DISPUTE_MESSAGES.file),
});

export const disputeResolveSchema = z
  .object({
    intent: z.literal(DISPUTE_INTENTS.resolve),
    resolution: z.enum(DISPUTE_RESOLUTIONS, { error: DISPUTE_MESSAGES.resolution }),
    message: text(DISPUTE_MESSAGES.message, 3, 500),
    // Naira as typed; needed when accepting (what goes back to the customer), ignored when declining.
    refundAmount: z.string().optional(),
  })
  .transform((value, ctx) => {
    if (value.resolution === 'declined') return { ...value, refundAmount: 0 };
    const kobo = value.refundAmount === undefined ? null : nairaToKobo(value.refundAmount.trim());
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: DISPUTE_MESSAGES.refundAmount });
      return z.NEVER;
    }
    return { ...value, refundAmount: kobo };
  });

/** What a form of an open dispute may still do, or why none is offered. */
export type DisputeStage =
  { open: true } | { open: false; reason: 'resolved' | 'deadline' | 'answered'; message: string };

/** Answerable while Paystack waits for the merchant, before the due date (none given: no deadline known). */
export function disputeStage(
  dispute: Pick<AdminDispute, 'status' | 'dueAt' | 'answer' | 'resolvedAt'>,
  now: Date,
): DisputeStage {
  if (dispute.status === 'resolved' || dispute.resolvedAt)
    return { open: false, reason: 'resolved', message: DISPUTE_MESSAGES.resolved };
  if (dispute.answer) return { open: false, reason: 'answered', message: DISPUTE_MESSAGES.answered };
  if (dispute.dueAt && Date.parse(dispute.dueAt) <= now.getTime())
    return { open: false, reason: 'deadline', message: DISPUTE_MESSAGES.deadlinePassed };
  return { open: true };
}

/** The dispute's outcome in words, for the order page. */
export function disputeOutcome(dispute: AdminDispute): string | null {
  if (dispute.reversedAmount)
    return `Lost: ${formatNaira(dispute.reversedAmount)} was taken back from the store; it cannot be refunded again.`;
  if (dispute.resolvedAt) return `Won: the payment stays with the store (${dispute.resolution ?? 'resolved'}).`;
  return null;
}

/**
 * The evidence form as it starts: the customer and the address from the order, what was bought and how it went (the
 * carrier and tracking of its shipped step), and the day it was delivered (or shipped) in Lagos.
 */
export function evidenceDefaults(order: AdminOrderDetail, history: OrderHistory) {
  const address = order.shippingAddress;
  const shipped = latestShipment(history.timeline);
  const delivered = history.timeline.findLast((entry) => entry.kind === 'delivered');
  const items = order.items
    .map(
      (item) =>
        `${item.quantity} × ${[item.name, [item.size, item.color].filter(Boolean).join(', ')].filter(Boolean).join(' — ')}`,
    )
    .join('; ');
  const tracking = shipped
    ? ` Shipped with ${shipped.carrier ?? 'a carrier'}${shipped.trackingNumber ? `, tracking ${shipped.trackingNumber}` : ''}` +
      `${shipped.trackingUrl ? ` (${shipped.trackingUrl})` : ''}.`
    : '';
  const how = order.delivery.method === 'pickup' ? 'Collected at the store' : 'Delivered';
  const when = delivered ?? shipped;
  return {
    customerName: `${address.firstName} ${address.lastName}`.trim() || order.customer.name,
    customerEmail: address.email || order.customer.email,
    customerPhone: address.phone,
    serviceDetails: `Order #${order.id.slice(-8).toUpperCase()}: ${items}. ${how}.${tracking}`.slice(0, 1000),
    deliveryAddress: [address.address, address.apartment, address.city, address.state, address.country]
      .filter(Boolean)
      .join(', ')
      .slice(0, 300),
    deliveryDate: when ? lagosDate(when.at) : '',
  };
}

const lagosDate = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });

/** The resolve form as it starts: nothing chosen, the disputed amount offered back in full when accepting. */
export const resolveDefaults = (dispute: Pick<AdminDispute, 'amount'>, paid: number) => ({
  resolution: '',
  message: '',
  refundAmount: koboToNairaInput(dispute.amount ?? paid),
});
