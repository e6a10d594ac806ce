import { Form, Link, useNavigate } from 'react-router';
import {
  hasOrderFilters,
  ORDER_SEARCH_HINT,
  ORDER_SEARCH_MAX,
  orderFiltersQuery,
  parseOrderFilters,
  type OrderFilters,
} from '~/lib/orders/admin-orders';
import { formQuery } from '~/lib/forms/form-query';
import { ORDER_STATUSES, PAYMENT_STATUSES, statusLabel } from '~/lib/orders/orders';

const FIELD = 'h-11 w-full border border-line bg-paper px-2 text-sm outline-none focus:border-ink';
const LABEL = 'block text-xs font-medium uppercase tracking-widest';

/** The GET form over the orders list: search, status and payment status; the CSV link takes the same filters. */
export function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  const exportHref = `/admin/orders/export${orderFiltersQuery(filters, { page: 1 })}`;
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/admin/orders"
      // Without JavaScript the loader redirects the plain GET to the canonical address; with it, go straight there.
      onSubmit={(event) => {
        event.preventDefault();
        navigate(`/admin/orders${orderFiltersQuery(parseOrderFilters(formQuery(event.currentTarget)))}`);
      }}
      role="search"
      aria-label="Filter orders"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
    >
      <div>
        <label htmlFor="orders-q" className={LABEL}>
          Search
        </label>
        <input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={ORDER_SEARCH_MAX}
          placeholder={ORDER_SEARCH_HINT}
          className={`mt-1 ${FIELD}`}
        />
      </div>
      <div>
        <label htmlFor="orders-status" className={LABEL}>
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={filters.status ?? ''} className={`mt-1 ${FIELD}`}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-payment" className={LABEL}>
          Payment
        </label>
        <select id="orders-payment" name="payment" defaultValue={filters.payment ?? ''} className={`mt-1 ${FIELD}`}>
          <option value="">All payments</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="h-11 bg-ink px-5 text-xs font-medium uppercase tracking-widest text-paper">
          Apply
        </button>
        {hasOrderFilters(filters) ? (
          <Link
            to="/admin/orders"
            className="inline-flex min-h-11 items-center text-xs uppercase tracking-widest underline underline-offset-4"
          >
            Clear
          </Link>
        ) : null}
        {/* A file download: a plain link, not a client-side navigation. */}
        <a
          href={exportHref}
          download
          className="inline-flex min-h-11 items-center text-xs uppercase tracking-widest underline underline-offset-4"
        >
          Export CSV
        </a>
      </div>
    </Form>
  );
}
