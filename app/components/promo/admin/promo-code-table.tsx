/**
 * The rows of /admin/promo-codes: the code, what it gives, when it is valid (Lagos time), its paid uses (of those
 * allowed), the revenue of those orders and whether shoppers can use it now, with Edit and Delete (CrudTable).
 */
import {
  PROMO_SCREEN,
  PROMO_STATUS_LABELS,
  promoUses,
  promoValidity,
  type AdminPromoRow,
} from '~/lib/promo/admin-promo';
import { formatNaira } from '~/lib/money';
import { promoBenefit } from '~/lib/promo/promo';
import { CrudEditLink, CrudTable } from '../../admin/crud/list';

export function PromoCodeTable({ rows, back }: { rows: AdminPromoRow[]; back?: string }) {
  return (
    <CrudTable
      screen={PROMO_SCREEN}
      caption="Promo codes, newest first"
      minWidthClass="min-w-[900px]"
      rows={rows}
      back={back}
      columns={[
        { header: 'Code', rowHeader: true, cell: (row) => <CrudEditLink screen={PROMO_SCREEN} row={row} /> },
        { header: 'Gives', cell: (row) => promoBenefit(row) },
        { header: 'Valid', cell: (row) => promoValidity(row) },
        { header: 'Uses', cell: (row) => promoUses(row.uses, row.maxUses, row.overLimit) },
        { header: 'Revenue', cell: (row) => formatNaira(row.revenue) },
        {
          header: 'Status',
          cell: (row) => PROMO_STATUS_LABELS[row.status],
          className: (row) => (row.status === 'active' ? 'font-medium' : 'text-muted'),
        },
      ]}
      footer={
        <p className="mt-3 text-sm text-muted">
          Uses and revenue count paid orders only; revenue is what those orders paid in all, after the discount. An
          order paid late, after its use had gone to another, past the code&apos;s limits is flagged for review and
          counted in neither.
        </p>
      }
    />
  );
}
