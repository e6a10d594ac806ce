/**
 * One post of the delivery zone form (new or edit), as admin-collection-form.server.ts does for collections: the values
 * always carried back as typed, the zone saved with its audit entry, or the form back with why not (an overlap with
 * another zone names it).
 */
import { ZONE_SCREEN, zoneSchema } from '~/lib/delivery/admin-delivery';
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import type { AuditActor } from '../admin/audit.server';
import { formBack, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createZone, updateZone, ZoneOverlapError } from './admin-delivery-zones.server';
import { SMALL_POST_LIMIT } from '../catalog/admin-upload-files.server';

export async function submitZoneForm(
  request: Request,
  actor: AuditActor,
  existing: { id: string } | null,
): Promise<FormOutcome> {
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, zoneSchema);
  if (!posted) return formBack(413, formErrorResult(ZONE_SCREEN.messages.saveError));
  const { form, submission } = posted;
  if (postedIntent(form) !== 'save') return { kind: 'bad-intent' };
  if (submission.status !== 'success')
    return formBack(400, submission.reply({ formErrors: [ZONE_SCREEN.messages.saveError] }));
  const input = submission.value;
  return saveRecord(
    ZONE_SCREEN,
    existing,
    { create: () => createZone(actor, input), update: (id) => updateZone(actor, id, input) },
    () => formBack(500, submission.reply({ formErrors: [ZONE_SCREEN.messages.saveError] })),
    (error) =>
      error instanceof ZoneOverlapError ? formBack(409, submission.reply({ formErrors: [error.message] })) : null,
  );
}
