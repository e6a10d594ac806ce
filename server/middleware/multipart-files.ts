/**
 * Counts the files of a multipart/form-data body while it streams past, keeping none of it, so
 * server/middleware/body-limit.ts can refuse a post with more files than its form may carry before they are read. A
 * part counts as a file when its headers name a `filename` (RFC 7578), the same test the platform's formData() uses; an empty file input posts
 * one such part too, which the forms allow for (one file input each).
 */

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
/** Real part headers are a few hundred bytes; past this a part is taken as a file rather than kept in memory. */
const MAX_HEADER_BYTES = 16 * 1024;
const FILENAME = /filename\*?\s*=/i;

/** The boundary of a multipart/form-data Content-Type, or null when it is not one (or names none). */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

export class MultipartFileCounter {
  files = 0;
  private readonly delimiter: Buffer;
  /** Bytes of the previous chunk that may begin a delimiter or belong to unfinished headers. */
  private carry: Buffer = CRLF;
  private state: 'seeking' | 'headers' | 'done' = 'seeking';

  constructor(boundary: string) {
    // Parts are separated by CRLF "--boundary"; the carry starts as CRLF so the first one, which opens the body
    // without a line break, is found like the others.
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  /** Reads the next bytes of the body; answers how many files it has seen so far. */
  write(chunk: Uint8Array): number {
    if (this.state === 'done') return this.files;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const data = this.carry.length ? Buffer.concat([this.carry, bytes]) : bytes;
    let at = 0;
    for (;;) {
      if (this.state === 'seeking') {
        const found = data.indexOf(this.delimiter, at);
        if (found === -1) return this.keep(data, Math.max(at, data.length - (this.delimiter.length - 1)));
        at = found + this.delimiter.length;
        this.state = 'headers';
        continue;
      }
      // After a delimiter: "--" closes the body; otherwise the part's headers run to the first empty line.
      if (data.length - at < 2) return this.keep(data, at);
      if (data[at] === 0x2d && data[at + 1] === 0x2d) {
        this.state = 'done';
        this.carry = EMPTY;
        return this.files;
      }
      const end = data.indexOf(HEADERS_END, at);
      if (end === -1 && data.length - at <= MAX_HEADER_BYTES) return this.keep(data, at);
      if (end === -1 || FILENAME.test(data.toString('latin1', at, end))) this.files++;
      at = end === -1 ? data.length : end + HEADERS_END.length;
      this.state = 'seeking';
    }
  }

  private keep(data: Buffer, from: number): number {
    // A copy, so the carry does not hold on to the whole chunk it came from.
    this.carry = Buffer.from(data.subarray(from));
    return this.files;
  }
}
