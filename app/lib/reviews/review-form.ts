/**
 * The review form's one schema (decisions 0019 and 0040), used by its action (the authority) and its page (the limits
 * the inputs and the words state). Photos are checked here by count and size; the server then checks each by content.
 */
import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_IMAGE_LABEL } from '../catalog/admin-catalog';
import { REVIEW_STATUSES } from './reviews';

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEW_PHOTO_BYTES = MAX_IMAGE_BYTES;
export const REVIEW_REPLY_MAX = 2000;

export const REVIEW_MESSAGES = {
  rating: 'Choose from 1 to 5 stars.',
  title: `Give your review a title of up to ${REVIEW_TITLE_MAX} characters.`,
  body: `Write from ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters about the piece.`,
  photos: `Add at most ${REVIEW_PHOTOS_MAX} photos.`,
  photoTooLarge: `Each photo may be up to ${MAX_IMAGE_LABEL}.`,
  tooLarge: `What you sent is too large: at most ${REVIEW_PHOTOS_MAX} photos of up to ${MAX_IMAGE_LABEL} each.`,
  limits:
    `A title of up to ${REVIEW_TITLE_MAX} characters, ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters of text ` +
    `and up to ${REVIEW_PHOTOS_MAX} photos (JPEG, PNG, WebP, HEIC, up to ${MAX_IMAGE_LABEL} each).`,
  thanks: 'Thank you: your review will show on the product page once we have read it.',
  notYours: 'This order is not one of yours.',
  notFound: 'This order or item could not be found.',
  notDelivered: 'You can review an item once its order is delivered.',
  reviewed: 'You have already reviewed this item.',
  productGone: 'This piece is no longer in the store, so it cannot be reviewed.',
  failed: 'Your review could not be saved. Please try again.',
  signedOut: 'Sign in to review your order.',
} as const;

const oneLine = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const reviewSchema = z.object({
  rating: z.coerce.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1).max(5),
  title: oneLine(REVIEW_TITLE_MAX, REVIEW_MESSAGES.title),
  body: z
    .string({ error: REVIEW_MESSAGES.body })
    .trim()
    .min(REVIEW_BODY_MIN, REVIEW_MESSAGES.body)
    .max(REVIEW_BODY_MAX, REVIEW_MESSAGES.body),
  photos: z
    .array(z.file().max(REVIEW_PHOTO_BYTES, REVIEW_MESSAGES.photoTooLarge))
    .max(REVIEW_PHOTOS_MAX, REVIEW_MESSAGES.photos)
    .default([]),
});

export const REVIEW_ACTIONS = ['approve', 'hide', 'reply'] as const;

/** The moderation page's refusals (/admin/reviews). */
export const MODERATION_MESSAGES = {
  notFound: 'This review no longer exists.',
  failed: 'The review could not be changed. Please try again.',
  replyMissing: 'Write the reply first.',
  replyTooLong: `A reply may be up to ${REVIEW_REPLY_MAX} characters.`,
} as const;

/** The moderation page's buttons and reply box: one form per review, its intent the button pressed. */
export const moderateReviewSchema = z
  .object({
    id: z.string().min(1).max(64),
    intent: z.enum(REVIEW_ACTIONS),
    reply: z.string().trim().max(REVIEW_REPLY_MAX, MODERATION_MESSAGES.replyTooLong).optional(),
    returnTo: z.string().max(500).optional(),
  })
  .refine((value) => value.intent !== 'reply' || Boolean(value.reply), {
    path: ['reply'],
    message: MODERATION_MESSAGES.replyMissing,
  });

export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
