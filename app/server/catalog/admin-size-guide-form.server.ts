/**
 * One post of the size guide form (new or edit), as admin-promo-code-form.server.ts does for promo codes: the values
 * always carried back as typed, the guide saved with its audit entry, or the form back with why not. A size set's
 * guide keeps its rows in the set's order, and a row naming a size the set no longer has is refused (the set changed
 * while the form was open: the page then shows the set's sizes as they are).
 */
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import { SIZE_GUIDE_MESSAGES, SIZE_GUIDE_SCREEN, sizeGuideSchema } from '~/lib/catalog/admin-size-guides';
import type { AuditActor } from '../admin/audit.server';
import { formBack, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createSizeGuide, guideSet, SizeGuideTakenError, updateSizeGuide } from './admin-size-guides.server';
import { SMALL_POST_LIMIT } from './admin-upload-files.server';

export async function submitSizeGuideForm(
  request: Request,
  actor: AuditActor,
  existing: { id: string } | null,
): Promise<FormOutcome> {
  const { saveError } = SIZE_GUIDE_SCREEN.messages;
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, sizeGuideSchema);
  if (!posted) return formBack(413, formErrorResult(saveError));
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  const refused = (status: number, message = saveError) =>
    formBack(status, submission.reply({ formErrors: [message] }));
  if (submission.status !== 'success') return refused(400);
  const input = submission.value;
  let title = input.subject.category ?? '';
  if (input.subject.sizeSetId) {
    const set = await guideSet(input.subject.sizeSetId);
    if (!set) return refused(400, SIZE_GUIDE_MESSAGES.subject);
    title = set.name;
    if (input.rows.some((row) => !set.sizes.includes(row.size)))
      return refused(409, SIZE_GUIDE_MESSAGES.setChanged(title));
    input.rows.sort((a, b) => set.sizes.indexOf(a.size) - set.sizes.indexOf(b.size));
  }
  return saveRecord(
    SIZE_GUIDE_SCREEN,
    existing,
    { create: () => createSizeGuide(actor, input), update: (id) => updateSizeGuide(actor, id, input) },
    () => refused(500),
    (error) => (error instanceof SizeGuideTakenError ? refused(409, SIZE_GUIDE_MESSAGES.taken(title)) : null),
  );
}
