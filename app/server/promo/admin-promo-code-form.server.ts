/**
 * One post of the promo code form (new or edit), as admin-delivery-zone-form.server.ts does for zones: the values always
 * carried back as typed, the code saved with its audit entry, or the form back with why not, on the field concerned
 * (a code another already has, ignoring case; a collection that no longer exists).
 */
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import { PROMO_FORM_MESSAGES, PROMO_SCREEN, promoSchema } from '~/lib/promo/admin-promo';
import type { AuditActor } from '../admin/audit.server';
import { formBack, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createPromoCode, missingCollections, PromoCodeTakenError, updatePromoCode } from './admin-promo-codes.server';
import { SMALL_POST_LIMIT } from '../catalog/admin-upload-files.server';

/** The code being edited (null for a new one): the collections it is limited to may have been deleted since. */
export type ExistingPromo = { id: string; collectionIds: readonly string[] } | null;

export async function submitPromoForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingPromo,
): Promise<FormOutcome> {
  const { saveError } = PROMO_SCREEN.messages;
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, promoSchema);
  if (!posted) return formBack(413, formErrorResult(saveError));
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  const onField = (status: number, field: string, message: string) =>
    formBack(status, submission.reply({ formErrors: [saveError], fieldErrors: { [field]: [message] } }));
  if (submission.status !== 'success') return formBack(400, submission.reply({ formErrors: [saveError] }));
  const input = submission.value;
  // A collection deleted since the page was drawn is refused, not dropped: dropping a code's only limit would let it
  // discount every item. One the code already names stays allowed, so the admin may save other changes.
  const missing = await missingCollections(input.collectionIds);
  if (missing.some((id) => !existing?.collectionIds.includes(id)))
    return onField(400, 'collectionIds', PROMO_FORM_MESSAGES.collections);
  return saveRecord(
    PROMO_SCREEN,
    existing,
    { create: () => createPromoCode(actor, input), update: (id) => updatePromoCode(actor, id, input) },
    () => formBack(500, submission.reply({ formErrors: [saveError] })),
    (error) =>
      error instanceof PromoCodeTakenError ? onField(409, 'code', PROMO_FORM_MESSAGES.codeTaken(input.code)) : null,
  );
}
