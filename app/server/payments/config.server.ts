/**
 * Which Paystack the store talks to. With both keys set: the real one (or PAYSTACK_BASE_URL). Without keys,
 * outside production (or with PAYSTACK_SIMULATOR=1): the project's simulator, which scripts/serve.ts starts
 * and registers here; every page then says 'Test mode'. In production without keys, checkout is refused.
 */
import { env } from '../env.server';

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

/** The simulator's endpoints, set once it listens (scripts/serve.ts, tests). */
type SimulatorSettings = { baseUrl: string; secretKey: string; publicKey: string; timeoutMs?: number };
let simulator: SimulatorSettings | undefined;

export function useSimulator(settings: SimulatorSettings | undefined) {
  simulator = settings;
}

export const UNAVAILABLE_REASON =
  'Card payments are not set up on this store yet (PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are missing). Please contact us to complete your order.';

/** True when this process should run the simulator: no keys, and not a production deployment (unless asked). */
export function wantsSimulator(): boolean {
  const settings = env();
  if (settings.PAYSTACK_SECRET_KEY && settings.PAYSTACK_PUBLIC_KEY) return false;
  return settings.NODE_ENV !== 'production' || settings.PAYSTACK_SIMULATOR === '1';
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
  if (simulator && wantsSimulator()) {
    const { baseUrl, secretKey, publicKey, timeoutMs = settings.PAYSTACK_TIMEOUT_MS } = simulator;
    return { mode: 'test', baseUrl, secretKey, publicKey, inlineScriptUrl: `${baseUrl}/inline.js`, timeoutMs };
  }
  return { mode: 'unavailable', reason: UNAVAILABLE_REASON };
}

/** For the root loader: pages show a 'Test mode' notice while payments are simulated. */
export const paymentsAreSimulated = () => paymentSetup().mode === 'test';
