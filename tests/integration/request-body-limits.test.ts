/**
 * Decision 0015, against a running store (the production build, as `npm start` serves it): bodies are capped
 * while they stream. Twenty parallel 30 MB posts (urlencoded with a length, chunked without one, and React
 * Router's `.data` single fetch) each get a 413 while the process's resident memory stays within 100 MB of where
 * it started; the webhook refuses a chunked 2 MB body with JSON; an admin upload over its limits or with more
 * files than its form carries is refused with nothing stored, while normal forms and uploads still work.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '~/db/schema';
import { db } from '~/server/db.server';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { png } from '../admin-catalog-helpers';
import { createProduct, createUser } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

// Before any module reads the settings: this file's own data (createUser's mails) goes to a temporary folder.
const root = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/store-body-limits-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = `${dir}/tests`;
  return dir;
});
const storeData = path.join(root, 'store');
const uploadsDir = path.join(storeData, 'uploads');

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
let store: StoreProcess;
let origin = '';

afterAll(() => {
  if (store && store.child.exitCode === null) store.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

beforeAll(async () => {
  // A product of its own, so the start does not seed the demo catalog into this file's database.
  await createProduct();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  store = await startStore(
    {
      DATA_DIR: storeData,
      DATABASE_URL: process.env.DATABASE_URL!,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'warn',
    },
    port,
  );
}, 180_000);

type Answer = { status: number; type: string; body: string };
type Post = {
  path: string;
  headers?: Record<string, string>;
  head?: Buffer;
  size?: number;
  tail?: Buffer;
  chunked?: boolean;
};

/** The status, Content-Type and body of a raw HTTP/1.1 answer (Content-Length or chunked). */
function parseAnswer(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.toString('latin1', 0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const eol = body.indexOf('\r\n', at);
      const size = parseInt(body.toString('latin1', at, eol), 16);
      if (!size) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length']) body = body.subarray(0, Number(headers['content-length']));
  return { status: Number(statusLine.split(' ')[1]), type: headers['content-type'] ?? '', body: body.toString('utf8') };
}

/**
 * A POST as a careless or hostile client sends it, over a raw connection: `head`, then `size` filler bytes in
 * 64 KB pieces (never held whole), then `tail`, with a Content-Length unless `chunked`; it keeps sending whatever
 * the server answers meanwhile. Settles with the answer once the server has closed the connection; the server
 * cutting the connection while this side still writes is fine as long as the whole answer arrived first.
 */
function send({
  path: target,
  headers = {},
  head = Buffer.alloc(0),
  size = 0,
  tail = Buffer.alloc(0),
  chunked = false,
}: Post): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { port, hostname } = new URL(origin);
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer from ${target} in 60 s`)), 60_000);
    let failure: Error | undefined;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received);
      if (raw.indexOf('\r\n\r\n') === -1)
        return reject(failure ?? new Error(`${target}: connection closed without an answer`));
      resolve(parseAnswer(raw));
    });
    const length = head.length + size + tail.length;
    const framing = chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(length) };
    const fields = { Host: new URL(origin).host, Origin: origin, ...headers, ...framing, Connection: 'close' };
    socket.write(
      `POST ${target} HTTP/1.1\r\n${Object.entries(fields)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    );
    const write = (piece: Buffer) => {
      if (!chunked) return socket.write(piece);
      socket.write(`${piece.length.toString(16)}\r\n`);
      socket.write(piece);
      return socket.write('\r\n');
    };
    if (head.length) write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        if (socket.destroyed) return;
        const piece = Math.min(CHUNK.length, size - sent);
        sent += piece;
        if (!write(piece === CHUNK.length ? CHUNK : CHUNK.subarray(0, piece))) return void socket.once('drain', pump);
      }
      if (tail.length) write(tail);
      if (chunked) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

function residentBytes(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line![1]) * 1024;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const contactHead = Buffer.from('name=Big&email=big%40example.com&subject=Big&message=');

describe('request bodies are capped while they stream', { timeout: 120_000 }, () => {
  it('answers 20 parallel 30 MB posts with 413, memory flat; pages and normal forms still work', async () => {
    const pid = store.child.pid!;
    // Warm up: the pages and the contact action have run once, so their code is loaded before the baseline.
    for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/contact`)).status).toBe(200);
    const normal = await send({
      path: '/contact',
      headers: { ...FORM, accept: 'text/html' },
      head: Buffer.from('name=Ada&email=ada%40example.com&subject=Sizes&message=Hello'),
    });
    expect(normal.status).toBe(200);
    expect(normal.body).toContain('Thank you for your message!');
    const baseline = residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 20);

    const kinds = ['declared', 'chunked', 'single fetch'] as const;
    const posts = Array.from({ length: 20 }, (_, i) => kinds[i % 3]);
    const answers = await Promise.all(
      posts.map((kind) =>
        send({
          path: kind === 'single fetch' ? '/contact.data' : '/contact',
          headers: { ...FORM, accept: kind === 'single fetch' ? '*/*' : 'text/html' },
          head: contactHead,
          size: 30 * MB,
          chunked: kind === 'chunked',
        }),
      ),
    ).finally(() => clearInterval(sampler));
    peak = Math.max(peak, residentBytes(pid));

    expect(Math.round((peak - baseline) / MB), 'MB of resident memory gained').toBeLessThan(100);
    answers.forEach((answer, i) => {
      expect(answer.status, posts[i]).toBe(413);
      if (posts[i] === 'single fetch') expect(JSON.parse(answer.body).error).toMatch(/larger than this form accepts/);
      else {
        expect(answer.type).toMatch(/^text\/html/);
        expect(answer.body).toContain(
          'What you sent is larger than this form accepts (64 KB). Please shorten it and send it again.',
        );
      }
    });
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const after = await send({
      path: '/contact',
      headers: { ...FORM, accept: 'text/html' },
      head: Buffer.from('name=Bola&email=bola%40example.com&subject=Returns&message=Hello again'),
    });
    expect(after.status).toBe(200);
    // Only the normal messages were kept.
    expect((await db().select().from(contactMessages)).map((row) => row.name).sort()).toEqual(['Ada', 'Bola']);
    // Each refusal is in the log with the client's address, the path and the bytes seen.
    const refusals = store
      .output()
      .split('\n')
      .filter((line) => line.includes('request body refused'))
      .map((line) => JSON.parse(line) as { ip: string; path: string; bytes: number });
    expect(refusals.filter((entry) => /^\/contact(\.data)?$/.test(entry.path))).toHaveLength(20);
    for (const entry of refusals) {
      expect(entry.ip).toMatch(/127\.0\.0\.1$/);
      expect(entry.bytes).toBeGreaterThan(64 * 1024);
    }
  });

  it('refuses a 2 MB webhook body with JSON, counted when chunked and when declared', async () => {
    const headers = { 'content-type': 'application/json', 'x-paystack-signature': 'not-checked-before-the-size' };
    const head = Buffer.from('{"event":"charge.success","data":{"padding":"');
    for (const chunked of [true, false]) {
      const answer = await send({
        path: '/webhooks/paystack',
        headers,
        head,
        size: 2 * MB,
        tail: Buffer.from('"}}'),
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: 'The request body is larger than 1 MB.' });
    }
  });

  it('refuses admin uploads over the size or file-count limits, storing nothing; normal ones work', async () => {
    // Signed in through the store's own form: a production store names its session cookie its own way.
    const admin = await createUser({ admin: true });
    const signedIn = await fetch(`${origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: admin.email, password: admin.password }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/session_token/);
    const image = await png(40, 30);
    const multipart = async (
      fields: Record<string, string>,
      files: { field: string; name: string; bytes: Buffer }[],
    ) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const file of files)
        form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
      const request = new Request(origin, { method: 'POST', body: form });
      return {
        head: Buffer.from(await request.arrayBuffer()),
        headers: { cookie, 'content-type': request.headers.get('content-type')!, accept: 'text/html' },
      };
    };
    const stored = () =>
      fs.existsSync(uploadsDir)
        ? fs.readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
        : [];
    // One huge file, streamed: its part's head, 25 MB of it, then the closing boundary.
    const boundary = 'body-limit-test';
    const partHead = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nproducts\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const partTail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const huge = { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` };

    for (const chunked of [false, true]) {
      const answer = await send({
        path: '/admin/uploads',
        headers: huge,
        head: partHead,
        size: 25 * MB,
        tail: partTail,
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'The image is larger than 10MB. Please choose an image of up to 10MB.',
      });
    }
    // A little over 10 MB is read and refused by name.
    const over = await send({
      path: '/admin/uploads',
      headers: huge,
      head: partHead,
      size: 10 * MB + 1,
      tail: partTail,
    });
    expect(over.status).toBe(400);
    expect(JSON.parse(over.body).error).toBe('"huge.png" is larger than 10MB. Please choose an image of up to 10MB.');

    // More files than the form carries: two to the one-image endpoint and to a collection.
    const two = [1, 2].map((n) => ({ field: 'file', name: `shot-${n}.png`, bytes: image }));
    const endpoint = await send({ path: '/admin/uploads', ...(await multipart({ folder: 'products' }, two)) });
    expect(endpoint.status).toBe(413);
    expect(JSON.parse(endpoint.body)).toEqual({ error: 'Send one image at a time.' });
    const collection = await send({
      path: '/admin/collections/new',
      ...(await multipart(
        { intent: 'upload', name: 'Two', description: 'Two pictures' },
        two.map((file) => ({ ...file, field: 'files' })),
      )),
    });
    expect(collection.status).toBe(413);
    expect(collection.body).toContain('Send one image at a time.');
    // A product: more than it may have (12) is cut off while it streams; seven, more than one post may carry (6),
    // is read and answered by the form itself, which keeps what was typed.
    const looks = (count: number) =>
      Array.from({ length: count }, (_, n) => ({ field: 'files', name: `look-${n}.png`, bytes: image }));
    const thirteen = await send({
      path: '/admin/products/new',
      ...(await multipart({ intent: 'upload', name: 'Thirteen' }, looks(13))),
    });
    expect(thirteen.status).toBe(413);
    expect(thirteen.type).toMatch(/^text\/html/);
    expect(thirteen.body).toContain('Send at most 6 images at a time.');
    const seven = await send({
      path: '/admin/products/new',
      ...(await multipart({ intent: 'upload', name: 'Seven' }, looks(7))),
    });
    expect(seven.status).toBe(400);
    expect(seven.body).toContain('Send at most 6 images at a time.');
    expect(seven.body).toContain('value="Seven"');
    expect(stored()).toEqual([]);

    // What the forms really send still works.
    const one = await send({
      path: '/admin/uploads',
      ...(await multipart({ folder: 'products' }, [{ field: 'file', name: 'look.png', bytes: image }])),
    });
    expect(one.status).toBe(201);
    expect(JSON.parse(one.body).key).toMatch(/^products\//);
    expect(stored().length).toBeGreaterThan(0);
    const oneForCollection = await send({
      path: '/admin/collections/new',
      ...(await multipart({ intent: 'upload', name: 'One' }, [{ field: 'files', name: 'cover.png', bytes: image }])),
    });
    expect(oneForCollection.status).toBe(200);
    expect(oneForCollection.body).not.toContain('Send one image at a time.');
  });
});
