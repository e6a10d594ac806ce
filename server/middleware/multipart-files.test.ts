/** The streaming file count of server/middleware/body-limit.ts, against bodies the platform's own FormData writes. */
import { describe, expect, it } from 'vitest';
import { multipartBoundary, MultipartFileCounter } from './multipart-files';

async function encoded(entries: [string, string | File][]): Promise<{ body: Buffer; boundary: string }> {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    boundary: multipartBoundary(request.headers.get('content-type') ?? '')!,
  };
}

function count(body: Buffer, boundary: string, pieceBytes: number): number {
  const counter = new MultipartFileCounter(boundary);
  let files = 0;
  for (let at = 0; at < body.length; at += pieceBytes) files = counter.write(body.subarray(at, at + pieceBytes));
  return files;
}

const picture = (name: string, bytes = 3000) => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/png' });

describe('MultipartFileCounter', () => {
  it('counts file parts and not text fields, however the body is cut into pieces', async () => {
    const { body, boundary } = await encoded([
      ['name', 'A shirt; filename="not-a-file.png"'],
      ['files', picture('front.png')],
      ['description', '--\r\n\r\nContent-Disposition: form-data; name="x"; filename="fake.png"\r\n\r\n'],
      ['files', picture('back.png', 70_000)],
      ['files', picture('side.png', 0)],
    ]);
    for (const piece of [1, 3, 7, 64, 1000, body.length])
      expect(count(body, boundary, piece), `pieces of ${piece}`).toBe(3);
  });

  it('stops counting at the closing delimiter', async () => {
    const { body, boundary } = await encoded([['files', picture('one.png')]]);
    const trailing = Buffer.concat([
      body,
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="late.png"\r\n\r\nx`),
    ]);
    expect(count(trailing, boundary, 5)).toBe(1);
  });

  it('reads the boundary of a multipart Content-Type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/x-www-form-urlencoded')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});
