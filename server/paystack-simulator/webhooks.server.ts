/**
 * The simulator's webhooks (docs/paystack-simulator.md): each event signed with the secret key as Paystack signs
 * it, posted to the store and retried on the simulator's schedule until the store takes it.
 */
import { SIGNATURE_HEADER, signPayload } from '~/server/payments/paystack/signature.server';
import { now, type SimState } from './state.server';

/**
 * Posts one signed event to the store and retries it on the schedule until it answers 2xx or the schedule
 * runs out; every retry sends the same bytes and signature, as a re-delivery of the same event. Resolves
 * with the first attempt's status (0 when it was not sent or the store could not be reached).
 */
export function deliver(s: SimState, event: string, reference: string, data: unknown): Promise<number> {
  const url = s.webhookUrl;
  if (!url || s.stopping.signal.aborted) return Promise.resolve(0);
  const body = JSON.stringify({ event, data });
  const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(body, s.secretKey) };
  return new Promise((resolve) => {
    const attempt = async (n: number) => {
      const { status, error } = await post(s, url, headers, body);
      s.deliveries.push({ event, reference, attempt: n + 1, status, error, at: now() });
      if (n === 0) resolve(status ?? 0);
      const taken = status !== null && status >= 200 && status < 300;
      if (taken || n >= s.retryDelays.length || s.stopping.signal.aborted) return;
      const timer = setTimeout(() => {
        s.retryTimers.delete(timer);
        void attempt(n + 1);
      }, s.retryDelays[n]);
      // A retry still waiting must not keep a test run or a stopping store alive.
      timer.unref();
      s.retryTimers.add(timer);
    };
    void attempt(0);
  });
}

/** One attempt: the store's status, or null and why it could not be reached. */
async function post(s: SimState, url: string, headers: Record<string, string>, body: string) {
  let status: number | null = null;
  try {
    const signal = AbortSignal.any([s.stopping.signal, AbortSignal.timeout(s.webhookTimeoutMs)]);
    const response = await fetch(url, { method: 'POST', headers, body, signal });
    status = response.status;
    await response.body?.cancel();
    return { status, error: null };
  } catch (caught) {
    return { status, error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught) };
  }
}
