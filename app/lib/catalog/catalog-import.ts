/**
 * The catalog CSV import (decision 0041): shared by the server and the admin page. An import is checked and
 * previewed ('previewed'), then applied in one transaction by a job ('applying', then 'applied' or 'failed').
 */
import { z } from 'zod';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from './catalog-csv';

export const CATALOG_IMPORT_STATUSES = ['previewed', 'applying', 'applied', 'failed'] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];

/** The upload form's one schema (decision 0019): the page validates with it, the action parses the post with it. */
export const catalogImportSchema = z.object({
  file: z
    .instanceof(File, { error: IMPORT_MESSAGES.chooseFile })
    .refine((file) => file.size > 0, IMPORT_MESSAGES.chooseFile)
    .refine((file) => file.size <= MAX_IMPORT_BYTES, IMPORT_MESSAGES.tooLarge)
    .refine((file) => /\.csv$/i.test(file.name) || file.type === 'text/csv', IMPORT_MESSAGES.notCsv),
});

/** "Apply import": the preview's button; only its intent is posted. */
export const applyImportSchema = z.object({ intent: z.literal('apply') });

/** A running import's progress, 0..100 (the bar and the JSON the page polls). */
export const importPercent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);
