import { describe, expect, it } from 'vitest';
import { checkPaystackKeys, simulatorProblem, type KeySettings } from './keys.server';

const hex = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const live = { secretKey: `sk_live_${hex}`, publicKey: `pk_live_${hex}` };
const test = { secretKey: `sk_test_${hex}`, publicKey: `pk_test_${hex}` };
const deployment = { deployment: true, allowTestKeys: false };
const demo = { deployment: false, allowTestKeys: false };

type Row = [name: string, settings: KeySettings, verdict: 'live' | 'test' | 'none' | RegExp];

const table: Row[] = [
  ['live keys on a deployment', { ...live, ...deployment }, 'live'],
  ['live keys anywhere else', { ...live, ...demo }, 'live'],
  ['no keys (simulator, or checkout refused)', { secretKey: undefined, publicKey: undefined, ...deployment }, 'none'],
  [
    'test keys on a deployment',
    { ...test, ...deployment },
    /test keys \(sk_test_, pk_test_\) are set on a production deployment/,
  ],
  [
    'test keys on a staging deployment (PAYSTACK_ALLOW_TEST_KEYS=1)',
    { ...test, deployment: true, allowTestKeys: true },
    'test',
  ],
  ['test keys in development, tests or the demo store', { ...test, ...demo }, 'test'],
  [
    'a live secret with a test public key',
    { secretKey: live.secretKey, publicKey: test.publicKey, ...demo },
    /live key \(sk_live_\) but .* test key \(pk_test_\)/,
  ],
  [
    'a test secret with a live public key, even when test keys are allowed',
    { secretKey: test.secretKey, publicKey: live.publicKey, deployment: true, allowTestKeys: true },
    /same mode/,
  ],
  [
    'the two keys swapped',
    { secretKey: live.publicKey, publicKey: live.secretKey, ...demo },
    /PAYSTACK_SECRET_KEY is not a Paystack secret key.*has the prefix pk_live_.*swapped/,
  ],
  [
    'a secret key in the public key',
    { secretKey: live.secretKey, publicKey: live.secretKey, ...demo },
    /PAYSTACK_PUBLIC_KEY .*must never reach a browser/,
  ],
  [
    'a secret key without a prefix',
    { secretKey: hex, publicKey: live.publicKey, ...demo },
    new RegExp(
      String.raw`not a Paystack secret key \(sk_live_ or sk_test_ followed by letters and digits\); ` +
        'the value set has no Paystack prefix',
    ),
  ],
  [
    'a key with a space or quote in it',
    { secretKey: `"${live.secretKey}"`, publicKey: live.publicKey, ...demo },
    /not a Paystack secret key.*has no Paystack prefix/,
  ],
  [
    'a public key of another mode name',
    { secretKey: live.secretKey, publicKey: `pk_prod_${hex}`, ...demo },
    /not a Paystack public key/,
  ],
  [
    'a bare prefix',
    { secretKey: 'sk_live_', publicKey: live.publicKey, ...demo },
    /not a Paystack secret key.*has the prefix sk_live_/,
  ],
  [
    'only the secret key',
    { secretKey: live.secretKey, publicKey: undefined, ...demo },
    /PAYSTACK_SECRET_KEY is set but PAYSTACK_PUBLIC_KEY is not/,
  ],
  [
    'only the public key',
    { secretKey: undefined, publicKey: live.publicKey, ...deployment },
    /PAYSTACK_PUBLIC_KEY is set but PAYSTACK_SECRET_KEY is not/,
  ],
];

describe('Paystack keys at start', () => {
  it.each(table)('%s', (_name, settings, expected) => {
    const verdict = checkPaystackKeys(settings);
    if (expected instanceof RegExp) {
      expect(verdict.ok).toBe(false);
      const { problem } = verdict as { problem: string };
      expect(problem).toMatch(expected);
      // A refusal names prefixes at most, never a key.
      for (const key of [settings.secretKey, settings.publicKey])
        if (key && key.length > 8) expect(problem).not.toContain(key.slice(8));
    } else {
      expect(verdict).toMatchObject({ ok: true, mode: expected === 'none' ? null : expected });
    }
  });

  it('warns loudly when a staging deployment runs on test keys', () => {
    expect(checkPaystackKeys({ ...test, deployment: true, allowTestKeys: true })).toMatchObject({
      warning: expect.stringMatching(/TEST payments.*Test mode/),
    });
    expect(checkPaystackKeys({ ...live, deployment: true, allowTestKeys: true })).not.toHaveProperty('warning');
  });
});

describe('the simulator', () => {
  it('is refused on a production deployment, even when asked for', () => {
    expect(simulatorProblem({ deployment: true, simulatorRequested: true })).toMatch(
      /PAYSTACK_SIMULATOR=1 is set on a production deployment/,
    );
    expect(simulatorProblem({ deployment: false, simulatorRequested: true })).toBeNull();
    expect(simulatorProblem({ deployment: true, simulatorRequested: false })).toBeNull();
  });
});
