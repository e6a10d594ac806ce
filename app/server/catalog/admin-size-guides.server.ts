/**
 * The admin side of size guides (decision 0034): the list, one guide, what a new guide may be for, and the writes, each
 * one transaction with its audit entry (sizeGuide.create / .update / .delete), then contentChanged() so the product
 * pages stored in the page cache go. One guide per size set and per category: the partial unique indexes
 * size_guides_size_set_idx and size_guides_category_idx decide, also between two saves racing.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { sizeGuides, sizeSets } from '~/db/schema';
import {
  sizeGuideFormStart,
  subjectTitle,
  type GuideSubject,
  type SizeGuideFormStart,
  type SizeGuideInput,
  type SizeGuideListRow,
} from '~/lib/catalog/admin-size-guides';
import { CATEGORIES } from '~/lib/catalog/catalog-constants';
import type { SizeGuideRow } from '~/lib/catalog/size-guides';
import { isId } from '~/lib/ids';
import { db } from '../db.server';
import { isUniqueViolation } from '../db-errors.server';
import { contentChanged } from '../http/http-cache.server';
import { auditedWrites } from '../admin/crud.server';

/** A saved guide as its edit page needs it: `setSizes` are the set's sizes now (null for a category's guide). */
export type SizeGuideRecord = {
  id: string;
  sizeSetId: string | null;
  category: string | null;
  setName: string | null;
  setSizes: string[] | null;
  measurements: string[];
  rows: SizeGuideRow[];
};

const guideColumns = {
  id: sizeGuides.id,
  sizeSetId: sizeGuides.sizeSetId,
  category: sizeGuides.category,
  setName: sizeSets.name,
  setSizes: sizeSets.sizes,
  measurements: sizeGuides.measurements,
  rows: sizeGuides.rows,
};

const guides = () =>
  db().select(guideColumns).from(sizeGuides).leftJoin(sizeSets, eq(sizeSets.id, sizeGuides.sizeSetId));

/** Every guide: the size sets' in the sets' order, then the categories' (a store has a handful: no pages). */
export async function listSizeGuides(): Promise<SizeGuideListRow[]> {
  const rows = await guides().orderBy(
    sql`${sizeGuides.sizeSetId} is null`,
    asc(sizeSets.position),
    asc(sizeSets.name),
    asc(sizeGuides.category),
  );
  return rows.map((row) => ({
    id: row.id,
    name: subjectTitle(row),
    measurements: row.measurements,
    sizes: row.rows.map((r) => r.size),
  }));
}

export async function getSizeGuide(id: string): Promise<SizeGuideRecord | null> {
  if (!isId(id)) return null;
  const [row] = await guides().where(eq(sizeGuides.id, id));
  return row ?? null;
}

/** The guide's name for the list's delete question ("Clothing (size set)"); null when there is none. */
export async function getSizeGuideName(id: string): Promise<string | null> {
  const guide = await getSizeGuide(id);
  return guide && subjectTitle(guide);
}

/** What a new guide may be for: every size set (with its sizes) and category, marked when it has a guide already. */
export async function guideSubjects(): Promise<{
  sets: { id: string; name: string; sizes: string[]; taken: boolean }[];
  categories: { name: string; taken: boolean }[];
}> {
  const [sets, taken] = await Promise.all([
    db()
      .select({ id: sizeSets.id, name: sizeSets.name, sizes: sizeSets.sizes })
      .from(sizeSets)
      .orderBy(asc(sizeSets.position), asc(sizeSets.name)),
    db().select({ sizeSetId: sizeGuides.sizeSetId, category: sizeGuides.category }).from(sizeGuides),
  ]);
  return {
    sets: sets.map((set) => ({ ...set, taken: taken.some((guide) => guide.sizeSetId === set.id) })),
    categories: CATEGORIES.map((name) => ({ name, taken: taken.some((guide) => guide.category === name) })),
  };
}

/** A size set's name and sizes, for a guide written for it; null when there is no such set. */
export async function guideSet(id: string): Promise<{ name: string; sizes: string[] } | null> {
  if (!isId(id)) return null;
  const [set] = await db()
    .select({ name: sizeSets.name, sizes: sizeSets.sizes })
    .from(sizeSets)
    .where(eq(sizeSets.id, id));
  return set ?? null;
}

/** The size set or category has a guide already (nothing was saved). */
export class SizeGuideTakenError extends Error {}

const writes = auditedWrites({
  table: sizeGuides,
  entity: 'sizeGuide',
  columns: ({ subject, measurements, rows }: SizeGuideInput) => ({ ...subject, measurements, rows }),
  afterCommit: contentChanged,
});

const takenChecked = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'size_guides_size_set_idx') || isUniqueViolation(error, 'size_guides_category_idx'))
      throw new SizeGuideTakenError('size guide taken', { cause: error });
    throw error;
  }
};

type Actor = Parameters<typeof writes.create>[0];

/** Throws SizeGuideTakenError when the set or category has a guide already. */
export const createSizeGuide = (actor: Actor, input: SizeGuideInput) => takenChecked(() => writes.create(actor, input));
/** False when there is no such guide; throws SizeGuideTakenError as createSizeGuide. */
export const updateSizeGuide = (actor: Actor, id: string, input: SizeGuideInput) =>
  takenChecked(() => writes.update(actor, id, input));
/** False when there is no such guide. Products keep their fit notes. */
export const deleteSizeGuide = writes.remove;

/** The form of a new guide for `subject`; null when it names a size set that does not exist. */
export async function newSizeGuideForm(subject: GuideSubject): Promise<SizeGuideFormStart | null> {
  if (!subject.sizeSetId) return sizeGuideFormStart({ ...subject, setName: null, setSizes: null }, null);
  const set = await guideSet(subject.sizeSetId);
  return set && sizeGuideFormStart({ ...subject, setName: set.name, setSizes: set.sizes }, null);
}
