/**
 * The admin side of size sets (decision 0034): the list, one set, the product form's choices, and the writes, each one
 * transaction with its audit entry (sizeSet.create / .update / .delete). A name is unique without case (the index
 * size_sets_name_idx decides, also between two saves racing). A save never orphans a product: a size some product
 * sells cannot leave the set (SizeSetRefusedError names the products), and products keep their sizes in the set's
 * order. A set products use, or the default set, is not deleted.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { products, sizeSets } from '~/db/schema';
import { SIZE_SET_MESSAGES, type SizeSet, type SizeSetInput, type SizeSetRow } from '~/lib/catalog/admin-size-sets';
import { isId } from '~/lib/ids';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { auditedWrites, DeleteRefusedError, type Tx } from '../admin/crud.server';

const setColumns = { id: sizeSets.id, name: sizeSets.name, sizes: sizeSets.sizes, isDefault: sizeSets.isDefault };
const setOrder = [asc(sizeSets.position), asc(sizeSets.createdAt), asc(sizeSets.id)];

/** Every set in the store's order, for the product form (a store has a handful, not thousands). */
export async function sizeSetOptions(reader: Pick<Tx, 'select'> = db()): Promise<SizeSet[]> {
  return reader
    .select(setColumns)
    .from(sizeSets)
    .orderBy(...setOrder);
}

/** Every set with the number of products using it: the admin's list. */
export async function listSizeSets(): Promise<SizeSetRow[]> {
  return db()
    .select({
      ...setColumns,
      products: sql<number>`(select count(*) from ${products} p where p.size_set_id = ${sizeSets.id})::int`,
    })
    .from(sizeSets)
    .orderBy(...setOrder);
}

export async function getSizeSet(id: string): Promise<SizeSet | null> {
  if (!isId(id)) return null;
  const [row] = await db().select(setColumns).from(sizeSets).where(eq(sizeSets.id, id));
  return row ?? null;
}

export async function getSizeSetName(id: string): Promise<string | null> {
  return (await getSizeSet(id))?.name ?? null;
}

/** Another set has the same name, ignoring case: nothing is saved. */
export class SizeSetNameTakenError extends Error {}
/** The save would take a size away from products that sell it: nothing is saved; the message names them. */
export class SizeSetRefusedError extends Error {}

function isNameTaken(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, constraint_name } = cause as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && constraint_name === 'size_sets_name_idx') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * After the row is written, in its transaction: refuses a size taken out while a product sells it (the products'
 * rows are locked first, so a product saved meanwhile is seen), puts the products' sizes in the set's new order, and
 * makes the set the default when asked (the other default first, as the one-default index wants).
 */
async function afterSave(tx: Tx, id: string, input: SizeSetInput): Promise<void> {
  const using = await tx
    .select({ id: products.id, name: products.name, sizes: products.sizes })
    .from(products)
    .where(eq(products.sizeSetId, id))
    .orderBy(asc(products.name))
    .for('update');
  for (const size of new Set(using.flatMap((product) => product.sizes))) {
    if (input.sizes.includes(size)) continue;
    const names = using.filter((product) => product.sizes.includes(size)).map((product) => product.name);
    throw new SizeSetRefusedError(SIZE_SET_MESSAGES.sizeSold(size, names));
  }
  await tx.execute(sql`
    update products p set sizes = array(
      select t.size from unnest(ss.sizes) with ordinality as t(size, n) where t.size = any(p.sizes) order by t.n)
    from size_sets ss
    where ss.id = ${id} and p.size_set_id = ${id}`);
  if (input.isDefault) {
    await tx
      .update(sizeSets)
      .set({ isDefault: false })
      .where(and(eq(sizeSets.isDefault, true), ne(sizeSets.id, id)));
    await tx.update(sizeSets).set({ isDefault: true }).where(eq(sizeSets.id, id));
  }
}

/** Before a delete, in its transaction: the default set and a set products use stay. */
async function refuseWhenUsed(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const [set] = await tx.select({ isDefault: sizeSets.isDefault }).from(sizeSets).where(eq(sizeSets.id, id));
  if (set?.isDefault) throw new DeleteRefusedError(SIZE_SET_MESSAGES.isDefault);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.sizeSetId, id));
  if (count > 0) throw new DeleteRefusedError(SIZE_SET_MESSAGES.inUse(count));
  return {};
}

const writes = auditedWrites({
  table: sizeSets,
  entity: 'sizeSet',
  // The default flag is set by afterSave (never cleared by unticking: another set is made the default instead); a new
  // set goes last in the list.
  columns: (input: SizeSetInput & { last?: boolean }) => ({
    name: input.name,
    sizes: input.sizes,
    ...(input.last ? { position: sql`(select coalesce(max(position) + 1, 0) from size_sets)` } : {}),
  }),
  writeChildren: afterSave,
  deleteDetails: refuseWhenUsed,
  afterCommit: contentChanged,
});

const nameChecked = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isNameTaken(error)) throw new SizeSetNameTakenError('size set name taken', { cause: error });
    throw error;
  }
};

/** Throws SizeSetNameTakenError when another set has the name. */
export const createSizeSet = (actor: Parameters<typeof writes.create>[0], input: SizeSetInput) =>
  nameChecked(() => writes.create(actor, { ...input, last: true }));
/** False when there is no such set; throws SizeSetNameTakenError or SizeSetRefusedError. */
export const updateSizeSet = (actor: Parameters<typeof writes.update>[0], id: string, input: SizeSetInput) =>
  nameChecked(() => writes.update(actor, id, input));
/** False when there is no such set; throws DeleteRefusedError for the default set or one products use. */
export const deleteSizeSet = writes.remove;
