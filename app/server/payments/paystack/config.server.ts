/**
 * Which Paystack the store talks to. With both keys set: the real one (or PAYSTACK_BASE_URL). Without keys,
 * anywhere but a production deployment: the project's simulator, which scripts/serve.ts starts and registers
 * here. A production deployment without keys refuses checkout with a clear message; one with test keys, the
 * simulator, or keys that do not belong together refuses to start (keys.server.ts, decision 0008). Whenever
 * payments are not real (simulator or test keys) every page says 'Test mode'.
 */
import { env, isDeployment } from '../../env.server';
import { logger } from '../../logger.server';
import { checkPaystackKeys, keyMode, keyPrefix, simulatorProblem, type KeyMode, type KeyVerdict } from './keys.server';
import { parseWebhookSources } from './webhook-sources.server';

export type PaystackConfig = {
  /** 'live': Paystack's API (or PAYSTACK_BASE_URL) with the configured keys; 'test': the project's simulator. */
  mode: 'live' | 'test';
  /** The keys' mode: the `domain` every transaction verified or announced with them must carry. */
  keyMode: KeyMode;
  secretKey: string;
  publicKey: string;
  /** Where the server sends initialize and verify. */
  baseUrl: string;
  /** The pop-up script the checkout page loads. */
  inlineScriptUrl: string;
  timeoutMs: number;
};

export type PaymentSetup = PaystackConfig | { mode: 'unavailable'; reason: string };

type SimulatorSettings = { baseUrl: string; secretKey: string; publicKey: string; timeoutMs?: number };

/** The simulator's endpoints, registered once it listens (scripts/serve.ts, tests). Its secret is a throwaway. */
let registered: SimulatorSettings | undefined;

export function useSimulator(settings: SimulatorSettings | undefined) {
  registered = settings;
}

const registeredSimulator = () => registered;

export const UNAVAILABLE_REASON =
  'Card payments are not set up on this store yet (PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are missing). ' +
  'Please contact us to complete your order.';

/** Shown at checkout when the keys were refused (the start refuses them too; this covers any other entry). */
export const MISCONFIGURED_REASON =
  'Card payments are not available on this store right now. Please contact us to complete your order.';

/**
 * True when this process should run the simulator: no keys, and not a production deployment (development,
 * tests, and `npm start` on the embedded database, which is a demo store). A deployment never runs it, even
 * with PAYSTACK_SIMULATOR=1 (which the start refuses: paymentSettingsProblem).
 */
export function wantsSimulator(): boolean {
  const settings = env();
  if (settings.PAYSTACK_SECRET_KEY || settings.PAYSTACK_PUBLIC_KEY) return false;
  return !isDeployment();
}

function keyVerdict(deployment: boolean): KeyVerdict {
  const settings = env();
  return checkPaystackKeys({
    secretKey: settings.PAYSTACK_SECRET_KEY,
    publicKey: settings.PAYSTACK_PUBLIC_KEY,
    deployment,
    allowTestKeys: settings.PAYSTACK_ALLOW_TEST_KEYS === '1',
  });
}

export function paymentSetup(): PaymentSetup {
  const settings = env();
  if (settings.PAYSTACK_SECRET_KEY || settings.PAYSTACK_PUBLIC_KEY) {
    // isDeployment reads a file, and only test keys depend on it: live keys skip it on every request.
    const testKeys = keyMode(settings.PAYSTACK_SECRET_KEY ?? '', 'secret') === 'test';
    const verdict = keyVerdict(testKeys && isDeployment());
    if (!verdict.ok || !verdict.mode || !settings.PAYSTACK_SECRET_KEY || !settings.PAYSTACK_PUBLIC_KEY) {
      return { mode: 'unavailable', reason: MISCONFIGURED_REASON };
    }
    return {
      mode: 'live',
      keyMode: verdict.mode,
      secretKey: settings.PAYSTACK_SECRET_KEY,
      publicKey: settings.PAYSTACK_PUBLIC_KEY,
      baseUrl: settings.PAYSTACK_BASE_URL.replace(/\/$/, ''),
      inlineScriptUrl: settings.PAYSTACK_INLINE_SCRIPT_URL,
      timeoutMs: settings.PAYSTACK_TIMEOUT_MS,
    };
  }
  const simulator = registeredSimulator();
  if (simulator && wantsSimulator()) {
    const { baseUrl, secretKey, publicKey, timeoutMs = settings.PAYSTACK_TIMEOUT_MS } = simulator;
    const simulatedMode = keyMode(secretKey, 'secret') ?? 'test';
    return {
      mode: 'test',
      keyMode: simulatedMode,
      baseUrl,
      secretKey,
      publicKey,
      inlineScriptUrl: `${baseUrl}/inline.js`,
      timeoutMs,
    };
  }
  return { mode: 'unavailable', reason: UNAVAILABLE_REASON };
}

/** For the root loader: every page says 'Test mode' while no real money moves (the simulator, or test keys). */
export function paymentsInTestMode(): boolean {
  const setup = paymentSetup();
  return setup.mode !== 'unavailable' && setup.keyMode === 'test';
}

/**
 * Checked once as the store starts (scripts/serve.ts), before it listens: test keys on a production deployment
 * (unless PAYSTACK_ALLOW_TEST_KEYS=1), keys of two modes or of the wrong shape, or the simulator asked for on
 * a deployment. Returns the refusal, logged, for the caller to stop on; a staging store's test keys get a loud
 * warning instead. Only the keys' prefixes are logged.
 */
export function paymentSettingsProblem(): string | null {
  const settings = env();
  const deployment = isDeployment();
  const verdict = keyVerdict(deployment);
  const sources = parseWebhookSources(settings.PAYSTACK_WEBHOOK_IPS);
  const problem =
    simulatorProblem({ deployment, simulatorRequested: settings.PAYSTACK_SIMULATOR === '1' }) ??
    (verdict.ok ? null : verdict.problem) ??
    ('problem' in sources ? sources.problem : null);
  const seen = {
    deployment,
    secretKeyPrefix: settings.PAYSTACK_SECRET_KEY === undefined ? 'unset' : keyPrefix(settings.PAYSTACK_SECRET_KEY),
    publicKeyPrefix: settings.PAYSTACK_PUBLIC_KEY === undefined ? 'unset' : keyPrefix(settings.PAYSTACK_PUBLIC_KEY),
    simulatorRequested: settings.PAYSTACK_SIMULATOR === '1',
  };
  if (problem) {
    logger.error(seen, `payment settings refused: ${problem}`);
    return problem;
  }
  if (verdict.ok && verdict.warning) logger.warn(seen, verdict.warning);
  return null;
}
