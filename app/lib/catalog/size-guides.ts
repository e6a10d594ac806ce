/**
 * Size guides on the product page (decision 0034, docs/requirements.md#4-what-each-page-shows): the table a product's
 * size set, else its category, has, and how a measurement reads. Pure and free of Zod: the product page's bundle
 * carries it (docs/architecture.md#3-folder-layout). The admin's form is in admin-size-guides.ts.
 */

/** One row of a guide: a size and a value in centimetres per measurement (null where not measured). */
export type SizeGuideRow = { size: string; cm: (number | null)[] };

/** A guide as the product page shows it: `title` names what it is for (the size set, or the category). */
export type SizeGuide = { title: string; measurements: string[]; rows: SizeGuideRow[] };

export const CM_PER_INCH = 2.54;

/** Centimetres in inches, to one decimal: 96 → 37.8. */
export const cmToInches = (cm: number) => Math.round((cm / CM_PER_INCH) * 10) / 10;

/** A cell of the table: "96 cm (37.8 in)", or "–" where the guide has no value. */
export const measureText = (cm: number | null) => (cm === null ? '–' : `${cm} cm (${cmToInches(cm)} in)`);

/** A product's fit note ("Runs small: take one size up"), shown beside the link to the guide. */
export const FIT_NOTE_MAX = 200;
export const FIT_NOTE_MESSAGE = `Please keep the fit note to ${FIT_NOTE_MAX} characters or fewer.`;
