/**
 * The admin's colours (/admin/colours, decision 0034): an admin CRUD screen (~/lib/admin/admin-crud) and its one Zod
 * schema (decision 0019). A colour is a name, as products, variants and order lines keep it, and a swatch the pages
 * paint. Its name is unique without case and cannot change, nor the colour be deleted, while a product uses it;
 * its swatch can always change.
 */
import { z } from 'zod';
import type { CrudScreen } from '../admin/admin-crud';
import { COLOUR_NAME_MAX } from './catalog-constants';
import { DEFAULT_SWATCH } from './colours';

export const COLOUR_SCREEN: CrudScreen = {
  path: '/admin/colours',
  entity: 'colour',
  one: 'colour',
  many: 'colours',
  messages: {
    saveError: 'Error saving colour. Please try again.',
    deleteError: 'Error deleting colour. Please try again.',
    confirmDelete: 'Are you sure you want to delete this colour?',
    saved: 'Colour saved.',
    deleted: 'Colour deleted.',
  },
};

/** docs/requirements.md#14-messages, word for word. */
export const COLOUR_MESSAGES = {
  name: 'Please enter a name.',
  nameLength: `Please keep the name to ${COLOUR_NAME_MAX} characters or fewer.`,
  // The product form sends its colours' order as a list joined by commas (inOrder in admin-catalog-product.ts).
  nameComma: 'A colour name cannot contain a comma.',
  swatch: 'Please choose a swatch colour.',
  /** Names are compared without case (the unique index colours_name_idx is on lower(name)). */
  nameTaken: (name: string) =>
    `There is already a colour named ${name} (upper and lower case count as the same). Please choose another name.`,
  renameInUse: (count: number) =>
    `This colour's name cannot change: ${productCount(count)} use it, and orders keep the name. ` +
    'Add a new colour instead; the swatch can change at any time.',
  deleteInUse: (name: string, count: number) =>
    `${name} cannot be deleted: ${productCount(count)} use it. Take it off those products first.`,
} as const;

const productCount = (count: number) => (count === 1 ? '1 product' : `${count.toLocaleString('en-NG')} products`);

/** A row of /admin/colours. */
export type AdminColourRow = { id: string; name: string; swatch: string; productCount: number };

export const colourSchema = z.object({
  name: z
    .string({ error: COLOUR_MESSAGES.name })
    .trim()
    .min(1, COLOUR_MESSAGES.name)
    .max(COLOUR_NAME_MAX, COLOUR_MESSAGES.nameLength)
    .refine((name) => !name.includes(','), COLOUR_MESSAGES.nameComma)
    .transform((name) => name.replace(/\s+/g, ' ')),
  // What <input type="color"> posts: `#rrggbb`, stored in lower case.
  swatch: z
    .string({ error: COLOUR_MESSAGES.swatch })
    .regex(/^#[0-9a-fA-F]{6}$/, COLOUR_MESSAGES.swatch)
    .transform((hex) => hex.toLowerCase()),
});
export type ColourFormValues = z.input<typeof colourSchema>;
export type ColourInput = z.output<typeof colourSchema>;

export const blankColourValues = (): ColourFormValues => ({ name: '', swatch: DEFAULT_SWATCH });
