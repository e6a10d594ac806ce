/**
 * POST /webhooks/paystack: Paystack's server, not a browser, calls this. It proves itself with the
 * x-paystack-signature header (checked before parsing) instead of an origin check.
 */
import { CLIENT_IP_HEADER } from '~/server/accounts/auth.server';
import { handlePaystackWebhook, WEBHOOK_BODY_LIMIT } from '~/server/payments/webhook.server';
import { SIGNATURE_HEADER } from '~/server/payments/paystack/signature.server';
import type { Route } from './+types/webhooks.paystack';

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  if (Number(request.headers.get('content-length') ?? 0) > WEBHOOK_BODY_LIMIT)
    return new Response('Too large', { status: 413 });
  const raw = await request.text();
  if (raw.length > WEBHOOK_BODY_LIMIT) return new Response('Too large', { status: 413 });
  const answer = await handlePaystackWebhook(
    raw,
    request.headers.get(SIGNATURE_HEADER),
    request.headers.get(CLIENT_IP_HEADER),
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': 'text/plain', 'Cache-Control': 'no-store' },
  });
}
