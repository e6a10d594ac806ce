/** For the admin catalog's integration tests: multipart posts as a browser sends them, and real image bytes. */
import sharp from 'sharp';
import { nextIp, ORIGIN } from './route-helpers';

export type UploadFile = { field?: string; name: string; bytes: Buffer; type?: string };

/** A multipart/form-data POST with text fields and files, from a page of this site. */
export function multipart(
  url: string,
  fields: Record<string, string | string[]>,
  files: UploadFile[] = [],
  { cookie }: { cookie?: string } = {},
): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  for (const file of files)
    body.append(
      file.field ?? 'files',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const headers: Record<string, string> = { origin: ORIGIN, 'x-client-ip': nextIp() };
  if (cookie) headers.cookie = cookie;
  return new Request(`${ORIGIN}${url}`, { method: 'POST', headers, body });
}

export const png = (width: number, height: number, color = { r: 20, g: 90, b: 160 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A valid PNG of more than `bytes` bytes: random pixels do not compress. */
export async function bigPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 4)
    raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, Math.min(i, raw.length - 4));
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
