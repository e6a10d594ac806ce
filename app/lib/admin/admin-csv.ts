/**
 * CSV for the admin exports (orders, newsletter subscribers), RFC 4180: fields with a comma, quote or line
 * break are quoted, quotes doubled, lines end with CRLF. A cell a spreadsheet would run as a formula
 * (starting with = + - @, or a tab / carriage return that some spreadsheets skip before one) gets a leading
 * apostrophe: customer names and addresses are typed by anyone, and an export is opened by staff.
 */

export type CsvValue = string | number | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, with the leading apostrophe that makes it text (the catalog CSV too). */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** One cell, escaped and neutralised. Numbers are written as they are (a negative number is not a formula). */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutralised(value instanceof Date ? value.toISOString() : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly CsvValue[]) => values.map(csvCell).join(',');

/**
 * A whole file: the header row, then the rows. Starts with a byte-order mark so Excel reads the UTF-8
 * (₦, accented names) correctly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}

/** Kobo as a plain naira number for spreadsheets: 1250050 → "12500.50" (no symbol, no thousands separator). */
export function koboToNairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `orders-2026-12-01.csv`: the day in Lagos, so the file name matches the staff's calendar. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `${prefix}-${day}.csv`;
}

/** The headers of a CSV download that only admins may fetch. */
export function csvHeaders(fileName: string): HeadersInit {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}
