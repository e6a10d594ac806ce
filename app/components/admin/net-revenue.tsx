/**
 * The dashboard's net revenue for a chosen period (decision 0031): a GET form choosing the period (it works without
 * JavaScript), then gross, processed refunds, lost chargebacks, Paystack's fees and what is left, with a note when
 * Paystack's fees are not known for some payments.
 */
import { Form } from 'react-router';
import {
  feesMissingNote,
  REVENUE_PERIOD_LABELS,
  REVENUE_PERIODS,
  type NetRevenue as NetRevenueFigures,
} from '~/lib/admin/admin-revenue';
import { formatNaira } from '~/lib/money';

export function NetRevenue({ net, headingClass }: { net: NetRevenueFigures; headingClass: string }) {
  const rows: [string, number][] = [
    ['Gross (paid orders)', net.gross],
    ['Refunds (processed)', -net.refunds],
    ['Chargebacks (lost)', -net.chargebacks],
    ['Paystack fees', -net.fees],
  ];
  return (
    <section aria-labelledby="net-revenue-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="net-revenue-heading" className={headingClass}>
          Net revenue, {REVENUE_PERIOD_LABELS[net.period].toLowerCase()}
        </h2>
        <Form method="get" action="/admin" className="flex items-end gap-2">
          <label className="text-xs uppercase tracking-widest">
            <span className="block">Period</span>
            <select
              name="period"
              defaultValue={net.period}
              className="mt-1 h-11 border border-line bg-paper px-2 text-sm"
            >
              {REVENUE_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {REVENUE_PERIOD_LABELS[period]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="h-11 bg-ink px-4 text-xs font-medium uppercase tracking-widest text-paper">
            Show
          </button>
        </Form>
      </div>
      <dl className="mt-4 max-w-md space-y-2 border border-line p-4 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-muted">{term}</dt>
            <dd className="tabular-nums">{value < 0 ? `−${formatNaira(-value)}` : formatNaira(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-line pt-2 font-semibold">
          <dt>Net</dt>
          <dd className="tabular-nums">{net.net < 0 ? `−${formatNaira(-net.net)}` : formatNaira(net.net)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted">
        {net.payments === 0
          ? 'No paid orders in this period.'
          : `${net.payments.toLocaleString('en-NG')} paid ${net.payments === 1 ? 'order' : 'orders'}; each amount counts when it moved.`}
      </p>
      {net.feesMissing > 0 ? <p className="mt-1 text-xs text-muted">{feesMissingNote(net.feesMissing)}</p> : null}
    </section>
  );
}
