/**
 * The zones of /admin/delivery: name, states, towns, fee, working days and pay on delivery, with Edit and Delete
 * (CrudTable).
 */
import { ZONE_SCREEN } from '~/lib/delivery/admin-delivery';
import { formatWorkingDays, type DeliveryZone } from '~/lib/delivery/delivery';
import { formatFee } from '~/lib/money';
import { NIGERIAN_STATES } from '~/lib/nigeria';
import { CrudEditLink, CrudTable } from '../../admin/crud/list';

/** A long list cut to its first few, e.g. "Abia, Adamawa, Akwa Ibom and 31 more". */
function some(values: readonly string[], keep = 4): string {
  if (values.length <= keep) return values.join(', ');
  return `${values.slice(0, keep).join(', ')} and ${values.length - keep} more`;
}

export function DeliveryZoneTable({ rows, back }: { rows: DeliveryZone[]; back?: string }) {
  return (
    <CrudTable
      screen={ZONE_SCREEN}
      caption="Delivery zones, by name"
      minWidthClass="min-w-[880px]"
      rows={rows}
      back={back}
      columns={[
        { header: 'Zone', rowHeader: true, cell: (row) => <CrudEditLink screen={ZONE_SCREEN} row={row} /> },
        {
          header: 'States',
          cell: (row) => (row.states.length === NIGERIAN_STATES.length ? 'All states' : some(row.states)),
        },
        {
          header: 'Towns',
          cell: (row) => (row.towns.length ? some(row.towns) : 'The whole state'),
          className: (row) => (row.towns.length ? '' : 'text-muted'),
        },
        { header: 'Fee', cell: (row) => formatFee(row.fee) },
        { header: 'Delivery time', cell: (row) => formatWorkingDays(row) },
        {
          header: 'Pay on delivery',
          cell: (row) => (row.payOnDelivery ? 'Offered' : 'No'),
          className: (row) => (row.payOnDelivery ? '' : 'text-muted'),
        },
      ]}
    />
  );
}
