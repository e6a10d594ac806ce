/**
 * The list page of an admin CRUD screen: heading and "Add …" link, the delete messages and the no-JavaScript
 * delete question, optional filters, the table with "Showing x–y of n" and page links, or an empty state.
 * Words and URLs come from the screen's CrudScreen (~/lib/admin-crud).
 *
 * A new admin screen's list route (promo codes, say) renders
 * `<CrudListPage screen={PROMO_SCREEN} deletion={loaderData} deleteResult={actionData?.result}
 *   count={list.rows.length} paging={{ ...list, hrefFor }} filters={<CrudFilters …/>}
 *   empty={{ title, text, filtered }}>`
 * around `<CrudTable screen={PROMO_SCREEN} caption="Promo codes, newest first" columns={[…]} rows={list.rows} />`;
 * its loader returns `...await deleteState(params, nameOf)` and its action `deleteFromList(...)`
 * (~/server/admin/crud.server). Pass `back` (the list's query string) to both so a delete returns to the same
 * filtered page.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { Pagination } from '~/components/catalog/shop/pagination';
import { crudText, pageOffset, type CrudScreen } from '~/lib/admin/admin-crud';
import { formMessage } from '~/lib/admin/admin-form';
import { ConfirmDeleteButton, DeleteConfirmation } from './confirm-delete';

export const headingClass = 'text-2xl font-semibold uppercase tracking-[0.2em]';

type ListPageProps = {
  screen: CrudScreen;
  /** The loader's deleteState(): the record to ask about (no JavaScript), and whether one was just deleted. */
  deletion: { confirm: { id: string; name: string } | null; deleted: boolean };
  /** The list action's answer to a delete that failed (deleteFromList): its message shows above the list. */
  deleteResult?: SubmissionResult<string[]>;
  /** The list's query string without '?', posted with each delete so the list comes back as it was. */
  back?: string;
  filters?: ReactNode;
  /** Rows on this page; none shows the empty state. */
  count: number;
  /** Page links and "Showing x–y of n …"; leave out for a list on one page. */
  paging?: { page: number; pageCount: number; total: number; hrefFor: (page: number) => string };
  /** When there are no rows: `filtered` offers to clear the filters, otherwise to add the first record. */
  empty: { title: string; text: string; filtered?: boolean };
  /** The table. */
  children: ReactNode;
};

export function CrudListPage({
  screen,
  deletion,
  deleteResult,
  back = '',
  filters,
  count,
  paging,
  empty,
  children,
}: ListPageProps) {
  const text = crudText(screen);
  const first = paging ? pageOffset(paging.page) + 1 : 1;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className={headingClass}>{text.title}</h1>
        <Link
          to={text.newPath}
          className="inline-flex min-h-11 items-center bg-ink px-5 py-3 text-xs font-medium uppercase tracking-widest text-paper"
        >
          {text.add}
        </Link>
      </div>
      <FormMessage error={formMessage(deleteResult)} success={deletion.deleted ? screen.messages.deleted : undefined} />
      {deletion.confirm ? (
        <DeleteConfirmation
          action={text.listPath}
          id={deletion.confirm.id}
          name={deletion.confirm.name}
          question={screen.messages.confirmDelete}
          back={back}
          cancelHref={`${text.listPath}${back ? `?${back}` : ''}`}
        />
      ) : null}
      {filters}
      {count ? (
        <>
          {paging ? (
            <p className="text-sm text-muted" role="status">
              Showing {first.toLocaleString('en-NG')}–{(first + count - 1).toLocaleString('en-NG')} of{' '}
              {paging.total.toLocaleString('en-NG')} {screen.many}
            </p>
          ) : null}
          {children}
          {paging ? <Pagination page={paging.page} pageCount={paging.pageCount} hrefFor={paging.hrefFor} /> : null}
        </>
      ) : (
        <div className="border border-line px-6 py-12 text-center">
          <h2 className="text-lg font-semibold uppercase tracking-widest">{empty.title}</h2>
          <p className="mt-2 text-sm text-muted">{empty.text}</p>
          <Link
            to={empty.filtered ? text.listPath : text.newPath}
            className="mt-6 inline-flex min-h-11 items-center border border-ink px-5 py-3 text-xs uppercase tracking-widest"
          >
            {empty.filtered ? 'Clear filters' : text.add}
          </Link>
        </div>
      )}
    </section>
  );
}

export type CrudColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes added to this column's cells. */
  className?: (row: Row) => string;
  /** The column that names the row (a `th scope="row"`); start it with <CrudEditLink>. */
  rowHeader?: boolean;
};

/*
 * One list for both screens (docs/requirements.md#12-admin-area, decision 0045): from `sm:` up a table; below it each
 * row is a card, each cell a line led by its column's name (the data-label, shown by CSS only), the actions last and
 * full width under the thumb. The header row is hidden on a phone: the labels say the same.
 */
export const crudCellClass =
  'block py-1 sm:table-cell sm:border-b sm:border-line sm:px-3 sm:py-3 sm:align-top ' +
  'before:mr-2 before:text-xs before:uppercase before:tracking-widest before:text-muted ' +
  'before:content-[attr(data-label)] sm:before:content-none';
const headClass = 'border-b border-ink px-3 py-2 text-left text-xs font-medium uppercase tracking-widest';
/** A card on a phone, a row from `sm:` up. */
export const crudRowClass = 'block border border-line p-3 sm:table-row sm:border-0 sm:p-0';
/** The table's parts on a phone: blocks stacking the cards; tables from `sm:` up. */
export const crudTableClass = 'block w-full border-collapse text-sm sm:table max-sm:min-w-0';
export const crudHeadClass = 'hidden sm:table-header-group';
export const crudBodyClass = 'grid gap-3 sm:table-row-group';
/** A button or link in a list: 44 px tall, a full-width half of the card's actions on a phone. */
export const crudActionClass =
  'inline-flex min-h-11 flex-1 items-center justify-center px-3 text-xs uppercase tracking-widest sm:flex-none';

/** The record's name, linking to its edit page: the start of the row header cell. */
export function CrudEditLink({ screen, row }: { screen: CrudScreen; row: { id: string; name: string } }) {
  return (
    <Link
      to={crudText(screen).editPath(row.id)}
      className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
    >
      {row.name}
    </Link>
  );
}

/** The rows of a list: the given columns, then Actions (Edit, and Delete asking first). */
export function CrudTable<Row extends { id: string; name: string }>({
  screen,
  caption,
  minWidthClass,
  columns,
  rows,
  back,
  footer,
}: {
  screen: CrudScreen;
  /** For screen readers, e.g. "Products, newest first". */
  caption: string;
  /** A literal Tailwind class, e.g. "min-w-[760px]": from `sm:` up, below it the table scrolls sideways (phones: cards). */
  minWidthClass: string;
  columns: CrudColumn<Row>[];
  rows: Row[];
  /** The list's query string without '?', for the delete buttons (see CrudListPage). */
  back?: string;
  /** Under the table, e.g. what a column's words mean. */
  footer?: ReactNode;
}) {
  const text = crudText(screen);
  const classOf = (column: CrudColumn<Row>, row: Row) =>
    column.className ? `${crudCellClass} ${column.className(row)}` : crudCellClass;
  return (
    <div className="sm:overflow-x-auto">
      <table className={`${crudTableClass} ${minWidthClass}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={crudHeadClass}>
          <tr>
            {[...columns.map((column) => column.header), 'Actions'].map((header) => (
              <th key={header} scope="col" className={headClass}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={crudBodyClass}>
          {rows.map((row) => (
            <tr key={row.id} className={crudRowClass}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={`${classOf(column, row)} text-left font-normal before:content-none`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} data-label={column.header} className={classOf(column, row)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
              <td className={`${crudCellClass} max-sm:pt-3 max-sm:before:content-none`}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={text.editPath(row.id)}
                    aria-label={`Edit ${row.name}`}
                    className={`${crudActionClass} border border-ink`}
                  >
                    Edit
                  </Link>
                  <ConfirmDeleteButton
                    action={text.listPath}
                    id={row.id}
                    name={row.name}
                    question={screen.messages.confirmDelete}
                    back={back}
                    className="flex flex-1 sm:flex-none"
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
