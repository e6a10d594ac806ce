/**
 * The demo store (`npm start` on the embedded database, no keys) runs the Paystack simulator. Its control
 * endpoint answers only with the per-run token, which the store hands over in $DATA_DIR/paystack-simulator.json,
 * readable by its own user only, and removes when it stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStore, type StoreProcess } from '../store-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-simulator-'));
// mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
fs.chmodSync(dataDir, 0o755);
let store: StoreProcess | undefined;

afterAll(() => {
  if (store && store.child.exitCode === null) store.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo store's Paystack simulator", { timeout: 180_000 }, () => {
  it('answers its control endpoint only with the token the store wrote for its own user', async () => {
    store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: '', PAYSTACK_SECRET_KEY: '', PAYSTACK_PUBLIC_KEY: '' });
    const file = path.join(dataDir, 'paystack-simulator.json');
    await expect.poll(() => fs.existsSync(file), { timeout: 10_000 }).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { baseUrl, controlToken } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      baseUrl: string;
      controlToken: string;
    };
    expect(controlToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const post = (authorization?: string) =>
      fetch(`${baseUrl}/__control`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
        body: JSON.stringify({ webhooks: false }),
      });
    expect((await post()).status).toBe(403);
    expect((await post('Bearer guess')).status).toBe(403);
    const allowed = await post(`Bearer ${controlToken}`);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ webhooks: false });
    // The refusals are in the store's log, without the token.
    expect(store.output()).toMatch(/control request refused/);
    expect(store.output()).not.toContain(controlToken);

    const exit = store.exited;
    store.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
  });
});
