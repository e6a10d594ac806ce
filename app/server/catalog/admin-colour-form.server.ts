/**
 * One post of the colour form (new or edit), as admin-delivery-zone-form.server.ts does for zones: the values always
 * carried back as typed, the colour saved with its audit entry, or the form back with why not, on the name (a name
 * another colour has, ignoring case; a new name for a colour products use, decision 0034).
 */
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import { COLOUR_MESSAGES, COLOUR_SCREEN, colourSchema } from '~/lib/catalog/admin-colours';
import type { AuditActor } from '../admin/audit.server';
import { formBack, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { ColourInUseError, ColourNameTakenError, createColour, updateColour } from './admin-colours.server';
import { SMALL_POST_LIMIT } from './admin-upload-files.server';

export async function submitColourForm(
  request: Request,
  actor: AuditActor,
  existing: { id: string } | null,
): Promise<FormOutcome> {
  const { saveError } = COLOUR_SCREEN.messages;
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, colourSchema);
  if (!posted) return formBack(413, formErrorResult(saveError));
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  if (submission.status !== 'success') return formBack(400, submission.reply({ formErrors: [saveError] }));
  const input = submission.value;
  const onName = (message: string) =>
    formBack(409, submission.reply({ formErrors: [saveError], fieldErrors: { name: [message] } }));
  return saveRecord(
    COLOUR_SCREEN,
    existing,
    { create: () => createColour(actor, input), update: (id) => updateColour(actor, id, input) },
    () => formBack(500, submission.reply({ formErrors: [saveError] })),
    (error) => {
      if (error instanceof ColourNameTakenError) return onName(COLOUR_MESSAGES.nameTaken(input.name));
      if (error instanceof ColourInUseError) return onName(error.message);
      return null;
    },
  );
}
