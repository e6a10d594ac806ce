/**
 * The Paystack API client: initialize and verify, over HTTP to the configured base URL (the real Paystack or
 * the simulator). Every failure becomes a PaystackError, so callers leave the order pending and answer
 * 'Error processing payment. Please try again.' instead of a 500: slow, down and garbage are all "unknown".
 */
import { z } from 'zod';
import type { PaystackConfig } from './config.server';

export class PaystackError extends Error {
  constructor(
    message: string,
    /** server-error: Paystack answered 5xx, which says nothing about whether it did what was asked. */
    readonly kind: 'unreachable' | 'timeout' | 'refused' | 'bad-response' | 'not-found' | 'server-error',
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

export type Initialized = { authorizationUrl: string; accessCode: string; reference: string };

/** What verify says about one transaction; amount in kobo. */
export type Verification = {
  reference: string;
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed… (only 'success' counts) */
  status: string;
  amount: number;
  currency: string;
  channel: string | null;
  paidAt: string | null;
  gatewayResponse: string | null;
  /** 'live' or 'test': which mode of Paystack the transaction belongs to; it must match the keys' (keys.server.ts). */
  domain: string | null;
  /** Paystack's fees on the charge, in kobo (OpenAPI VerifyResponse `fees`, nullable; null when it sent none). */
  fees: number | null;
  /** The provider's data object, kept on the payment row (no card number: Paystack sends only last4/bin). */
  raw: Record<string, unknown>;
};

/**
 * Verify of a reference Paystack never saw answers 404, or 400 with the message "Transaction reference not found"
 * (and, on newer answers, `code: 'transaction_not_found'`): both mean the shopper never reached Paystack. Any
 * other 400 is a refusal, which must not release an order's stock.
 */
function saysNotFound(json: unknown): boolean {
  const body = z.looseObject({ message: z.string().optional(), code: z.string().optional() }).safeParse(json);
  if (!body.success) return false;
  return (
    body.data.code === 'transaction_not_found' ||
    /\b(transaction )?reference not found\b/i.test(body.data.message ?? '')
  );
}

const envelope = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });

const initializeData = z.object({
  authorization_url: z.string().url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

export const verificationData = z.looseObject({
  reference: z.string(),
  status: z.string(),
  amount: z.coerce.number().int().nonnegative(),
  currency: z.string(),
  channel: z.string().nullish(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  gateway_response: z.string().nullish(),
  domain: z.string().nullish(),
  // Anything but a whole, non-negative number of kobo is read as "not told", never as a reason to refuse the answer.
  fees: z
    .unknown()
    .optional()
    .transform((value) => {
      const fees = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof fees === 'number' && Number.isSafeInteger(fees) && fees >= 0 ? fees : null;
    }),
});

/** The verify (or webhook charge) data object in our terms. */
export function toVerification(data: z.infer<typeof verificationData>): Verification {
  return {
    reference: data.reference,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    channel: data.channel ?? null,
    paidAt: data.paid_at ?? data.paidAt ?? null,
    gatewayResponse: data.gateway_response ?? null,
    domain: data.domain ?? null,
    fees: data.fees,
    raw: data,
  };
}

export async function call(
  config: PaystackConfig,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaystackError(
      timedOut ? `Paystack did not answer within ${config.timeoutMs} ms` : 'Paystack could not be reached',
      timedOut ? 'timeout' : 'unreachable',
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new PaystackError(`Paystack answered ${response.status} with something that is not JSON`, 'bad-response');
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success)
    throw new PaystackError(`Paystack answered ${response.status} in an unexpected shape`, 'bad-response');
  if (response.status === 404 || (response.status === 400 && saysNotFound(json))) {
    throw new PaystackError(parsed.data.message ?? 'Transaction not found', 'not-found');
  }
  if (response.status >= 500) {
    const message = `Paystack failed (${response.status}): ${parsed.data.message ?? 'no message'}`;
    throw new PaystackError(message, 'server-error');
  }
  if (!response.ok || !parsed.data.status)
    throw new PaystackError(`Paystack refused (${response.status}): ${parsed.data.message ?? 'no message'}`, 'refused');
  return parsed.data.data;
}

export async function initializeTransaction(
  config: PaystackConfig,
  input: { email: string; amount: number; reference: string; callbackUrl: string; metadata?: Record<string, unknown> },
): Promise<Initialized> {
  const data = await call(config, 'POST', '/transaction/initialize', {
    email: input.email,
    // Paystack takes the amount in the currency's subunit (kobo), as a string or integer.
    amount: String(input.amount),
    currency: 'NGN',
    reference: input.reference,
    callback_url: input.callbackUrl,
    metadata: input.metadata,
  });
  const parsed = initializeData.safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack initialize answered without an access code', 'bad-response');
  return {
    authorizationUrl: parsed.data.authorization_url,
    accessCode: parsed.data.access_code,
    reference: parsed.data.reference,
  };
}

export async function verifyTransaction(config: PaystackConfig, reference: string): Promise<Verification> {
  const data = await call(config, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`);
  const parsed = verificationData.safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack verify answered in an unexpected shape', 'bad-response');
  return toVerification(parsed.data);
}

/** A refund as Paystack's Refund API describes it (amount in kobo). */
export type ProviderRefund = { id: string; status: string; amount: number; currency: string };

const refundData = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  amount: z.coerce.number().int().nonnegative(),
  currency: z.string(),
});

/**
 * POST /refund: sends `amount` kobo of the transaction `reference` back to the customer. Paystack answers at once
 * with the refund queued ('pending'); the refund.* webhooks tell how it ends. merchant_note is the admin's own
 * reason, customer_note what the customer is told (decision 0030).
 */
export async function createRefund(
  config: PaystackConfig,
  input: { reference: string; amount: number; merchantNote: string; customerNote: string },
): Promise<ProviderRefund> {
  const data = await call(config, 'POST', '/refund', {
    transaction: input.reference,
    amount: input.amount,
    currency: 'NGN',
    merchant_note: input.merchantNote,
    customer_note: input.customerNote,
  });
  const parsed = refundData.safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack refund answered in an unexpected shape', 'bad-response');
  return parsed.data;
}
