/**
 * The admin's size guides (decision 0034, docs/requirements.md#12-admin-area): one table per size set or per category,
 * rows are sizes, columns are measurements in centimetres. The screen's words and its one Zod schema (decision 0019),
 * which the server parses posts with and the page validates with before posting. Pure, shared by page and server.
 *
 * The form works without JavaScript: it always has MEASUREMENT_SLOTS columns (a column without a name is left out),
 * a set's guide has a row per size of the set, and a category's guide has its rows plus SPARE_ROWS blank ones (a row
 * without values is left out). What the guide is for comes first, as a GET choice (`?for=set:{id}`).
 */
import { z } from 'zod';
import type { CrudScreen } from '../admin/admin-crud';
import { CATEGORIES } from './catalog-constants';
import { ID_PATTERN } from '../ids';
import type { SizeGuideRow } from './size-guides';

export const SIZE_GUIDE_SCREEN: CrudScreen = {
  path: '/admin/size-guides',
  entity: 'sizeGuide',
  one: 'size guide',
  many: 'size guides',
  messages: {
    saveError: 'Error saving the size guide. Please try again.',
    deleteError: 'Error deleting the size guide. Please try again.',
    confirmDelete: 'Are you sure you want to delete this size guide?',
    saved: 'Size guide saved. Product pages show it from now on.',
    deleted: 'Size guide deleted. Product pages no longer show it.',
  },
};

export const SIZE_GUIDE_LIMITS = {
  /** Columns of the table: measurements such as Chest, Waist, Foot length. */
  measurements: 6,
  measurementName: 30,
  /** Rows: a size set holds at most 40 sizes (SIZE_SET_LIMITS in admin-size-sets.ts). */
  rows: 40,
  size: 20,
  maxCm: 300,
} as const;

/** Blank rows a category's guide offers beyond its own, for more sizes (each save offers them again). */
export const SPARE_ROWS = 3;
/** Rows a new category guide starts with. */
export const NEW_CATEGORY_ROWS = 8;

export const SIZE_GUIDE_MESSAGES = {
  subject: 'Please choose a size set or a category.',
  taken: (title: string) => `${title} already has a size guide. Please edit that one instead.`,
  setChanged: (title: string) =>
    `The sizes of ${title} changed while you were editing. The table now shows its sizes: please check it and save.`,
  measurementsRequired: 'Please name at least one measurement, e.g. Chest.',
  measurementName: `Please keep a measurement name to ${SIZE_GUIDE_LIMITS.measurementName} characters or fewer.`,
  measurementTwice: (name: string) => `${name} is a column twice. Please name each measurement once.`,
  unnamedColumn: (column: number) => `Column ${column} has values: please name its measurement, or clear the column.`,
  cm: (size: string, measurement: string) =>
    `${measurement} for ${size}: please enter centimetres from 0 to ${SIZE_GUIDE_LIMITS.maxCm} with at most one ` +
    'decimal, e.g. 96 or 96.5, or leave it blank.',
  size: 'Please enter the size of this row.',
  sizeLength: `Please keep a size to ${SIZE_GUIDE_LIMITS.size} characters or fewer.`,
  sizeTwice: (size: string) => `${size} is in the table twice. Please enter each size once.`,
  rowsRequired: 'Please enter at least one measurement in the table.',
} as const;

// ----- What a guide is for -----

export type GuideSubject = { sizeSetId: string; category: null } | { sizeSetId: null; category: string };

/** `set:{id}` or `category:{name}`: the value of the "for" choice and of the form's hidden field. */
export const subjectValue = (subject: { sizeSetId: string | null; category: string | null }) =>
  subject.sizeSetId ? `set:${subject.sizeSetId}` : `category:${subject.category}`;

export function parseSubject(value: string): GuideSubject | null {
  if (value.startsWith('set:')) {
    const id = value.slice(4);
    return ID_PATTERN.test(id) ? { sizeSetId: id, category: null } : null;
  }
  const category = value.startsWith('category:') ? value.slice(9) : '';
  return (CATEGORIES as readonly string[]).includes(category) ? { sizeSetId: null, category } : null;
}

/** How the admin's pages name a guide: "Clothing (size set)", "Shoes (category)". */
export const subjectTitle = (subject: { setName: string | null; category: string | null }) =>
  subject.setName !== null ? `${subject.setName} (size set)` : `${subject.category} (category)`;

// ----- The form -----

export type SizeGuideFormValues = {
  subject: string;
  measurements: string[];
  rows: { size: string; cm: string[] }[];
};

/** A number of centimetres as the box shows it: 96, 96.5. */
const cmInput = (cm: number | null) => (cm === null ? '' : String(cm));

/**
 * The form's rows: a set's guide has one per size of the set, in its order, with the values saved for it (a size
 * added to the set since is blank; one taken out is gone); a category's guide its saved rows and `spare` blank ones.
 */
export function guideFormRows(
  saved: readonly SizeGuideRow[],
  setSizes: readonly string[] | null,
  spare: number,
): SizeGuideFormValues['rows'] {
  const asForm = (row: SizeGuideRow | undefined, size: string) => ({ size, cm: (row?.cm ?? []).map(cmInput) });
  if (setSizes)
    return setSizes.map((size) =>
      asForm(
        saved.find((row) => row.size === size),
        size,
      ),
    );
  const rows = saved.map((row) => asForm(row, row.size));
  const blanks = Math.max(0, Math.min(spare, SIZE_GUIDE_LIMITS.rows - rows.length));
  return [...rows, ...Array.from({ length: blanks }, () => ({ size: '', cm: [] }))];
}

/** A guide, saved or new, as its form starts: what it is for, named for the admin, and its values. */
export type SizeGuideFormStart = { title: string; fixedSizes: boolean; values: SizeGuideFormValues };

/**
 * The form of a guide for `subject` (a set's sizes now, null for a category): blank when nothing is saved yet, a new
 * category's guide with NEW_CATEGORY_ROWS blank rows, a saved one's with SPARE_ROWS more.
 */
export function sizeGuideFormStart(
  subject: { sizeSetId: string | null; category: string | null; setName: string | null; setSizes: string[] | null },
  saved: { measurements: string[]; rows: SizeGuideRow[] } | null,
): SizeGuideFormStart {
  return {
    title: subjectTitle(subject),
    fixedSizes: subject.setSizes !== null,
    values: {
      subject: subjectValue(subject),
      measurements: [...(saved?.measurements ?? [])],
      rows: guideFormRows(saved?.rows ?? [], subject.setSizes, saved ? SPARE_ROWS : NEW_CATEGORY_ROWS),
    },
  };
}

/** "96", "96.5", "0": centimetres with at most one decimal. */
const CM_TEXT = /^\d{1,3}(?:[.,]\d)?$/;

/** The typed centimetres as a number; null when blank, undefined when it is no such value. */
export function parseCm(text: string | undefined): number | null | undefined {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (!CM_TEXT.test(value)) return undefined;
  const cm = Number(value.replace(',', '.'));
  return cm <= SIZE_GUIDE_LIMITS.maxCm ? cm : undefined;
}

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const sizeGuideSchema = z
  .object({
    subject: z.string({ error: SIZE_GUIDE_MESSAGES.subject }).transform((value, ctx) => {
      const subject = parseSubject(value);
      if (!subject) ctx.addIssue({ code: 'custom', message: SIZE_GUIDE_MESSAGES.subject });
      return subject ?? z.NEVER;
    }),
    measurements: z
      .array(optionalText(SIZE_GUIDE_LIMITS.measurementName, SIZE_GUIDE_MESSAGES.measurementName))
      .max(SIZE_GUIDE_LIMITS.measurements)
      .default([]),
    rows: z
      .array(
        z.object({
          size: optionalText(SIZE_GUIDE_LIMITS.size, SIZE_GUIDE_MESSAGES.sizeLength),
          cm: z.array(z.string().optional()).max(SIZE_GUIDE_LIMITS.measurements).default([]),
        }),
      )
      .max(SIZE_GUIDE_LIMITS.rows)
      .default([]),
  })
  .superRefine(({ measurements, rows }, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const names = Array.from({ length: SIZE_GUIDE_LIMITS.measurements }, (_, j) => measurements[j] ?? '');
    const seenNames = new Set<string>();
    names.forEach((name, j) => {
      if (name && seenNames.has(name.toLowerCase()))
        issue(['measurements', j], SIZE_GUIDE_MESSAGES.measurementTwice(name));
      seenNames.add(name.toLowerCase());
      if (!name && rows.some((row) => row.cm[j]?.trim()))
        issue(['measurements', j], SIZE_GUIDE_MESSAGES.unnamedColumn(j + 1));
    });
    if (!names.some(Boolean)) issue(['measurements', 0], SIZE_GUIDE_MESSAGES.measurementsRequired);
    const seenSizes = new Set<string>();
    let values = 0;
    rows.forEach((row, i) => {
      const size = row.size ?? '';
      const filled = row.cm.filter((text) => text?.trim()).length;
      values += filled;
      if (filled && !size) issue(['rows', i, 'size'], SIZE_GUIDE_MESSAGES.size);
      if (size && seenSizes.has(size.toLowerCase())) issue(['rows', i, 'size'], SIZE_GUIDE_MESSAGES.sizeTwice(size));
      if (size) seenSizes.add(size.toLowerCase());
      row.cm.forEach((text, j) => {
        if (parseCm(text) === undefined)
          issue(['rows', i, 'cm', j], SIZE_GUIDE_MESSAGES.cm(size || `row ${i + 1}`, names[j] || `column ${j + 1}`));
      });
    });
    if (!values) issue(['rows'], SIZE_GUIDE_MESSAGES.rowsRequired);
  })
  .transform(({ subject, measurements, rows }) => {
    // Only named columns and rows with a value are kept; cells follow their columns.
    const kept = measurements.flatMap((name, j) => (name ? [{ name, j }] : []));
    return {
      subject,
      measurements: kept.map(({ name }) => name),
      rows: rows
        .filter((row) => row.cm.some((text) => text?.trim()))
        .map((row) => ({ size: row.size ?? '', cm: kept.map(({ j }) => parseCm(row.cm[j]) ?? null) })),
    };
  });

/** A valid form: what the guide is for, its named measurements and its rows with values. */
export type SizeGuideInput = z.output<typeof sizeGuideSchema>;

/** A row of /admin/size-guides. */
export type SizeGuideListRow = { id: string; name: string; measurements: string[]; sizes: string[] };
