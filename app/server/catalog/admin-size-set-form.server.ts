/**
 * One post of the size set form (new or edit), as admin-promo-code-form.server.ts does for promo codes: the values
 * always carried back as typed, the set saved with its audit entry, or the form back with why not, on the field
 * concerned (a name another set has, ignoring case; a size products still sell).
 */
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import { SIZE_SET_MESSAGES, SIZE_SET_SCREEN, sizeSetSchema } from '~/lib/catalog/admin-size-sets';
import type { AuditActor } from '../admin/audit.server';
import { formBack, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createSizeSet, SizeSetNameTakenError, SizeSetRefusedError, updateSizeSet } from './admin-size-sets.server';
import { SMALL_POST_LIMIT } from './admin-upload-files.server';

export async function submitSizeSetForm(
  request: Request,
  actor: AuditActor,
  existing: { id: string } | null,
): Promise<FormOutcome> {
  const { saveError } = SIZE_SET_SCREEN.messages;
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, sizeSetSchema);
  if (!posted) return formBack(413, formErrorResult(saveError));
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  if (submission.status !== 'success') return formBack(400, submission.reply({ formErrors: [saveError] }));
  const input = submission.value;
  const onField = (field: string, message: string) =>
    formBack(409, submission.reply({ formErrors: [saveError], fieldErrors: { [field]: [message] } }));
  return saveRecord(
    SIZE_SET_SCREEN,
    existing,
    { create: () => createSizeSet(actor, input), update: (id) => updateSizeSet(actor, id, input) },
    () => formBack(500, submission.reply({ formErrors: [saveError] })),
    (error) =>
      error instanceof SizeSetNameTakenError
        ? onField('name', SIZE_SET_MESSAGES.nameTaken(input.name))
        : error instanceof SizeSetRefusedError
          ? onField('sizeList', error.message)
          : null,
  );
}
