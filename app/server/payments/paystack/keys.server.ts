/**
 * Paystack keys come in two modes: live keys (sk_live_…, pk_live_…) move real money, test keys (sk_test_…,
 * pk_test_…) only take Paystack's test cards. Verify and the webhook say which mode a transaction belongs to
 * in its `domain` ('live' or 'test'). These checks keep a store from marking orders paid for money that never
 * moved (decision 0008): test keys on a production deployment, keys from two modes, or a key in the wrong place.
 * Messages name a key's prefix at most, never the key.
 */
export type KeyMode = 'live' | 'test';

const SHAPES = {
  secret: /^sk_(live|test)_[A-Za-z0-9_]+$/,
  public: /^pk_(live|test)_[A-Za-z0-9_]+$/,
} as const;

/** The mode of a well-formed key ('sk_live_…' → 'live'), or null when it is not one. */
export function keyMode(key: string, kind: keyof typeof SHAPES): KeyMode | null {
  const match = SHAPES[kind].exec(key);
  return match ? (match[1] as KeyMode) : null;
}

/** What a key starts with, safe to log or show: 'sk_live_', 'pk_test_'…, or 'none'. */
export function keyPrefix(key: string): string {
  return /^(sk|pk)_(live|test)_/.exec(key)?.[0] ?? 'none';
}

const describePrefix = (key: string) =>
  keyPrefix(key) === 'none' ? 'no Paystack prefix' : `the prefix ${keyPrefix(key)}`;

export type KeySettings = {
  secretKey: string | undefined;
  publicKey: string | undefined;
  /** A production deployment: production mode with its own DATABASE_URL (env.server.ts isDeployment). */
  deployment: boolean;
  /** PAYSTACK_ALLOW_TEST_KEYS=1: a staging deployment that takes test payments on purpose. */
  allowTestKeys: boolean;
};

export type KeyVerdict =
  /** mode null: no keys (the simulator, or checkout refused). warning: started, but the owner must know. */
  { ok: true; mode: KeyMode | null; warning?: string } | { ok: false; problem: string };

const DASHBOARD = 'Copy both from the Paystack dashboard (Settings → API Keys & Webhooks)';

export function checkPaystackKeys(settings: KeySettings): KeyVerdict {
  const { secretKey, publicKey } = settings;
  if (!secretKey && !publicKey) return { ok: true, mode: null };
  if (!secretKey || !publicKey) {
    const [given, missing] = secretKey
      ? ['PAYSTACK_SECRET_KEY', 'PAYSTACK_PUBLIC_KEY']
      : ['PAYSTACK_PUBLIC_KEY', 'PAYSTACK_SECRET_KEY'];
    return {
      ok: false,
      problem: `${given} is set but ${missing} is not. ${DASHBOARD} and set both, or neither.`,
    };
  }
  const secretMode = keyMode(secretKey, 'secret');
  if (!secretMode) {
    const swapped = keyMode(secretKey, 'public') ? ' (it looks like a public key: are the two keys swapped?)' : '';
    return {
      ok: false,
      problem:
        'PAYSTACK_SECRET_KEY is not a Paystack secret key (sk_live_ or sk_test_ followed by letters and digits); ' +
        `the value set has ${describePrefix(secretKey)}${swapped}. ${DASHBOARD}.`,
    };
  }
  const publicMode = keyMode(publicKey, 'public');
  if (!publicMode) {
    // A secret key here would be sent to every shopper's browser with the pop-up.
    const swapped = keyMode(publicKey, 'secret')
      ? ' (it looks like a secret key, which must never reach a browser)'
      : '';
    return {
      ok: false,
      problem:
        'PAYSTACK_PUBLIC_KEY is not a Paystack public key (pk_live_ or pk_test_ followed by letters and digits); ' +
        `the value set has ${describePrefix(publicKey)}${swapped}. ${DASHBOARD}.`,
    };
  }
  if (secretMode !== publicMode) {
    return {
      ok: false,
      problem:
        `PAYSTACK_SECRET_KEY is a ${secretMode} key (sk_${secretMode}_) ` +
        `but PAYSTACK_PUBLIC_KEY is a ${publicMode} key (pk_${publicMode}_): both must come from the same mode. ` +
        `${DASHBOARD}.`,
    };
  }
  if (secretMode === 'live' || !settings.deployment) return { ok: true, mode: secretMode };
  if (!settings.allowTestKeys) {
    return {
      ok: false,
      problem:
        'Paystack test keys (sk_test_, pk_test_) are set on a production deployment: no card would be charged, ' +
        'yet orders would be marked paid. Set the live keys, or PAYSTACK_ALLOW_TEST_KEYS=1 for a staging store ' +
        'that must not sell.',
    };
  }
  return {
    ok: true,
    mode: 'test',
    warning:
      'PAYSTACK_ALLOW_TEST_KEYS=1: this production deployment takes Paystack TEST payments. ' +
      'No card is charged and every page says "Test mode". Never sell from this store.',
  };
}

/** The simulator marks orders paid without money: never on a production deployment, whatever asks for it. */
export function simulatorProblem(settings: { deployment: boolean; simulatorRequested: boolean }): string | null {
  if (!settings.deployment || !settings.simulatorRequested) return null;
  return (
    'PAYSTACK_SIMULATOR=1 is set on a production deployment (production mode with its own DATABASE_URL). ' +
    'The Paystack simulator marks orders paid without any money moving, so it runs only in development, tests ' +
    'and the demo store on the embedded database. ' +
    'Remove PAYSTACK_SIMULATOR and set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY.'
  );
}
