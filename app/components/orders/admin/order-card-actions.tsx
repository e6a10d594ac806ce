import { Form, Link } from 'react-router';
import { nextOrderStep, orderMarkedText, type NextOrderStep, type OrderUndo } from '~/lib/orders/admin-order-card';
import { ORDER_STATUS_SAVED } from '~/lib/orders/admin-orders';
import { shortOrderId, statusLabel, type OrderStatus } from '~/lib/orders/orders';
import { ORDER_STATUS_ACTION } from './order-status-select';

/** 44 px tall; on a phone the card's last line, full width under the thumb. */
const ACTION =
  'inline-flex min-h-11 w-full items-center justify-center border border-ink bg-ink px-4 text-xs font-medium ' +
  'uppercase tracking-widest text-paper sm:w-auto';

/**
 * The status form's fields, posted as a plain form (post/redirect/get, with and without JavaScript): the list's
 * action then adds which status was replaced to the address, and the list offers Undo (decision 0045).
 */
function StatusFields({ orderId, status, returnTo }: { orderId: string; status: OrderStatus; returnTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="undo" value="offer" />
    </>
  );
}

/**
 * The order card's main action, in one tap: "Mark processing" or "Mark delivered" post the next status; a processing
 * order's "Ship…" opens the order page's status form, since shipping asks for the carrier first (decision 0024).
 */
export function OrderNextStep({ order, returnTo }: { order: { id: string; status: OrderStatus }; returnTo: string }) {
  const step: NextOrderStep = nextOrderStep(order);
  if (!step) return null;
  const number = shortOrderId(order.id);
  if (step.kind === 'ship') {
    return (
      <Link to={step.href} aria-label={`Ship order #${number}`} className={ACTION}>
        {step.label}
      </Link>
    );
  }
  return (
    <Form method="post" action={ORDER_STATUS_ACTION} preventScrollReset className="w-full sm:w-auto">
      <StatusFields orderId={order.id} status={step.status} returnTo={returnTo} />
      <button type="submit" aria-label={`${step.label}: order #${number}`} className={ACTION}>
        {step.label}
      </button>
    </Form>
  );
}

/** "Order #X marked Delivered. Undo": the line after a card's change; Undo posts the replaced status back. */
export function OrderUndoLine({ undo, returnTo }: { undo: OrderUndo; returnTo: string }) {
  const number = shortOrderId(undo.orderId);
  // Shipped again needs its carrier: without one on record the order page's form is the way back.
  const canUndo = undo.was !== 'shipped' || Boolean(undo.shipment);
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-4 gap-y-2 border border-ink px-4 py-2 text-sm">
      <p>{undo.now ? orderMarkedText(number, undo.now) : `Order #${number}: ${ORDER_STATUS_SAVED}`}</p>
      {canUndo ? (
        <Form method="post" action={ORDER_STATUS_ACTION} preventScrollReset>
          <StatusFields orderId={undo.orderId} status={undo.was} returnTo={returnTo} />
          {undo.shipment ? (
            <>
              <input type="hidden" name="carrier" value={undo.shipment.carrier} />
              {undo.shipment.trackingNumber ? (
                <input type="hidden" name="trackingNumber" value={undo.shipment.trackingNumber} />
              ) : null}
              {undo.shipment.trackingUrl ? (
                <input type="hidden" name="trackingUrl" value={undo.shipment.trackingUrl} />
              ) : null}
            </>
          ) : null}
          <button
            type="submit"
            aria-label="Undo"
            title={`Put order #${number} back to ${statusLabel(undo.was)}`}
            className="inline-flex min-h-11 items-center px-2 text-xs font-semibold uppercase tracking-widest underline underline-offset-4"
          >
            Undo
          </button>
        </Form>
      ) : (
        <Link
          to={`/admin/orders/${undo.orderId}#status-${undo.orderId}`}
          className="inline-flex min-h-11 items-center text-xs uppercase tracking-widest underline underline-offset-4"
        >
          Change it on the order page
        </Link>
      )}
    </div>
  );
}
