/**
 * The posts of the catalog import pages (decision 0041): the upload (read within the import's cap: a larger body is
 * refused before it is read, here and by the body-limit middleware), then "Apply import".
 */
import type { SubmissionResult } from '@conform-to/react';
import { IMPORT_MESSAGES } from '~/lib/catalog/catalog-csv';
import { applyImportSchema, catalogImportSchema } from '~/lib/catalog/catalog-import';
import { formErrorResult } from '~/lib/admin/admin-form';
import type { AuditActor } from '../admin/audit.server';
import { readPostedForm, readPostedSubmission } from '../admin/crud.server';
import { CATALOG_IMPORT_BODY_LIMIT, FORM_BODY_LIMIT } from '../http/body-limits.server';
import { parseSubmission } from '../http/form-submission.server';
import { previewCatalogImport, startCatalogImport } from './catalog-import.server';

export type ImportPostOutcome =
  { kind: 'previewed'; id: string } | { kind: 'form'; status: number; result: SubmissionResult<string[]> };

/** The upload: the file checked and kept with its preview, or the form back with why not. */
export async function submitCatalogImport(request: Request, actor: AuditActor): Promise<ImportPostOutcome> {
  const posted = await readPostedSubmission(request, CATALOG_IMPORT_BODY_LIMIT, catalogImportSchema);
  if (!posted) return { kind: 'form', status: 413, result: formErrorResult(IMPORT_MESSAGES.tooLarge) };
  const { submission } = posted;
  if (submission.status !== 'success') return { kind: 'form', status: 400, result: submission.reply() };
  const { file } = submission.value;
  const id = await previewCatalogImport(actor, file.name, await file.text());
  return { kind: 'previewed', id };
}

/** "Apply import": null when it started, else the message why not. */
export async function submitApplyImport(request: Request, actor: AuditActor, id: string): Promise<string | null> {
  const form = await readPostedForm(request, FORM_BODY_LIMIT);
  const submission = form && parseSubmission(form, applyImportSchema);
  if (submission?.status !== 'success') return IMPORT_MESSAGES.notPreviewed;
  return (await startCatalogImport(actor, id)) ? null : IMPORT_MESSAGES.notPreviewed;
}
