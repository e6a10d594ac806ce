/**
 * Reading and checking a catalog CSV (decision 0041) against the store as it is now: the file is parsed by
 * csv-parse, each row checked by readCsvRow (app/lib/catalog/catalog-csv.ts) against the store's collections, size
 * sets and colours, codes matched to products, images to stored ones. Used by the preview and again by the job
 * right before it writes, since the store may have changed in between.
 */
import { inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CsvError } from 'csv-parse';
import { productImages, products } from '~/db/schema';
import {
  CSV_COLUMNS,
  emptySummary,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  readCsvRow,
  REQUIRED_COLUMNS,
  ROW_MESSAGES,
  SUMMARY_SHOWN,
  unneutralised,
  type CsvColumn,
  type CsvLookups,
  type CsvProduct,
  type ImportSummary,
} from '~/lib/catalog/catalog-csv';
import { db } from '../db.server';
import { collectionOptions } from './admin-collections.server';
import { colourChoices } from './admin-colours.server';
import { sizeSetOptions } from './admin-size-sets.server';
import { variantWidths } from './media.server';
import { imageFilesExist } from './admin-upload-files.server';

/** A row ready to write: its product, whether it updates one the store has, and each image's stored widths. */
export type CheckedRow = {
  line: number;
  product: CsvProduct;
  update: boolean;
  widths: Map<string, number[]>;
};
export type CheckedCsv = { rows: CheckedRow[]; summary: ImportSummary; totalRows: number };

async function storeLookups(): Promise<CsvLookups> {
  const [collections, sets, colours] = await Promise.all([collectionOptions(), sizeSetOptions(), colourChoices()]);
  return {
    collections: new Map(collections.map((c) => [c.name.toLowerCase(), c])),
    sizeSets: new Map(sets.map((s) => [s.name.toLowerCase(), s])),
    colours: new Map(colours.map((c) => [c.name.toLowerCase(), c.name])),
    defaultSizeSetId: sets.find((s) => s.isDefault)?.id ?? '',
  };
}

const parsedRecords = z.array(z.object({ record: z.array(z.string()), info: z.object({ lines: z.number() }) }));
type ParsedRecord = z.infer<typeof parsedRecords>[number];

/** Broken quoting in words, by csv-parse's error code. */
const QUOTING_REASONS: Partial<Record<string, string>> & { other: string } = {
  CSV_QUOTE_NOT_CLOSED: 'a quote opened here is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by more text (write "" for a quote inside a quoted cell)',
  CSV_INVALID_OPENING_QUOTE: 'a quote starts in the middle of a cell (put the whole cell in quotes)',
  other: 'the quoting is broken',
};

/** The file's records with the line each starts on, or the reason it cannot be read (broken quoting). */
function records(text: string): { records: ParsedRecord[]; broken: { line: number; reason: string } | null } {
  try {
    const read = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
    return { records: parsedRecords.parse(read), broken: null };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number(error.lines) || 1;
    const reason = QUOTING_REASONS[error.code] ?? QUOTING_REASONS.other;
    return { records: [], broken: { line, reason: IMPORT_MESSAGES.quoting(reason) } };
  }
}

/** The line a record starts on: csv-parse gives the one it ends on, and a quoted cell may hold line breaks. */
const startLine = ({ record, info }: ParsedRecord) =>
  info.lines - record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** Checks the whole file; every problem comes back in the summary's errors, each with its line. */
export async function checkCatalogCsv(text: string): Promise<CheckedCsv> {
  const summary = emptySummary();
  const fail = (line: number, reason: string): CheckedCsv => {
    summary.errors.push({ line, reason });
    return { rows: [], summary, totalRows: 0 };
  };
  const parsed = records(text);
  if (parsed.broken) return fail(parsed.broken.line, parsed.broken.reason);
  const [head, ...body] = parsed.records;
  if (!head || !body.length) return fail(1, IMPORT_MESSAGES.empty);
  if (body.length > MAX_IMPORT_ROWS) return fail(1, IMPORT_MESSAGES.tooManyRows);
  const names = head.record.map((name) => unneutralised(name).trim().toLowerCase());
  const unknown = head.record.find((_, i) => !CSV_COLUMNS.some((c) => c.toLowerCase() === names[i]));
  if (unknown !== undefined) return fail(1, IMPORT_MESSAGES.unknownColumn(unknown));
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c.toLowerCase()));
  if (missing.length) return fail(1, IMPORT_MESSAGES.missingColumns(missing));
  const indexOf = new Map(CSV_COLUMNS.map((c) => [c, names.indexOf(c.toLowerCase())]));

  const lookups = await storeLookups();
  const read: { line: number; product: CsvProduct }[] = [];
  const codeLines = new Map<string, number>();
  for (const entry of body) {
    const line = startLine(entry);
    if (entry.record.length !== head.record.length) {
      summary.errors.push({ line, reason: ROW_MESSAGES.cells(entry.record.length, head.record.length) });
      continue;
    }
    const cell = (column: CsvColumn) => entry.record[indexOf.get(column) ?? -1] ?? '';
    const result = readCsvRow(cell, lookups);
    if (!result.ok) {
      summary.errors.push(...result.reasons.map((reason) => ({ line, reason })));
      continue;
    }
    const { code } = result.product;
    const seen = code && codeLines.get(code);
    if (code && seen) summary.errors.push({ line, reason: ROW_MESSAGES.duplicateCode(code, seen) });
    else {
      if (code) codeLines.set(code, line);
      read.push({ line, product: result.product });
    }
  }
  const [existing, widths] = await Promise.all([existingCodes([...codeLines.keys()]), imageWidths(read, summary)]);
  const rows = read.map(({ line, product }) => ({
    line,
    product,
    update: product.code !== null && existing.has(product.code),
    widths,
  }));
  for (const row of rows) {
    if (row.update) summary.update++;
    else summary.create++;
    const shown = { line: row.line, name: row.product.name };
    if (row.update && summary.updating.length < SUMMARY_SHOWN)
      summary.updating.push({ ...shown, code: row.product.code ?? '' });
    if (!row.update && summary.creating.length < SUMMARY_SHOWN) summary.creating.push(shown);
  }
  summary.errors.sort((a, b) => a.line - b.line);
  return { rows: summary.errors.length ? [] : rows, summary, totalRows: body.length };
}

async function existingCodes(codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 5000) {
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, codes.slice(i, i + 5000)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * The stored widths of every image the rows name: those of an image some product already shows, else those its
 * size gives, when the files are in storage (a key that is neither is a row error).
 */
async function imageWidths(rows: { line: number; product: CsvProduct }[], summary: ImportSummary) {
  const keys = [...new Set(rows.flatMap((row) => row.product.images.map((image) => image.key)))];
  const widths = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i += 5000) {
    const known = await db()
      .selectDistinctOn([productImages.key], { key: productImages.key, widths: productImages.widths })
      .from(productImages)
      .where(inArray(productImages.key, keys.slice(i, i + 5000)))
      .orderBy(productImages.key, sql`${productImages.id}`);
    for (const row of known) widths.set(row.key, row.widths);
  }
  for (const { line, product } of rows) {
    for (const image of product.images) {
      if (widths.has(image.key)) continue;
      const stored = { ...image, widths: variantWidths(image.width) };
      if (await imageFilesExist(stored)) widths.set(image.key, stored.widths);
      else summary.errors.push({ line, reason: ROW_MESSAGES.imageMissing(image.key) });
    }
  }
  return widths;
}
