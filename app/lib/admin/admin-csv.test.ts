import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvHeaders, csvRow, koboToNairaText, toCsv } from './admin-csv';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, empty for null and undefined', () => {
    expect(csvCell('Ada Obi')).toBe('Ada Obi');
    expect(csvCell(12500.5)).toBe('12500.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-12-01T09:30:00Z'))).toBe('2026-12-01T09:30:00.000Z');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lekki, Lagos')).toBe('"Lekki, Lagos"');
    expect(csvCell('The "Signature" Hoodie')).toBe('"The ""Signature"" Hoodie"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('toCsv', () => {
  it('starts with a byte-order mark, ends lines with CRLF, escapes every cell', () => {
    const text = toCsv(
      ['Name', 'Total'],
      [
        ['Ada, Obi', '=1+1'],
        ['Chidi', 5],
      ],
    );
    expect(text).toBe('\uFEFFName,Total\r\n"Ada, Obi",\'=1+1\r\nChidi,5\r\n');
    expect(csvRow(['a', null, 'b'])).toBe('a,,b');
  });
});

describe('koboToNairaText', () => {
  it('writes naira with two decimals and no symbol', () => {
    expect(koboToNairaText(1_250_050)).toBe('12500.50');
    expect(koboToNairaText(260_000)).toBe('2600.00');
    expect(koboToNairaText(5)).toBe('0.05');
    expect(koboToNairaText(0)).toBe('0.00');
    expect(koboToNairaText(-150)).toBe('-1.50');
  });
});

describe('file name and headers', () => {
  it('names the file by the Lagos day and sends it as a private attachment', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Lagos.
    expect(csvFileName('orders', new Date('2026-11-30T23:30:00Z'))).toBe('orders-2026-12-01.csv');
    const headers = new Headers(csvHeaders('orders-2026-12-01.csv'));
    expect(headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('Content-Disposition')).toBe('attachment; filename="orders-2026-12-01.csv"');
    expect(headers.get('Cache-Control')).toBe('private, no-store');
  });
});
