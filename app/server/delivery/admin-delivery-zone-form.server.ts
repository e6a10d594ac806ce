/**
 * One post of the delivery zone form (new or edit), as admin-collection-form.server.ts does for collections: the values
 * always carried back as typed, the zone saved with its audit entry, or the form back with why not (an overlap with
 * another zone names it).
 */
import type { SubmissionResult } from '@conform-to/react';
import { ZONE_SCREEN, zoneSchema } from '~/lib/delivery/admin-delivery';
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import type { AuditActor } from '../admin/audit.server';
import { readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createZone, updateZone, ZoneOverlapError } from './admin-delivery-zones.server';
import { SMALL_POST_LIMIT } from '../catalog/admin-upload-files.server';

export async function submitZoneForm(
  request: Request,
  actor: AuditActor,
  existing: { id: string } | null,
): Promise<FormOutcome> {
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, zoneSchema);
  if (!posted)
    return { kind: 'form', status: 413, answer: { result: formErrorResult(ZONE_SCREEN.messages.saveError) } };
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  const back = (status: number, result: SubmissionResult<string[]>): FormOutcome => ({
    kind: 'form',
    status,
    answer: { result },
  });
  if (submission.status !== 'success')
    return back(400, submission.reply({ formErrors: [ZONE_SCREEN.messages.saveError] }));
  const input = submission.value;
  return saveRecord(
    ZONE_SCREEN,
    existing,
    { create: () => createZone(actor, input), update: (id) => updateZone(actor, id, input) },
    () => back(500, submission.reply({ formErrors: [ZONE_SCREEN.messages.saveError] })),
    (error) =>
      error instanceof ZoneOverlapError ? back(409, submission.reply({ formErrors: [error.message] })) : null,
  );
}
