/**
 * The admin's size sets (decision 0034, docs/requirements.md#12-admin-area): a name, unique without case, and its sizes in
 * order; one set is the default of a new product. The screen's words and its one Zod schema (decision 0019), which the
 * server parses posts with and the page validates with before posting. Pure, shared by the page and the server.
 */
import { z } from 'zod';
import type { CrudScreen } from '../admin/admin-crud';
import { checkbox } from '../admin/admin-form';
import { requiredText } from './admin-catalog';

export const SIZE_SET_SCREEN: CrudScreen = {
  path: '/admin/size-sets',
  entity: 'sizeSet',
  one: 'size set',
  many: 'size sets',
  messages: {
    saveError: 'Error saving the size set. Please try again.',
    deleteError: 'Error deleting the size set. Please try again.',
    confirmDelete: 'Are you sure you want to delete this size set?',
    saved: 'Size set saved. The product form offers it from now on.',
    deleted: 'Size set deleted.',
  },
};

export const SIZE_SET_LIMITS = { name: 40, size: 20, sizes: 40 } as const;

/** A size set as the admin's list and the product form show it. */
export type SizeSet = { id: string; name: string; sizes: string[]; isDefault: boolean };
/** The list's row: how many products use the set too. */
export type SizeSetRow = SizeSet & { products: number };

export const SIZE_SET_MESSAGES = {
  sizesRequired: 'Please enter at least one size.',
  sizeTooLong: `Each size can be at most ${SIZE_SET_LIMITS.size} characters.`,
  tooMany: `A size set can hold at most ${SIZE_SET_LIMITS.sizes} sizes.`,
  duplicate: (size: string) => `${size} is in the list twice. Please enter each size once.`,
  nameTaken: (name: string) => `Another size set is already called ${name}. Please choose another name.`,
  inUse: (count: number) =>
    `${count === 1 ? 'A product uses' : `${count} products use`} this size set. ` +
    'Move them to another set first, then delete it.',
  isDefault: 'This is the default size set. Make another set the default first, then delete it.',
  /** A size taken out of the set while products still sell it: named with the products. */
  sizeSold: (size: string, names: string[]) =>
    `${size} is sold by ${listOf(names)}. Take it out of ${names.length === 1 ? 'that product' : 'those products'} ` +
    'first (their stock and carts are asked about there), then remove it from the set.',
} as const;

/** "A, B and 3 more" for a message. */
function listOf(names: string[], keep = 3): string {
  if (names.length <= keep) return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${names.slice(0, keep).join(', ')} and ${names.length - keep} more`;
}

/** The sizes box as typed: separated by commas or new lines, blanks dropped, spaces trimmed. */
export const splitSizes = (text: string) =>
  text
    .split(/[,\n]/)
    .map((size) => size.trim())
    .filter(Boolean);

const sizesField = z.string({ error: SIZE_SET_MESSAGES.sizesRequired }).transform((text, ctx) => {
  const sizes = splitSizes(text);
  const seen = new Set<string>();
  if (!sizes.length) ctx.addIssue({ code: 'custom', message: SIZE_SET_MESSAGES.sizesRequired });
  else if (sizes.length > SIZE_SET_LIMITS.sizes) ctx.addIssue({ code: 'custom', message: SIZE_SET_MESSAGES.tooMany });
  for (const size of sizes) {
    if (size.length > SIZE_SET_LIMITS.size) {
      ctx.addIssue({ code: 'custom', message: SIZE_SET_MESSAGES.sizeTooLong });
      break;
    }
    if (seen.has(size.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: SIZE_SET_MESSAGES.duplicate(size) });
      break;
    }
    seen.add(size.toLowerCase());
  }
  return sizes;
});

export const sizeSetSchema = z
  .object({
    name: requiredText('a name', SIZE_SET_LIMITS.name),
    /** The sizes box (not `sizes`, which the product form's checkboxes are called): several lines of text. */
    sizeList: sizesField,
    isDefault: checkbox(),
  })
  .transform(({ sizeList, ...rest }) => ({ ...rest, sizes: sizeList }));

export type SizeSetFormValues = { name: string; sizeList: string; isDefault: boolean };
export type SizeSetInput = z.output<typeof sizeSetSchema>;

export const blankSizeSetValues = (): SizeSetFormValues => ({ name: '', sizeList: '', isDefault: false });

/** The saved set as the form shows it: one size per line. */
export const sizeSetToForm = (set: SizeSet): SizeSetFormValues => ({
  name: set.name,
  sizeList: set.sizes.join('\n'),
  isDefault: set.isDefault,
});

/** The default set of a list (the first one if, somehow, none is marked). */
export const defaultSizeSet = <T extends SizeSet>(sets: readonly T[]): T | undefined =>
  sets.find((set) => set.isDefault) ?? sets[0];
