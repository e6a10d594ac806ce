/**
 * Paystack's Disputes API, as its OpenAPI description and doc-code-snippets publish it (decision 0031,
 * docs/paystack-simulator.md#disputes): POST /dispute/{id}/evidence, GET /dispute/{id}/upload_url?upload_filename=…
 * then a PUT of the file to the signed URL it answers, and PUT /dispute/{id}/resolve. Every failure is a PaystackError
 * (paystack.server.ts), as for the other calls.
 */
import { z } from 'zod';
import type { PaystackConfig } from './config.server';
import { call, PaystackError } from './paystack.server';

const id = z.union([z.number(), z.string()]).transform(String);
const path = (disputeId: string, rest = '') => `/dispute/${encodeURIComponent(disputeId)}${rest}`;

/** DisputeEvidence: the four required fields, and the delivery's address and day (YYYY-MM-DD) when known. */
export type DisputeEvidence = {
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  serviceDetails: string;
  deliveryAddress?: string;
  deliveryDate?: string;
};

/** The evidence Paystack keeps (DisputeAddEvidenceResponse); its id goes with a fraud claim's resolve. */
export async function addDisputeEvidence(config: PaystackConfig, disputeId: string, evidence: DisputeEvidence) {
  const data = await call(config, 'POST', path(disputeId, '/evidence'), {
    customer_email: evidence.customerEmail,
    customer_name: evidence.customerName,
    customer_phone: evidence.customerPhone,
    service_details: evidence.serviceDetails,
    ...(evidence.deliveryAddress ? { delivery_address: evidence.deliveryAddress } : {}),
    ...(evidence.deliveryDate ? { delivery_date: evidence.deliveryDate } : {}),
  });
  const parsed = z.looseObject({ id }).safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack evidence answered in an unexpected shape', 'bad-response');
  return { evidenceId: parsed.data.id };
}

/**
 * Asks for a signed upload URL (DisputeUploadURLResponse: signedUrl, fileName), then PUTs the file there with its
 * type, as Paystack's upload sample does. The fileName is what resolve names as uploaded_filename.
 */
export async function uploadDisputeFile(
  config: PaystackConfig,
  disputeId: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
): Promise<{ fileName: string }> {
  const query = `?upload_filename=${encodeURIComponent(file.name)}`;
  const data = await call(config, 'GET', path(disputeId, `/upload_url${query}`));
  const parsed = z.looseObject({ signedUrl: z.string(), fileName: z.string().min(1) }).safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack upload_url answered in an unexpected shape', 'bad-response');
  const target = uploadTarget(config, parsed.data.signedUrl);
  let response: Response;
  try {
    response = await fetch(target, {
      method: 'PUT',
      headers: { 'content-type': file.type },
      body: file.bytes,
      signal: AbortSignal.timeout(Math.max(config.timeoutMs, 30_000)),
    });
    await response.body?.cancel();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaystackError(
      timedOut ? 'The upload to Paystack took too long' : 'Paystack’s upload address could not be reached',
      timedOut ? 'timeout' : 'unreachable',
    );
  }
  if (response.status >= 500) throw new PaystackError(`The upload failed (${response.status})`, 'server-error');
  if (!response.ok) throw new PaystackError(`The upload was refused (${response.status})`, 'refused');
  return { fileName: parsed.data.fileName };
}

/**
 * The file goes only to an https address (Paystack's is a signed S3 URL), or to the configured API's own origin (the
 * simulator on loopback): an answer naming anything else is not followed, so the store never sends a customer's
 * documents, or requests, where a tampered answer points.
 */
function uploadTarget(config: PaystackConfig, signedUrl: string): URL {
  let url: URL;
  try {
    url = new URL(signedUrl);
  } catch {
    throw new PaystackError('Paystack answered an upload address that is not a URL', 'bad-response');
  }
  if (url.protocol === 'https:' || url.origin === new URL(config.baseUrl).origin) return url;
  throw new PaystackError('Paystack answered an upload address that is not https', 'bad-response');
}

export type DisputeResolve = {
  resolution: 'merchant-accepted' | 'declined';
  message: string;
  /** Kobo given back: what is accepted, 0 when declining. */
  refundAmount: number;
  uploadedFileName: string;
  evidenceId: string | null;
};

/** PUT /dispute/{id}/resolve (DisputeResolve: resolution, message, refund_amount, uploaded_filename, evidence). */
export async function resolveDispute(config: PaystackConfig, disputeId: string, answer: DisputeResolve) {
  const data = await call(config, 'PUT', path(disputeId, '/resolve'), {
    resolution: answer.resolution,
    message: answer.message,
    refund_amount: answer.refundAmount,
    uploaded_filename: answer.uploadedFileName,
    ...(answer.evidenceId && /^\d+$/.test(answer.evidenceId) ? { evidence: Number(answer.evidenceId) } : {}),
  });
  const parsed = z.looseObject({ status: z.string(), resolution: z.string().nullish() }).safeParse(data);
  if (!parsed.success) throw new PaystackError('Paystack resolve answered in an unexpected shape', 'bad-response');
  return { status: parsed.data.status, resolution: parsed.data.resolution ?? null };
}
