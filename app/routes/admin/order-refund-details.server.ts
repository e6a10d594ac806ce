/**
 * The admin order page's second refund form (routes/admin/order.tsx hands it the posts whose intent is
 * REFUND_DETAILS_INTENT): the customer's bank account for a refund Paystack marked needs-attention (decision 0030).
 * Parsed with the form's one schema, made with the same cached bank list the page offered; post/redirect/get on
 * success, else the form as typed with its messages.
 */
import { data, redirect } from 'react-router';
import { REFUND_DETAILS_MESSAGES, REFUND_PARAM, refundDetailsSchema } from '~/lib/payments/admin-refund';
import { ORDER_MESSAGES } from '~/lib/orders/orders';
import { requireRecentSignIn, type AdminUser } from '~/server/accounts/auth.server';
import { sendRefundDetails } from '~/server/payments/refund-details.server';
import { parseSubmission } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import { nigerianBanks } from '~/server/payments/paystack/banks.server';

export async function refundDetailsAction(request: Request, form: FormData, orderId: string, admin: AdminUser) {
  const banks = (await nigerianBanks()) ?? [];
  const submission = parseSubmission(form, refundDetailsSchema(banks));
  const refundId = Number(form.get('refundId')) || null;
  const answer = (status: number, formError: string) =>
    data({ detailsResult: submission.reply({ formErrors: [formError] }), refundId }, { status });
  if (!banks.length) return answer(503, REFUND_DETAILS_MESSAGES.banksUnavailable);
  if (submission.status !== 'success') return answer(400, REFUND_DETAILS_MESSAGES.invalid);
  // Money leaves the store to an account typed here: a sign-in within 15 minutes, as for the refund itself.
  await requireRecentSignIn(request, admin, `/admin/orders/${orderId}`);
  const { refundId: id, bankId, accountNumber } = submission.value;
  const bank = banks.find((choice) => choice.id === bankId);
  if (!bank) return answer(400, REFUND_DETAILS_MESSAGES.invalid);
  let result: Awaited<ReturnType<typeof sendRefundDetails>>;
  try {
    result = await sendRefundDetails(admin, { orderId, refundId: id, accountNumber, bank });
  } catch (error) {
    logger.error({ err: error, orderId, refundId: id }, 'sending the refund bank details failed');
    return answer(500, REFUND_DETAILS_MESSAGES.noAnswer);
  }
  if (result.kind === 'sent') return redirect(`/admin/orders/${orderId}?${REFUND_PARAM}=details-sent`);
  if (result.kind === 'not-found') throw data(ORDER_MESSAGES.notFound, { status: 404 });
  return answer(result.kind === 'refused' ? 409 : 502, result.message);
}
