/**
 * The admin order page's pay-on-delivery form (decision 0037): "Collected" (by cash, POS or transfer, with an optional
 * note), which makes the order paid; "Refused at the door", which cancels it and returns its stock; and, on a refused
 * order, "Offer pay on delivery again", which forgives the customer's refusals. One schema (decision 0019) for the
 * action and the page; the button pressed is the intent.
 */
import { z } from 'zod';
import { COLLECTION_METHODS, type CollectionMethod } from './orders';

export const POD_INTENTS = {
  collected: 'pod-collected',
  refused: 'pod-refused',
  forgive: 'pod-forgive',
} as const;

export const isPodIntent = (value: unknown) =>
  typeof value === 'string' && (Object.values(POD_INTENTS) as string[]).includes(value);

export const COLLECTION_NOTE_MAX = 300;

export const COLLECTION_LABELS: Record<CollectionMethod, string> = {
  cash: 'Cash',
  pos: 'POS (card at the door)',
  transfer: 'Bank transfer',
};

/** "Collected by cash", "by POS", "by bank transfer": the order page once the money came. */
export const COLLECTED_BY: Record<CollectionMethod, string> = { cash: 'cash', pos: 'POS', transfer: 'bank transfer' };

export const POD_ADMIN_MESSAGES = {
  chooseMethod: 'Please choose how the money was collected.',
  invalid: 'Please correct the fields marked below.',
  failed: 'Error saving the payment. Please try again.',
  collected: 'Marked collected: the order is paid.',
  refused: 'Marked refused at the door: the order is cancelled and its items are back in stock.',
  forgiven: 'Pay on delivery is offered to this customer again.',
  notDue: 'This order is no longer waiting for its money at the door, so nothing was changed.',
  notPayOnDelivery: 'This order is not paid on delivery.',
  cancelled: 'This order is cancelled: set it back to processing before marking its money collected.',
  nothingToForgive: 'This customer has no refused deliveries to forgive.',
} as const;

/** The notices a redirect after a post names (`?pod=collected`). */
export const POD_PARAM = 'pod';
export const POD_NOTICES = ['collected', 'refused', 'forgiven'] as const;
export type PodNotice = (typeof POD_NOTICES)[number];
const isPodNotice = (value: unknown): value is PodNotice =>
  typeof value === 'string' && (POD_NOTICES as readonly string[]).includes(value);
export const podNoticeOf = (params: URLSearchParams): PodNotice | null => {
  const value = params.get(POD_PARAM);
  return isPodNotice(value) ? value : null;
};

export const podAdminSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(POD_INTENTS.collected),
    collectedBy: z.enum(COLLECTION_METHODS, { error: POD_ADMIN_MESSAGES.chooseMethod }),
    note: z
      .string()
      .trim()
      .max(COLLECTION_NOTE_MAX, `Please keep the note under ${COLLECTION_NOTE_MAX} characters.`)
      .optional()
      .transform((note) => note || null),
  }),
  z.object({ intent: z.literal(POD_INTENTS.refused) }),
  z.object({ intent: z.literal(POD_INTENTS.forgive) }),
]);

export type PodAdminInput = z.output<typeof podAdminSchema>;
