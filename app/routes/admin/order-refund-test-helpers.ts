/**
 * What the admin's refund tests share (order-refund and order-refund-page .test.ts): the order route, the Paystack
 * simulator, two admins, an order paid through the simulator, the refund form posted, and the page rendered.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { payments, refunds } from '~/db/schema';
import type { AdminOrderDetail } from '~/lib/admin/admin-types';
import { confirmPayment } from '~/server/payments/confirm-payment.server';
import { db } from '~/server/db.server';
import { pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import OrderPage from './order';
import { renderPage } from '../../../tests/render-page';

export const orderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');

/** The Paystack simulator of the calling test file (tests/checkout-helpers.ts withSimulator). */
export let simulator: ReturnType<typeof withSimulator>;
export let admin: Awaited<ReturnType<typeof createUser>>;
export let otherAdmin: Awaited<ReturnType<typeof createUser>>;

/** For the calling test file: the Paystack simulator, and two admins. */
export function withRefundSetup() {
  simulator = withSimulator();
  beforeAll(async () => {
    admin = await createUser({ admin: true, email: 'ops@example.com' });
    otherAdmin = await createUser({ admin: true, email: 'ops2@example.com' });
  });
}

/** A customer's order paid through the simulator (two units of ₦20,000 plus delivery): what Paystack charged. */
export async function paidOrder() {
  const customer = await createUser();
  const product = await createProduct({ price: 20_000_00, stock: { 'M/Black': 5 } });
  await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
  const started = await pay(customer.cookie);
  expect(started.status).toBe(200);
  const { payment } = started.data as { payment: { orderId: string; reference: string } };
  simulator.current.pay(payment.reference);
  expect(await confirmPayment(payment.reference, 'callback')).toMatchObject({ kind: 'paid', orderId: payment.orderId });
  const [row] = await db()
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.orderId, payment.orderId));
  return { customer, id: payment.orderId, reference: payment.reference, paid: row.amount };
}

export const refundFields = (fields: Record<string, string> = {}) => ({
  intent: 'refund',
  amount: '42600',
  reason: 'Customer returned the items',
  requestKey: crypto.randomUUID(),
  ...fields,
});

export const refund = (
  orderId: string,
  fields: Record<string, string> = {},
  options: { cookie?: string; origin?: string | null } = {},
) =>
  outcome(() =>
    orderRoute.action(
      args(post(`/admin/orders/${orderId}`, refundFields(fields), { cookie: admin.cookie, ...options }), { orderId }),
    ),
  );

/**
 * The action's answer when it does not redirect: Conform's reply (the form as typed, blank values left out, and the
 * messages by field, '' for the whole form) and the one-time key the form posts next.
 */
export type RefundAnswer = {
  result: { initialValue?: Record<string, string>; error?: Record<string, string[]> };
  requestKey: string;
};
export const answerOf = (data: unknown) => data as RefundAnswer;
export const formError = (message: string) => ({ result: { error: { '': [message] } } });

export const refundRows = (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
export const simulatorRefunds = (reference: string) =>
  [...simulator.current.refunds.values()].filter((r) => r.transactionReference === reference);

export async function page(orderId: string, query = '') {
  const answer = await outcome(() =>
    orderRoute.loader(args(get(`/admin/orders/${orderId}${query}`, admin.cookie), { orderId })),
  );
  expect(answer.status).toBe(200);
  return answer.data as { order: AdminOrderDetail; requestKey: string; refundNotice: string | null };
}

/**
 * The page as a browser without JavaScript gets it: the route's loader, action and component through React
 * Router's static handler (a POST runs the action, then the loader, and renders with the action's answer).
 */
export async function html(
  request: Request,
  orderId: string,
): Promise<{ status: number; body: string; location: string | null }> {
  const page = await renderPage({
    path: '/admin/orders/:orderId',
    route: orderRoute,
    Page: OrderPage,
    request,
    params: { orderId },
  });
  return { status: page.status, body: page.html, location: page.location };
}
