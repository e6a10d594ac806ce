/**
 * The admin order page's pay-on-delivery form (routes/admin/order.tsx hands it the posts whose intent is one of
 * POD_INTENTS, decision 0037): collected, refused at the door, or the customer's refusals forgiven. Parsed with the
 * form's one schema; post/redirect/get on success, else the form as typed with its messages.
 */
import { data, redirect } from 'react-router';
import { POD_ADMIN_MESSAGES, POD_PARAM, podAdminSchema } from '~/lib/orders/admin-pay-on-delivery';
import { ORDER_MESSAGES } from '~/lib/orders/orders';
import type { AuditActor } from '~/server/admin/audit.server';
import { parseSubmission } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import { podAdminAction, type PodAdminResult } from '~/server/orders/admin-pay-on-delivery.server';

export async function payOnDeliveryAction(form: FormData, orderId: string, admin: AuditActor) {
  const submission = parseSubmission(form, podAdminSchema);
  const answer = (status: number, message: string) =>
    data({ podResult: submission.reply({ formErrors: [message] }) }, { status });
  if (submission.status !== 'success') return answer(400, POD_ADMIN_MESSAGES.invalid);
  let result: PodAdminResult;
  try {
    result = await podAdminAction(admin, orderId, submission.value);
  } catch (error) {
    logger.error({ err: error, orderId }, 'saving a pay-on-delivery outcome failed');
    return answer(500, POD_ADMIN_MESSAGES.failed);
  }
  if (result.kind === 'not-found') throw data(ORDER_MESSAGES.notFound, { status: 404 });
  if (result.kind === 'refused') return answer(409, result.message);
  return redirect(`/admin/orders/${orderId}?${POD_PARAM}=${result.notice}`);
}
