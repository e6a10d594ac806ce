/**
 * Rows of raw SQL checked, not asserted. A type argument on `db().execute` only claims what its rows are, so a
 * renamed column or alias still compiles and fails far away. Statements the query builder can say are written
 * with it (typed from the schema); the rest pass their rows through a schema here, at one place per query.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** The rows of a raw statement, each checked against `row` (its output type is the rows' type). */
export function checkedRows<Row extends z.ZodType>(row: Row, rows: readonly unknown[]): z.output<Row>[] {
  return rows.map((value) => row.parse(value));
}

/** A decoder for a builder select's sql`…` field (`.mapWith(checked(schema))`): the value is checked, not assumed. */
export const checked =
  <Value extends z.ZodType>(schema: Value) =>
  (value: unknown): z.output<Value> =>
    schema.parse(value);

/**
 * A column as "table"."column", whatever select it sits in. In a one-table select Drizzle writes a column of that
 * table unqualified ("id"), which inside a subquery would mean the subquery's own column.
 */
export const columnRef = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
