/**
 * Paystack's charge.success webhook (ARCHITECTURE.md section 5 step 4). The signature over the raw body is
 * checked before anything is parsed; then the same idempotent step as the browser's return runs, straight
 * from the signed data (no extra call to Paystack, so the answer is fast). Paystack retries on non-2xx, so
 * our own failures (the database away) answer 500 and a replay is simply a no-op.
 */
import { logger } from '../logger.server';
import { paymentSetup } from '../payments/config.server';
import { toVerification, verificationData } from '../payments/paystack.server';
import { hasValidSignature } from '../payments/signature.server';
import { applyVerification } from './confirm-payment.server';

/** 1 MB, counted as the body streams (body-limit.server.ts); the route checks what it read against it again. */
export { WEBHOOK_BODY_LIMIT } from '../body-limit.server';

export type WebhookAnswer = { status: number; body: string };

export async function handlePaystackWebhook(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  if (!signature) {
    logger.warn('Paystack webhook refused: no signature');
    return { status: 401, body: 'Missing signature' };
  }
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { status: 503, body: 'Payments are not configured' };
  if (!hasValidSignature(rawBody, signature, setup.secretKey)) {
    logger.warn('Paystack webhook refused: bad signature');
    return { status: 401, body: 'Invalid signature' };
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: 'Body is not JSON' };
  }
  const kind = typeof event === 'object' && event !== null ? (event as { event?: unknown }).event : undefined;
  if (kind !== 'charge.success') return { status: 200, body: 'Ignored' };
  const parsed = verificationData.safeParse((event as { data?: unknown }).data);
  if (!parsed.success) return { status: 400, body: 'Unexpected charge data' };
  const outcome = await applyVerification(parsed.data.reference, toVerification(parsed.data), 'webhook');
  if (outcome.kind === 'unknown-reference') logger.warn({ reference: parsed.data.reference }, 'Paystack webhook for a reference we do not know');
  return { status: 200, body: outcome.kind };
}
