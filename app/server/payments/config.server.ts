/**
 * Which Paystack the store talks to. With both keys set: the real one (or PAYSTACK_BASE_URL). Without keys,
 * anywhere but a production deployment (or with PAYSTACK_SIMULATOR=1): the project's simulator, which
 * scripts/serve.ts starts and registers here; every page then says 'Test mode'. A production deployment
 * without keys refuses checkout with a clear message (decision 0008).
 */
import { env, isDeployment } from '../env.server';

export type PaystackConfig = {
  mode: 'live' | 'test';
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

/*
 * The simulator's endpoints, registered once it listens (scripts/serve.ts, tests). Kept in process.env, not in
 * a module variable: the production build bundles its own copy of this module, apart from the one serve.ts
 * imports, and both must see the same simulator. The secret is a throwaway made up by the simulator.
 */
const SIMULATOR_VARIABLES = { baseUrl: 'PAYSTACK_SIMULATOR_BASE_URL', secretKey: 'PAYSTACK_SIMULATOR_SECRET_KEY', publicKey: 'PAYSTACK_SIMULATOR_PUBLIC_KEY', timeoutMs: 'PAYSTACK_SIMULATOR_TIMEOUT_MS' } as const;

export function useSimulator(settings: SimulatorSettings | undefined) {
  for (const [key, variable] of Object.entries(SIMULATOR_VARIABLES)) {
    const value = settings?.[key as keyof SimulatorSettings];
    if (value === undefined) delete process.env[variable];
    else process.env[variable] = String(value);
  }
}

function registeredSimulator(): SimulatorSettings | undefined {
  const baseUrl = process.env[SIMULATOR_VARIABLES.baseUrl];
  const secretKey = process.env[SIMULATOR_VARIABLES.secretKey];
  const publicKey = process.env[SIMULATOR_VARIABLES.publicKey];
  if (!baseUrl || !secretKey || !publicKey) return undefined;
  const timeout = Number(process.env[SIMULATOR_VARIABLES.timeoutMs]);
  return { baseUrl, secretKey, publicKey, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined };
}

export const UNAVAILABLE_REASON =
  'Card payments are not set up on this store yet (PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are missing). Please contact us to complete your order.';

/**
 * True when this process should run the simulator: no keys, and not a production deployment (development,
 * tests, and `npm start` on the embedded database, which is a demo store), unless PAYSTACK_SIMULATOR=1 asks.
 */
export function wantsSimulator(): boolean {
  const settings = env();
  if (settings.PAYSTACK_SECRET_KEY && settings.PAYSTACK_PUBLIC_KEY) return false;
  return !isDeployment() || settings.PAYSTACK_SIMULATOR === '1';
}

export function paymentSetup(): PaymentSetup {
  const settings = env();
  if (settings.PAYSTACK_SECRET_KEY && settings.PAYSTACK_PUBLIC_KEY) {
    return {
      mode: 'live',
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
    return { mode: 'test', baseUrl, secretKey, publicKey, inlineScriptUrl: `${baseUrl}/inline.js`, timeoutMs };
  }
  return { mode: 'unavailable', reason: UNAVAILABLE_REASON };
}

/** For the root loader: pages show a 'Test mode' notice while payments are simulated. */
export const paymentsAreSimulated = () => paymentSetup().mode === 'test';
