/** The abandoned-payment sweep: re-verify after the timeout, then complete or release, never both, never twice. */
import { describe, expect, it } from 'vitest';
import { contentVersion } from '~/server/http/http-cache.server';
import {
  orderRow,
  pay,
  paymentCount,
  putInCart,
  stalePendingOrder,
  stockOf,
  withSimulator,
} from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { confirmPayment } from './confirm-payment.server';
import { sweepStalePayments } from './payment-sweep.server';

const simulator = withSimulator();

describe('sweepStalePayments', () => {
  it('releases an abandoned payment: stock returned, paymentStatus abandoned, the order still there', async () => {
    const { product, orderId } = await stalePendingOrder();
    expect(await stockOf(product.id)).toBe(1);
    const report = await sweepStalePayments();
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(3);
    await sweepStalePayments();
    expect(await stockOf(product.id)).toBe(3);
  });

  it('marks a declined payment failed', async () => {
    const { orderId, reference } = await stalePendingOrder();
    simulator.current.transactions.get(reference)!.status = 'failed';
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'failed', stock_state: 'released' });
  });

  it('completes an order that turns out to be paid instead of releasing it', async () => {
    const { product, orderId, reference } = await stalePendingOrder();
    simulator.current.pay(reference);
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await paymentCount(orderId)).toBe(1);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('keeps the order reserved while Paystack cannot be asked, and leaves fresh orders alone', async () => {
    const { orderId } = await stalePendingOrder();
    simulator.current.setFault('down');
    try {
      await sweepStalePayments();
    } finally {
      simulator.current.setFault('none');
    }
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    const user = await createUser();
    const product = await createProduct({ stock: { 'M/Black': 3 } });
    await putInCart(user.id, [{ productId: product.id }]);
    const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string } };
    await sweepStalePayments();
    expect(await orderRow(payment.orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
  });

  it('a payment that arrives after the release still completes the order and takes the stock again', async () => {
    const { product, orderId, reference } = await stalePendingOrder();
    await sweepStalePayments();
    expect(await stockOf(product.id)).toBe(3);
    simulator.current.pay(reference);
    expect(await confirmPayment(reference, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: false });
    expect(await orderRow(orderId)).toMatchObject({
      payment_status: 'paid',
      stock_state: 'committed',
      review_reason: null,
    });
    expect(await stockOf(product.id)).toBe(1);
  });

  it('drops stored storefront pages when stock moves: order placed, stock released, stock taken again', async () => {
    const before = contentVersion();
    const { reference } = await stalePendingOrder();
    const placed = contentVersion();
    expect(placed).toBeGreaterThan(before);
    await sweepStalePayments();
    const released = contentVersion();
    expect(released).toBeGreaterThan(placed);
    simulator.current.pay(reference);
    await confirmPayment(reference, 'webhook');
    expect(contentVersion()).toBeGreaterThan(released);
  });
});
