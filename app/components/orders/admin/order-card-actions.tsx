import { getFormProps } from '@conform-to/react';
import { Form, Link } from 'react-router';
import { useSchemaForm } from '~/components/forms/schema-form';
import { nextOrderStep, orderMarkedText, type NextOrderStep, type OrderUndo } from '~/lib/orders/admin-order-card';
import { ORDER_STATUS_SAVED, orderStatusSchema } from '~/lib/orders/admin-orders';
import { shortOrderId, statusLabel, type OrderStatus } from '~/lib/orders/orders';
import { CarrierFields } from './carrier-fields';
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
 * The order card's main action, in one tap: "Mark processing", "Mark shipped" or "Mark delivered" post the next
 * status. Shipping asks for the carrier (decision 0024): a processing order's card holds it, filled in with the
 * store's last carrier (`carrier`), and the tracking number, which its shipped mail then carries.
 */
export function OrderNextStep({
  order,
  returnTo,
  carrier = null,
}: {
  order: { id: string; status: OrderStatus };
  returnTo: string;
  carrier?: string | null;
}) {
  const step: NextOrderStep = nextOrderStep(order);
  if (!step) return null;
  if (step.kind === 'ship') return <OrderShipForm orderId={order.id} returnTo={returnTo} carrier={carrier} />;
  const number = shortOrderId(order.id);
  return (
    <Form method="post" action={ORDER_STATUS_ACTION} preventScrollReset className="w-full sm:w-auto">
      <StatusFields orderId={order.id} status={step.status} returnTo={returnTo} />
      <button type="submit" aria-label={`${step.label}: order #${number}`} className={ACTION}>
        {step.label}
      </button>
    </Form>
  );
}

/**
 * "Mark shipped" on the card: the status form with its carrier (required, filled in when the store has shipped
 * before) and tracking number (optional), checked by orderStatusSchema here and in the action. The tracking link
 * stays on the order page.
 */
function OrderShipForm({ orderId, returnTo, carrier }: { orderId: string; returnTo: string; carrier: string | null }) {
  const number = shortOrderId(orderId);
  const [form, fields] = useSchemaForm(orderStatusSchema, {
    id: `ship-${orderId}`,
    defaultValue: { carrier: carrier ?? '' },
    defaultNoValidate: false,
  });
  return (
    <Form
      method="post"
      action={ORDER_STATUS_ACTION}
      preventScrollReset
      {...getFormProps(form)}
      aria-label={`Ship order #${number}`}
      className="grid w-full gap-2 sm:w-56"
    >
      <StatusFields orderId={orderId} status="shipped" returnTo={returnTo} />
      <CarrierFields carrier={fields.carrier} trackingNumber={fields.trackingNumber} required />
      <button type="submit" aria-label={`Mark shipped: order #${number}`} className={ACTION}>
        Mark shipped
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
