/**
 * The admin product form: its values as the page starts it, the stock grid per size and colour, and its one Zod
 * schema (decision 0019), which the server action parses posts with and the page validates with before posting.
 * Pure, shared by the page and the server.
 */
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  MAX_PRICE_KOBO,
  MAX_STOCK,
  NAME_MAX,
  requiredText,
  type ProductImageInput,
} from './admin-catalog';
import { checkbox } from '../admin/admin-form';
import { defaultSizeSet } from './admin-size-sets';
import {
  CONFIRM_REMOVAL_FIELD,
  PRODUCT_SIZE_MESSAGES,
  repeatedSku,
  skuProblem,
  sizesInSet,
  type ProductCatalog,
} from './admin-product-sizes';
import { CATEGORIES, COLORS } from './catalog-constants';
import type { ProductDetail } from './catalog-types';
import { isId } from '../ids';
import { nairaToKobo } from '../money';
import { compareAtAbovePrice, compareAtPriceField } from './admin-sale-price';
import { dropCapField, dropsAtField } from './admin-drops';
import { lagosInputValue } from './drops';
import { FIT_NOTE_MAX, FIT_NOTE_MESSAGE } from './size-guides';

/** `15000` for ₦15,000 (15000_00 kobo), `10.50` for 1050 kobo: what the price input shows. */
export function koboToNairaInput(kobo: number): string {
  return kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2);
}

/** A stock cell: one size and colour ('' = the product has no sizes / no colours). */
export const stockCellKey = (size: string, color: string) => `${size}|${color}`;
/** Conform names an entry of an object field `{field}.{key}`: a cell's box is `stock.M|Black`. */
export const STOCK_FIELD = 'stock.';
export const STOCK_WAS_FIELD = 'stockWas.';

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

/** The product form's values as the page starts it: a new product, or the one being edited. */
export type ProductFormValues = {
  name: string;
  price: string;
  /** The price before the sale ('' = not on sale, decision 0034). */
  compareAtPrice: string;
  description: string;
  category: string;
  collectionId: string;
  /** The size set the product uses; its sizes are ticked in `sizes` and kept in the set's order. */
  sizeSetId: string;
  sizes: string[];
  colors: string[];
  /** The order the colours are in (see inOrder): checkboxes post in the list's order. */
  colorOrder: string;
  inStock: boolean;
  featured: boolean;
  /** Shown beside the product page's size guide link ('' for none). */
  fitNote: string;
  /** Typed stock per cell key; `stockWas` holds each cell's stock when the form was loaded. */
  stock: Record<string, string>;
  stockWas: Record<string, string>;
  /** The SKU per cell key as loaded or typed ('' = made by the database from the product, size and colour). */
  sku: Record<string, string>;
  /** The drop (decision 0036): its opening in Lagos time as a datetime-local value, and its cap ('' = none). */
  dropsAt: string;
  dropCap: string;
};

/** A new product: it starts with the default size set (decision 0034). */
export const blankProductValues = (catalog?: ProductCatalog): ProductFormValues => ({
  name: '',
  price: '',
  compareAtPrice: '',
  description: '',
  category: '',
  collectionId: '',
  sizeSetId: (catalog && defaultSizeSet(catalog.sizeSets)?.id) ?? '',
  sizes: [],
  colors: [],
  colorOrder: '',
  inStock: true,
  featured: false,
  fitNote: '',
  stock: {},
  stockWas: {},
  sku: {},
  dropsAt: '',
  dropCap: '',
});

/**
 * A cell not tracked when the form was loaded, as `stockWas` carries it: not '', which Conform leaves out of the
 * values it sends back, and a cell missing from `stockWas` means one that was not in the form at all.
 */
export const NOT_TRACKED = 'untracked';

/**
 * A saved product as the form shows it; `stockWas` remembers the stock as loaded (see VariantInput); `skus` are the
 * variants' SKUs per cell key (the admin's edit page reads them).
 */
export function valuesFromProduct(product: ProductDetail, skus: Record<string, string> = {}): ProductFormValues {
  const stock: Record<string, string> = {};
  const stockWas: Record<string, string> = {};
  const sku: Record<string, string> = {};
  for (const { key, size, color } of gridCells(product.sizes, product.colors)) {
    const found = product.variants.find((v) => v.size === size && v.color === color)?.stock;
    stock[key] = found === null || found === undefined ? '' : String(found);
    stockWas[key] = stock[key] || NOT_TRACKED;
    if (skus[key]) sku[key] = skus[key];
  }
  return {
    name: product.name,
    price: koboToNairaInput(product.price),
    compareAtPrice: product.compareAtPrice === null ? '' : koboToNairaInput(product.compareAtPrice),
    description: product.description,
    category: product.category,
    collectionId: product.collection?.id ?? '',
    sizeSetId: product.sizeSetId,
    sizes: product.sizes,
    colors: product.colors,
    colorOrder: product.colors.join(','),
    inStock: product.inStock,
    featured: product.featured,
    fitNote: product.fitNote,
    stock,
    stockWas,
    sku,
    dropsAt: lagosInputValue(product.ownDropsAt ? new Date(product.ownDropsAt) : null),
    dropCap: product.dropCap === null ? '' : String(product.dropCap),
  };
}

/**
 * The ticked values in the product's own order: checkboxes post in the list's order, so the form also sends
 * the order it showed (`colorOrder`; sizes keep their set's order). It matters: the shop preselects the first size and colour.
 * Values the order does not name (just ticked, without JavaScript) come after, in the list's order.
 */
export function inOrder<T extends string>(values: readonly T[], order: string): T[] {
  const hinted = order.split(',').filter((v): v is T => (values as readonly string[]).includes(v));
  return [...new Set([...hinted, ...values])];
}

export const ORDER_FIELDS = { colors: 'colorOrder' } as const;

/**
 * The colours a product may use: the colours table as the action reads it and the page's loader read it (decision
 * 0034); where none are given, the eight the store starts with.
 */
export type ProductColours = { colours?: readonly { name: string }[] };
const STARTING_COLOURS = COLORS.map((name) => ({ name }));
export const PRODUCT_COLOUR_MESSAGE = 'Please choose colours from the list.';

/**
 * The grid's cells for the ticked sizes (already those of the product's set) and the ticked colours (a colour not in
 * the colours table is refused on its own).
 */
function gridCells(sizes: readonly string[], colors: readonly string[]) {
  const { rows, columns } = stockGrid(sizes, colors);
  return rows.flatMap((size) => columns.map((color) => ({ size, color, key: stockCellKey(size, color) })));
}

/**
 * The grid's choices and typed stock as the page's form holds them, read as the server reads them: for the page
 * taking over what was picked before its scripts arrived.
 */
export function readGridChoices(form: FormData) {
  const texts = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
  const stock: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith(STOCK_FIELD) && typeof value === 'string') stock[name.slice(STOCK_FIELD.length)] = value;
  return {
    sizeSetId: texts('sizeSetId')[0] ?? '',
    sizes: texts('sizes'),
    colors: inOrder(texts('colors'), texts(ORDER_FIELDS.colors)[0] ?? ''),
    stock,
  };
}

const priceField = z
  .string({ error: 'Please enter a price.' })
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

/** Typed text per stock cell, kept as typed: a blank box means "not tracked", so it is a value too. */
const stockCells = z.record(z.string(), z.string()).default({});

export const STOCK_ERROR =
  `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-NG')}, ` + 'or blank for not tracked.';

/**
 * One entry per cell of the grid; `was` is undefined for a cell that was not in the form when it was loaded; `sku` is
 * as typed, trimmed ('' = made by the database; left out = the cell keeps the one it has).
 */
export type VariantInput = {
  size: string;
  color: string;
  stock: number | null;
  was: number | null | undefined;
  sku?: string;
};

/**
 * The product form's schema for the store's size sets (decision 0034): the set chosen must be one of them and the
 * sizes ticked must be of that set; the action builds it from the database, the page from what its loader read.
 */
export const productSchemaFor = ({ sizeSets, colours = STARTING_COLOURS }: ProductCatalog & ProductColours) => {
  const setOf = (id: string | undefined) => sizeSets.find((set) => set.id === id);
  const chosenSetName = (input: unknown) =>
    setOf(z.object({ sizeSetId: z.string() }).safeParse(input).data?.sizeSetId)?.name ?? '';
  /** The grid's cells: the ticked sizes of the chosen set, in its order, by the colours. */
  const cellsOf = (sizeSetId: string | undefined, sizes: readonly string[], colors: readonly string[]) =>
    gridCells(sizesInSet(setOf(sizeSetId), sizes), colors);
  return z
    .object({
      name: requiredText('a name', NAME_MAX),
      price: priceField,
      compareAtPrice: compareAtPriceField,
      description: requiredText('a description', DESCRIPTION_MAX),
      category: z.enum(CATEGORIES, { error: 'Please choose a category.' }),
      collectionId: z
        .string()
        .refine(isId, 'Please choose a collection from the list.')
        .optional()
        .transform((id) => id ?? null),
      sizeSetId: z
        .string({ error: PRODUCT_SIZE_MESSAGES.chooseSet })
        .refine((id) => setOf(id) !== undefined, PRODUCT_SIZE_MESSAGES.chooseSet),
      sizes: z.array(z.string()).transform((values) => [...new Set(values)]),
      colors: choices(
        colours.map((colour) => colour.name),
        PRODUCT_COLOUR_MESSAGE,
      ),
      colorOrder: z.string().default(''),
      inStock: checkbox(),
      featured: checkbox(),
      fitNote: z.string().trim().max(FIT_NOTE_MAX, FIT_NOTE_MESSAGE).default(''),
      stock: stockCells,
      stockWas: stockCells,
      sku: stockCells,
      dropsAt: dropsAtField,
      dropCap: dropCapField,
      /** The sizes the admin agreed to take away although they hold stock or carts (removalQuestion). */
      [CONFIRM_REMOVAL_FIELD]: z.string().default(''),
    })
    .refine(({ sizeSetId, sizes }) => (sizes ?? []).every((size) => setOf(sizeSetId)?.sizes.includes(size) ?? true), {
      path: ['sizes'],
      error: (issue) => PRODUCT_SIZE_MESSAGES.sizesOfSet(chosenSetName(issue.input)),
      // Checked even when other fields fail, so every message shows at once.
      when: () => true,
    })
    .refine(...compareAtAbovePrice)
    .refine(
      // Only the grid's cells count: a box left from a size just unticked (without JavaScript) is not the product's.
      ({ sizeSetId, sizes, colors, stock }) =>
        cellsOf(sizeSetId, sizes ?? [], colors ?? []).every(({ key }) => parseStockText(stock[key] ?? '').ok),
      // Checked even when other fields fail, so every message shows at once.
      { path: ['stock'], message: STOCK_ERROR, when: () => true },
    )
    .superRefine(({ sizeSetId, sizes, colors, sku }, ctx) => {
      const typed = cellsOf(sizeSetId, sizes ?? [], colors ?? []).map(({ key }) => (sku[key] ?? '').trim());
      const problem = typed.map(skuProblem).find(Boolean);
      const twice = repeatedSku(typed);
      if (problem) ctx.addIssue({ code: 'custom', path: ['sku'], message: problem });
      else if (twice) ctx.addIssue({ code: 'custom', path: ['sku'], message: PRODUCT_SIZE_MESSAGES.skuTwice(twice) });
    })
    .transform(({ colorOrder, stock, stockWas, sku, ...rest }) => {
      const sizes = sizesInSet(setOf(rest.sizeSetId), rest.sizes);
      const colors = inOrder(rest.colors, colorOrder);
      const variants = gridCells(sizes, colors).map(({ size, color, key }): VariantInput => {
        const typed = parseStockText(stock[key] ?? '');
        const wasText = stockWas[key];
        const was = wasText === undefined ? undefined : parseStockText(wasText === NOT_TRACKED ? '' : wasText);
        const stockOf = { stock: typed.ok ? typed.stock : null, was: was?.ok ? was.stock : undefined };
        return { size, color, ...stockOf, sku: (sku[key] ?? '').trim() };
      });
      return { ...rest, sizes, colors, stock: variants };
    });
};

export type ProductSchema = ReturnType<typeof productSchemaFor>;

/** The product to save: the form's values and its images (which travel beside the form, see formImages). */
export type ProductInput = Omit<
  z.output<ProductSchema>,
  typeof CONFIRM_REMOVAL_FIELD | 'sizeSetId' | 'dropsAt' | 'dropCap'
> & {
  /** Left out, a saved product keeps its drop (decision 0036) and a new one has none. */
  dropsAt?: Date | null;
  dropCap?: number | null;
  /** Each with the colour it shows (decision 0034), none for every colour. */
  images: ProductImageInput[];
  /** Left out, a new product takes the database's default set and a saved one keeps its own. */
  sizeSetId?: string;
};
