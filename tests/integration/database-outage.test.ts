/**
 * PostgreSQL unreachable while the store runs (production build, as `npm start` serves it): pages answer a
 * clear 503 page and /healthz 503; when the database is back the store recovers by itself, no restart.
 * The outage is a TCP proxy between the app and this file's database that drops and refuses connections.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories';
import { startStore } from '../store-process';

const target = new URL(process.env.DATABASE_URL!);
let open = true;
const sockets = new Set<net.Socket>();
const proxy = net.createServer((client) => {
  if (!open) return client.destroy();
  const upstream = net.connect(Number(target.port), target.hostname);
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  }
  client.pipe(upstream).pipe(client);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outage-'));
let app: ChildProcess | undefined;
let base = '';

afterAll(async () => {
  if (app && app.exitCode === null) app.kill('SIGKILL');
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startApp() {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const viaProxy = new URL(target);
  viaProxy.port = String((proxy.address() as net.AddressInfo).port);
  const store = await startStore({
    DATA_DIR: dataDir,
    DATABASE_URL: viaProxy.toString(),
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://shop.example.com',
    LOG_LEVEL: 'silent',
  });
  app = store.child;
  base = store.base;
}

describe('database outage', { timeout: 120_000 }, () => {
  it('answers 503 while PostgreSQL is unreachable and recovers by itself', async () => {
    // A product, so the start does not seed the demo catalog into this file's database.
    const product = await createProduct();
    await startApp();
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    open = false;
    for (const socket of sockets) socket.destroy();
    const page = await fetch(`${base}/product/${product.id}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('30');
    const html = await page.text();
    expect(html).toContain('We will be right back');
    expect(html).not.toMatch(/select |ECONNREFUSED|at .*\.js:\d+/i);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'down' });

    open = true;
    await expect.poll(async () => (await fetch(`${base}/product/${product.id}`)).status, { timeout: 20_000 }).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const exit = new Promise<number | null>((resolve) => app!.once('exit', resolve));
    app!.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
