import type { ReactNode } from 'react';

/** A column's heading: its label, or the label aligned right (numbers, like their cells) or with its own classes. */
export type Column = string | { label: ReactNode; right?: boolean; cell?: string };

/** The admin's small tables: muted small capitals over a rule. */
const MUTED_ROW = 'border-b border-line text-xs uppercase tracking-widest text-muted';

/**
 * The header of an admin table: one `<th scope="col">` a column, each with the table's `cell` classes. By default
 * the row has the small tables' style; a table with its own passes `className` (the thead's) and `row` (null: none).
 */
export function TableHead({
  columns,
  cell,
  className,
  row = MUTED_ROW,
}: {
  columns: Column[];
  cell: string;
  className?: string;
  row?: string | null;
}) {
  return (
    <thead className={className}>
      <tr className={row ?? undefined}>
        {columns.map((column, i) => {
          const { label, right, cell: own } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={i} scope="col" className={`${own ?? cell}${right ? ' text-right' : ''}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
