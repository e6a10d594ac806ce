/**
 * The catalog CSV (decision 0041): its columns, how each cell is written and read, and one row's checks against the
 * store's collections, size sets and colours. Pure: the export writes with it, the import's preview and job read
 * with it, and the admin page names the same columns.
 *
 * A product's code is its id (14 lower-case letters and digits): the base of its SKUs, which the database makes as
 * `{CODE}-{SIZE}-{COLOUR}` (decision 0034). A row whose code the store has updates that product; a row with a code
 * the store does not have, or none, creates one.
 */
import { MAX_PRICE_KOBO, NAME_MAX, DESCRIPTION_MAX, MAX_STOCK } from './admin-catalog';
import { CATEGORIES, type Category } from './catalog-constants';
import { DROP_CAP_MAX } from './admin-drops';
import { FIT_NOTE_MAX } from './size-guides';
import { ID_PATTERN } from '../ids';
import { nairaToKobo } from '../money';

export const CSV_COLUMNS = [
  'Code',
  'Name',
  'Description',
  'Category',
  'Collection',
  'Price (NGN)',
  'Compare-at price (NGN)',
  'Size set',
  'Sizes',
  'Colours',
  'Stock',
  'Featured',
  'In stock',
  'Images',
  'Fit note',
  'Drops at',
  'Drop cap',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The columns a file must have; the others may be left out (blank). */
export const REQUIRED_COLUMNS: readonly CsvColumn[] = ['Name', 'Description', 'Category', 'Price (NGN)'];

/** The largest file the import reads: 10,000 products of about 500 bytes each, twice over. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_LABEL = '10 MB';
export const MAX_IMPORT_ROWS = 20_000;

/** Between the entries of a list cell (sizes, colours, stock, images). */
export const LIST_SEPARATOR = ' | ';

export const IMPORT_MESSAGES = {
  chooseFile: 'Please choose a CSV file to import.',
  tooLarge: `That file is larger than ${MAX_IMPORT_LABEL}. Please split it into smaller files and import each.`,
  notCsv: 'Please choose a CSV file (.csv).',
  empty: 'That file has no products: the first line names the columns, each line after it is a product.',
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-NG')} products. Please split it.`,
  missingColumns: (names: readonly string[]) => `The first line must name the column(s) ${names.join(', ')}.`,
  unknownColumn: (name: string) => `The column "${name}" is not one the import knows. Export a CSV to see them.`,
  quoting: (reason: string) => `The file cannot be read from here on: ${reason}. Nothing was imported.`,
  hasErrors: 'Fix the rows listed below, then upload the file again: nothing is imported while a row has an error.',
  applyFailed: 'The import stopped and nothing was changed. Please try again.',
  notPreviewed: 'That import was already applied or is running.',
  started: 'The import has started.',
} as const;

export const ROW_MESSAGES = {
  cells: (found: number, expected: number) => `has ${found} cells where the first line names ${expected}`,
  code: 'the code must be 14 lower-case letters and digits (as the export writes it), or blank for a new product',
  duplicateCode: (code: string, line: number) => `the code ${code} is also on line ${line}`,
  name: `a name is required (at most ${NAME_MAX} characters)`,
  description: `a description is required (at most ${DESCRIPTION_MAX.toLocaleString('en-NG')} characters)`,
  category: `unknown category (one of ${CATEGORIES.join(', ')})`,
  collection: (name: string) => `unknown collection "${name}"`,
  price: 'the price must be an amount in naira from 0, such as 15000 or 10.50',
  negativePrice: 'the price cannot be negative',
  compareAt: 'the compare-at price must be an amount in naira above the price, or blank',
  sizeSet: (name: string) => `unknown size set "${name}"`,
  size: (size: string, set: string) => `the size "${size}" is not in the size set ${set}`,
  colour: (name: string) => `unknown colour "${name}" (add it under Colours first)`,
  stockCell: (label: string) => `the stock "${label}" names no size and colour of the product`,
  stock: (label: string) => `the stock of ${label} must be a whole number from 0 to ${MAX_STOCK}, or blank`,
  yesNo: (column: string) => `${column} must be yes or no`,
  image: (entry: string) => `the image "${entry}" is not a stored image ("products/… WIDTHxHEIGHT")`,
  imageMissing: (key: string) => `the image ${key} is not in the store's storage: upload it in a product first`,
  fitNote: `the fit note is at most ${FIT_NOTE_MAX} characters`,
  dropsAt: 'drops at must be a date and time with its zone, such as 2026-12-01T08:00:00.000Z, or blank',
  dropCap: `the drop cap must be a whole number from 1 to ${DROP_CAP_MAX}, or blank`,
} as const;

/** The store's names the rows are checked against, each by its name in lower case. */
export type CsvLookups = {
  collections: ReadonlyMap<string, { id: string; name: string }>;
  sizeSets: ReadonlyMap<string, { id: string; name: string; sizes: readonly string[] }>;
  colours: ReadonlyMap<string, string>;
  defaultSizeSetId: string;
};

export type CsvImage = { key: string; width: number; height: number };
export type CsvStockCell = { size: string; color: string; stock: number | null };

/** One row as the import writes it (prices in kobo). */
export type CsvProduct = {
  code: string | null;
  name: string;
  description: string;
  category: Category;
  collectionId: string | null;
  price: number;
  compareAtPrice: number | null;
  sizeSetId: string;
  sizes: string[];
  colors: string[];
  stock: CsvStockCell[];
  featured: boolean;
  inStock: boolean;
  images: CsvImage[];
  fitNote: string;
  dropsAt: Date | null;
  dropCap: number | null;
};

export type CsvRowResult = { ok: true; product: CsvProduct } | { ok: false; reasons: string[] };

/** The export's neutralising apostrophe (admin-csv.ts) taken off again: `'=SUM(A1)` reads back as `=SUM(A1)`. */
export const unneutralised = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export const listCell = (values: readonly string[]) => values.join(LIST_SEPARATOR);
const splitList = (text: string) =>
  text
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);

/** `M/Black`, `M` (no colours), `Black` (no sizes) or '' (neither): the name of a stock cell. */
export const stockLabel = (size: string, color: string) => [size, color].filter(Boolean).join('/');
export const stockCellText = (cells: readonly CsvStockCell[]) =>
  listCell(cells.map((cell) => `${stockLabel(cell.size, cell.color)}=${cell.stock ?? ''}`));
export const imageCellText = (images: readonly CsvImage[]) =>
  listCell(images.map((image) => `${image.key} ${image.width}x${image.height}`));
export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A moment with its offset (`Z` or `+01:00`): a time without one would be read in the server's own zone. */
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;
const IMAGE_ENTRY = /^(products\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}) (\d{1,5})x(\d{1,5})$/;

function parseYesNo(text: string, fallback: boolean): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '') return fallback;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return null;
}

/** Checks one row (its cells by column) and turns it into what the import writes, or says every reason it cannot. */
export function readCsvRow(cell: (column: CsvColumn) => string, lookups: CsvLookups): CsvRowResult {
  const reasons: string[] = [];
  const text = (column: CsvColumn) => unneutralised(cell(column)).trim();
  const code = text('Code').toLowerCase();
  if (code && !ID_PATTERN.test(code)) reasons.push(ROW_MESSAGES.code);
  const name = text('Name');
  if (!name || name.length > NAME_MAX) reasons.push(ROW_MESSAGES.name);
  const description = text('Description');
  if (!description || description.length > DESCRIPTION_MAX) reasons.push(ROW_MESSAGES.description);
  const category = CATEGORIES.find((c) => c.toLowerCase() === text('Category').toLowerCase());
  if (!category) reasons.push(ROW_MESSAGES.category);
  const collectionName = text('Collection');
  const collection = collectionName ? lookups.collections.get(collectionName.toLowerCase()) : undefined;
  if (collectionName && !collection) reasons.push(ROW_MESSAGES.collection(collectionName));

  const price = readPrice(text('Price (NGN)'), reasons);
  const compareText = text('Compare-at price (NGN)');
  const compareAtPrice = compareText ? nairaToKobo(compareText) : null;
  if (compareText && (compareAtPrice === null || price === null || compareAtPrice <= price))
    reasons.push(ROW_MESSAGES.compareAt);

  const setName = text('Size set');
  const set = setName
    ? lookups.sizeSets.get(setName.toLowerCase())
    : [...lookups.sizeSets.values()].find((s) => s.id === lookups.defaultSizeSetId);
  if (!set) reasons.push(ROW_MESSAGES.sizeSet(setName));
  const sizes = [...new Set(splitList(text('Sizes')))];
  for (const size of sizes) if (set && !set.sizes.includes(size)) reasons.push(ROW_MESSAGES.size(size, set.name));
  const orderedSizes = set ? set.sizes.filter((size) => sizes.includes(size)) : sizes;
  const colors: string[] = [];
  for (const typed of splitList(text('Colours'))) {
    const known = lookups.colours.get(typed.toLowerCase());
    if (!known) reasons.push(ROW_MESSAGES.colour(typed));
    else if (!colors.includes(known)) colors.push(known);
  }
  const stock = readStock(text('Stock'), orderedSizes, colors, reasons);

  const featured = parseYesNo(text('Featured'), false);
  if (featured === null) reasons.push(ROW_MESSAGES.yesNo('Featured'));
  const inStock = parseYesNo(text('In stock'), true);
  if (inStock === null) reasons.push(ROW_MESSAGES.yesNo('In stock'));
  const images: CsvImage[] = [];
  for (const entry of splitList(text('Images'))) {
    const match = IMAGE_ENTRY.exec(entry);
    const [width, height] = [Number(match?.[2]), Number(match?.[3])];
    if (!match || !(width >= 1 && width <= 20_000 && height >= 1 && height <= 20_000))
      reasons.push(ROW_MESSAGES.image(entry));
    else if (!images.some((image) => image.key === match[1])) images.push({ key: match[1], width, height });
  }
  const fitNote = text('Fit note');
  if (fitNote.length > FIT_NOTE_MAX) reasons.push(ROW_MESSAGES.fitNote);
  const dropsText = text('Drops at');
  const dropsAt = dropsText ? new Date(dropsText) : null;
  if (dropsAt && (Number.isNaN(dropsAt.getTime()) || !ISO_INSTANT.test(dropsText))) reasons.push(ROW_MESSAGES.dropsAt);
  const capText = text('Drop cap');
  const dropCap = capText ? Number(capText) : null;
  if (dropCap !== null && !(/^\d{1,4}$/.test(capText) && dropCap >= 1 && dropCap <= DROP_CAP_MAX))
    reasons.push(ROW_MESSAGES.dropCap);

  if (reasons.length || !category || !set || price === null || featured === null || inStock === null)
    return { ok: false, reasons };
  return {
    ok: true,
    product: {
      ...{ code: code || null, name, description, category, collectionId: collection?.id ?? null, price },
      ...{ compareAtPrice, sizeSetId: set.id, sizes: orderedSizes, colors, stock, featured, inStock, images },
      ...{ fitNote, dropsAt, dropCap },
    },
  };
}

function readPrice(typed: string, reasons: string[]): number | null {
  if (/^-\s*₦?\s*\d/.test(typed)) {
    reasons.push(ROW_MESSAGES.negativePrice);
    return null;
  }
  const kobo = typed ? nairaToKobo(typed) : null;
  if (kobo === null || kobo > MAX_PRICE_KOBO) {
    reasons.push(ROW_MESSAGES.price);
    return null;
  }
  return kobo;
}

/** The grid's cells (every size × colour), each with the stock the cell names, or not tracked when it names none. */
function readStock(typed: string, sizes: string[], colors: string[], reasons: string[]): CsvStockCell[] {
  const cells = (sizes.length ? sizes : ['']).flatMap((size) =>
    (colors.length ? colors : ['']).map((color): CsvStockCell => ({ size, color, stock: null })),
  );
  const byLabel = new Map(cells.map((cell) => [stockLabel(cell.size, cell.color).toLowerCase(), cell]));
  for (const entry of splitList(typed)) {
    const at = entry.lastIndexOf('=');
    const label = (at < 0 ? '' : entry.slice(0, at)).trim();
    const value = at < 0 ? entry : entry.slice(at + 1).trim();
    const cell = byLabel.get(label.toLowerCase());
    if (!cell) {
      reasons.push(ROW_MESSAGES.stockCell(label || entry));
      continue;
    }
    const stock = value === '' ? null : /^\d{1,7}$/.test(value) ? Number(value) : NaN;
    if (stock !== null && !(stock <= MAX_STOCK)) reasons.push(ROW_MESSAGES.stock(label || 'the product'));
    else cell.stock = stock;
  }
  return cells;
}

/** The preview a checked file gets (catalog_imports.summary): what it would do, and each row's errors by line. */
export type ImportSummary = {
  create: number;
  update: number;
  /** The first rows of each kind, to show. */
  creating: { line: number; name: string }[];
  updating: { line: number; code: string; name: string }[];
  errors: { line: number; reason: string }[];
};
export const SUMMARY_SHOWN = 50;

export const emptySummary = (): ImportSummary => ({ create: 0, update: 0, creating: [], updating: [], errors: [] });
