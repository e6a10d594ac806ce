/**
 * `npm start` refuses payment settings that would take orders no money paid for (decision 0008): Paystack test keys
 * on a production deployment, keys of two modes or of the wrong shape, and the simulator on a deployment. A
 * staging deployment may run on test keys with PAYSTACK_ALLOW_TEST_KEYS=1: it starts, warns, and every page
 * says Test mode. Only key prefixes ever reach the output.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

const hex = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c';
const deployment = {
  NODE_ENV: 'production',
  WEB_CONCURRENCY: '1',
  DATABASE_URL: 'postgres://store@db.invalid:5432/store',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://shop.example.com',
  LOG_LEVEL: 'info',
};

/** Runs `npm start`'s entry with these settings; it must stop before reaching the (unreachable) database. */
function start(settings: Record<string, string>) {
  const env = {
    ...process.env,
    PAYSTACK_SECRET_KEY: '',
    PAYSTACK_PUBLIC_KEY: '',
    PAYSTACK_SIMULATOR: '',
    PAYSTACK_ALLOW_TEST_KEYS: '',
    PORT: '0',
    ...settings,
  };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm start refuses unsafe payment settings', { timeout: 120_000 }, () => {
  it.each([
    [
      'test keys on a production deployment',
      { ...deployment, PAYSTACK_SECRET_KEY: `sk_test_${hex}`, PAYSTACK_PUBLIC_KEY: `pk_test_${hex}` },
      /Paystack test keys \(sk_test_, pk_test_\) are set on a production deployment/,
    ],
    [
      'a live secret key with a test public key',
      { ...deployment, PAYSTACK_SECRET_KEY: `sk_live_${hex}`, PAYSTACK_PUBLIC_KEY: `pk_test_${hex}` },
      /both must come from the same mode/,
    ],
    [
      'a secret key in the public key, in development',
      {
        ...deployment,
        NODE_ENV: 'development',
        PAYSTACK_SECRET_KEY: `sk_live_${hex}`,
        PAYSTACK_PUBLIC_KEY: `sk_live_${hex}`,
      },
      /PAYSTACK_PUBLIC_KEY is not a Paystack public key/,
    ],
    [
      'the simulator on a production deployment',
      { ...deployment, PAYSTACK_SIMULATOR: '1' },
      /PAYSTACK_SIMULATOR=1 is set on a production deployment/,
    ],
  ])('%s', (_name, settings, message) => {
    const { status, output } = start(settings);
    expect(status).not.toBe(0);
    expect(output).toMatch(message);
    // Logged for the owner (a JSON line with the prefixes) and printed plainly; the key itself never.
    expect(output).toMatch(/"msg":"payment settings refused: /);
    expect(output).toContain('The store cannot start:');
    expect(output).not.toContain(hex);
  });
});

describe('a staging deployment on test keys (PAYSTACK_ALLOW_TEST_KEYS=1)', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-staging-'));
  let store: StoreProcess | undefined;
  afterAll(() => {
    if (store && store.child.exitCode === null) store.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with a loud warning, and every page says Test mode', async () => {
    // A product, so the start does not seed the demo catalog into this file's database.
    const product = await createProduct();
    store = await startStore({
      ...deployment,
      DATABASE_URL: process.env.DATABASE_URL!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PAYSTACK_SECRET_KEY: `sk_test_${hex}`,
      PAYSTACK_PUBLIC_KEY: `pk_test_${hex}`,
      PAYSTACK_ALLOW_TEST_KEYS: '1',
    });
    expect(store.output()).toContain('this production deployment takes Paystack TEST payments');
    expect(store.output()).not.toContain(hex);
    for (const page of ['/', `/product/${product.id}`, '/collections']) {
      expect(await (await fetch(`${store.base}${page}`)).text()).toContain(
        'Test mode: payments are simulated and no card is charged',
      );
    }
    const exit = store.exited;
    store.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
