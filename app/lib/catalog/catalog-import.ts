/**
 * The catalog CSV import (decision 0041): shared by the server and the admin page. An import is checked and
 * previewed ('previewed'), then applied in one transaction by a job ('applying', then 'applied' or 'failed').
 */
export const CATALOG_IMPORT_STATUSES = ['previewed', 'applying', 'applied', 'failed'] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];
