/**
 * How large a request body each kind of post may be (decision 0015). The Express middleware that enforces them as
 * bodies stream (server/middleware/body-limit.ts) and the actions that check what they read again both import them
 * from here, so the app never imports Express-only code.
 */
import { MAX_FILES_PER_POST, MAX_IMAGE_BYTES } from '~/lib/catalog/admin-catalog';
import { MAX_DISPUTE_FILE_BYTES } from '~/lib/payments/admin-disputes';
import { MAX_IMPORT_BYTES } from '~/lib/catalog/catalog-csv';
import { REVIEW_PHOTO_BYTES, REVIEW_PHOTOS_MAX } from '~/lib/reviews/review-form';

export const KB = 1024;
export const MB = 1024 * KB;

/**
 * Every page's form (contact, newsletter, cart, checkout, account, admin settings and deletes): the longest field
 * is a 5,000-character message, under 48 KB even when every character is percent-encoded multi-byte text.
 */
export const FORM_BODY_LIMIT = 64 * KB;
/** Better Auth's JSON under /api/auth: an email, a password, a name. */
export const AUTH_BODY_LIMIT = 64 * KB;
/** Paystack's webhook: a charge event is a few KB; 1 MB leaves room for any metadata a checkout attaches. */
export const WEBHOOK_BODY_LIMIT = 1 * MB;
/** Room for a catalog form's text fields and the multipart headers beside its files. */
const FIELDS_ALLOWANCE = 1 * MB;
/** The product form without JavaScript: up to MAX_FILES_PER_POST images of MAX_IMAGE_BYTES (10 MB) each. */
export const CATALOG_FORM_BODY_LIMIT = MAX_FILES_PER_POST * MAX_IMAGE_BYTES + FIELDS_ALLOWANCE;
/**
 * One image (the upload endpoint, the collection form). Twice the per-file limit, so a file a little over 10 MB
 * is still read and refused by name (upload-files.server.ts); anything larger is refused here.
 */
export const SINGLE_IMAGE_BODY_LIMIT = 2 * MAX_IMAGE_BYTES + FIELDS_ALLOWANCE;
/** A chargeback's forms (decision 0031): one document for Paystack of up to 5 MB, with room for the fields. */
export const DISPUTE_FORM_BODY_LIMIT = MAX_DISPUTE_FILE_BYTES + FIELDS_ALLOWANCE;
/** A buyer's review (decision 0040): up to REVIEW_PHOTOS_MAX photos of REVIEW_PHOTO_BYTES, with room for the text. */
export const REVIEW_FORM_BODY_LIMIT = REVIEW_PHOTOS_MAX * REVIEW_PHOTO_BYTES + FIELDS_ALLOWANCE;
/** The catalog CSV import (decision 0041): one file of up to MAX_IMPORT_BYTES (10 MB), with room for the fields. */
export const CATALOG_IMPORT_BODY_LIMIT = MAX_IMPORT_BYTES + 64 * KB;
