/**
 * The admin product form: its values as typed, the stock grid per size and colour, and the Zod schema the
 * server action validates with (messages per field). Pure, shared by the page and the server.
 */
import { z } from 'zod';
import {
  MAX_PRICE_KOBO,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  NAME_MAX,
  DESCRIPTION_MAX,
  requiredText,
  UPLOAD_MESSAGES,
} from './admin-catalog';
import { CATEGORIES, COLORS, SIZES, type Category, type Color, type Size } from './catalog-constants';
import type { ProductDetail } from './catalog-types';
import { fieldErrors, formText } from './forms';
import type { StoredImage } from './images';
import { isId } from './ids';
import { nairaToKobo } from './money';

/** `15000` for ₦15,000 (15000_00 kobo), `10.50` for 1050 kobo: what the price input shows. */
export function koboToNairaInput(kobo: number): string {
  return kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2);
}

/** A stock cell: one size and colour ('' = the product has no sizes / no colours). */
export const stockCellKey = (size: string, color: string) => `${size}|${color}`;
export const STOCK_FIELD = 'stock:';
export const STOCK_WAS_FIELD = 'stockWas:';

/** The grid's rows and columns: the chosen sizes and colours, or a single '' when there are none. */
export function stockGrid(sizes: readonly string[], colors: readonly string[]) {
  return { rows: sizes.length ? [...sizes] : [''], columns: colors.length ? [...colors] : [''] };
}

/** What a stock box may hold: blank (not tracked) or a whole number 0..MAX_STOCK. */
export function parseStockText(text: string): { ok: true; stock: number | null } | { ok: false } {
  const value = text.trim();
  if (value === '') return { ok: true, stock: null };
  if (!/^\d{1,7}$/.test(value) || Number(value) > MAX_STOCK) return { ok: false };
  return { ok: true, stock: Number(value) };
}

/** Everything the product form posts, as typed: shown again unchanged when the save fails. */
export type ProductFormValues = {
  name: string;
  price: string;
  description: string;
  category: string;
  collectionId: string;
  sizes: string[];
  colors: string[];
  inStock: boolean;
  featured: boolean;
  /** Typed stock per cell key; `stockWas` holds each cell's stock when the form was loaded. */
  stock: Record<string, string>;
  stockWas: Record<string, string>;
};

export const blankProductValues = (): ProductFormValues => ({
  name: '',
  price: '',
  description: '',
  category: '',
  collectionId: '',
  sizes: [],
  colors: [],
  inStock: true,
  featured: false,
  stock: {},
  stockWas: {},
});

/** A saved product as the form shows it; `stockWas` remembers the stock as loaded (see VariantInput). */
export function valuesFromProduct(product: ProductDetail): ProductFormValues {
  const stock: Record<string, string> = {};
  const { rows, columns } = stockGrid(product.sizes, product.colors);
  for (const size of rows) {
    for (const color of columns) {
      const found = product.variants.find((v) => v.size === size && v.color === color)?.stock;
      stock[stockCellKey(size, color)] = found === null || found === undefined ? '' : String(found);
    }
  }
  return {
    name: product.name,
    price: koboToNairaInput(product.price),
    description: product.description,
    category: product.category,
    collectionId: product.collection?.id ?? '',
    sizes: product.sizes,
    colors: product.colors,
    inStock: product.inStock,
    featured: product.featured,
    stock,
    stockWas: { ...stock },
  };
}

const strings = (form: FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');

/**
 * The ticked values in the product's own order: checkboxes post in the list's order, so the form also sends
 * the order it showed (`sizeOrder`, `colorOrder`). It matters: the shop preselects the first size and colour.
 * Values the order does not name (just ticked, without JavaScript) come after, in the list's order.
 */
export function inOrder(values: string[], order: string): string[] {
  const hinted = order.split(',').filter((v) => values.includes(v));
  return [...new Set([...hinted, ...values])];
}

export const ORDER_FIELDS = { sizes: 'sizeOrder', colors: 'colorOrder' } as const;

function prefixed(form: FormData, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith(prefix) && typeof value === 'string') out[name.slice(prefix.length)] = value.slice(0, 20);
  return out;
}

export function readProductValues(form: FormData): ProductFormValues {
  return {
    name: formText(form, 'name'),
    price: formText(form, 'price'),
    description: formText(form, 'description'),
    category: formText(form, 'category'),
    collectionId: formText(form, 'collectionId'),
    sizes: inOrder(strings(form, 'sizes'), formText(form, ORDER_FIELDS.sizes)),
    colors: inOrder(strings(form, 'colors'), formText(form, ORDER_FIELDS.colors)),
    inStock: form.has('inStock'),
    featured: form.has('featured'),
    stock: prefixed(form, STOCK_FIELD),
    stockWas: prefixed(form, STOCK_WAS_FIELD),
  };
}

const priceField = z
  .string()
  .trim()
  .min(1, 'Please enter a price.')
  .transform((text, ctx) => {
    const kobo = nairaToKobo(text);
    if (kobo === null)
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a price in naira of 0 or more, for example 15000 or 15000.50.',
      });
    else if (kobo > MAX_PRICE_KOBO)
      ctx.addIssue({ code: 'custom', message: 'Please enter a price of at most ₦20,000,000.' });
    return kobo ?? 0;
  });

/** Values of a fixed list, in the order given (see inOrder), without repeats. */
const choices = <T extends string>(all: readonly T[], message: string) =>
  z
    .array(z.string())
    .refine((values) => values.every((v) => (all as readonly string[]).includes(v)), message)
    .transform((values) => [...new Set(values)] as T[]);

export type VariantInput = { size: string; color: string; stock: number | null; was: number | null | undefined };

export type ProductInput = {
  name: string;
  price: number;
  description: string;
  category: Category;
  collectionId: string | null;
  sizes: Size[];
  colors: Color[];
  inStock: boolean;
  featured: boolean;
  /** One entry per cell of the grid; `was` is undefined for a cell that was not in the form when it was loaded. */
  stock: VariantInput[];
  images: StoredImage[];
};

const baseProductSchema = z.object({
  name: requiredText('a name', NAME_MAX),
  price: priceField,
  description: requiredText('a description', DESCRIPTION_MAX),
  category: z.enum(CATEGORIES, { error: 'Please choose a category.' }),
  collectionId: z
    .string()
    .refine((v) => v === '' || isId(v), 'Please choose a collection from the list.')
    .transform((v) => v || null),
  sizes: choices(SIZES, 'Please choose sizes from the list.'),
  colors: choices(COLORS, 'Please choose colours from the list.'),
  inStock: z.boolean(),
  featured: z.boolean(),
  stock: z.record(z.string(), z.string()),
  stockWas: z.record(z.string(), z.string()),
});

export type ProductField = keyof ProductFormValues | 'images';
export type ProductFieldErrors = Partial<Record<ProductField, string>>;

/** What the product form shows: on load, and after every post that did not save (values as typed). */
export type ProductFormState = {
  values: ProductFormValues;
  images: StoredImage[];
  fieldErrors: ProductFieldErrors;
  formError?: string;
  uploadErrors: string[];
};

/** Validates the typed values and the images: the product to save, or the message per field. */
export function validateProduct(
  values: ProductFormValues,
  images: StoredImage[],
): { ok: true; input: ProductInput } | { ok: false; errors: ProductFieldErrors } {
  const parsed = baseProductSchema.safeParse(values);
  const errors: ProductFieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const stock: VariantInput[] = [];
  // The grid is checked even when other fields fail, so every message shows at once.
  const known = (list: readonly string[], values: string[]) => values.filter((v) => list.includes(v));
  const { rows, columns } = stockGrid(known(SIZES, values.sizes), known(COLORS, values.colors));
  for (const size of rows) {
    for (const color of columns) {
      const key = stockCellKey(size, color);
      const typed = parseStockText(values.stock[key] ?? '');
      if (!typed.ok) {
        errors.stock =
          `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-NG')}, ` + 'or blank for not tracked.';
        continue;
      }
      const wasText = values.stockWas[key];
      const was = wasText === undefined ? undefined : parseStockText(wasText);
      stock.push({ size, color, stock: typed.stock, was: was?.ok ? was.stock : undefined });
    }
  }
  if (images.length > MAX_PRODUCT_IMAGES) errors.images = UPLOAD_MESSAGES.tooManyImages;
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  const { stockWas: _was, ...rest } = parsed.data;
  return { ok: true, input: { ...rest, stock, images: images.map((image) => ({ ...image, alt: rest.name })) } };
}
