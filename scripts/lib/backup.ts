/**
 * Logical backups without pg_dump (the embedded PostgreSQL ships only its server binaries, and a Debian
 * pg_dump older than the server refuses to run). A backup is a gzip of JSON lines: one header, then one line
 * per table with its columns and its rows in COPY text format, which round-trips every PostgreSQL type
 * exactly. Generated columns are left out (PostgreSQL recomputes them). Restoring needs an empty database at
 * the same migration: tables are filled parents first, then serial sequences are moved past the restored ids.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import readline from 'node:readline';
import { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import postgres from 'postgres';

export const BACKUP_FORMAT = 'street-luxe-store-backup/1';

type Header = { format: string; createdAt: string; migrations: string[]; tables: string[] };
type TableDump = { table: string; columns: string[]; rows: number; copy: string };

/**
 * Tables migrations fill in an empty database: the default settings row, and the starting size sets and colours
 * (drizzle/0021_catalog-for-fashion.sql). A restore replaces them with the backup's own.
 */
const MIGRATION_ROWS = ['store_settings', 'size_sets', 'colours'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Tables of the public schema, parents before children (foreign keys), so restoring never breaks one. */
async function tablesInOrder(sql: postgres.Sql | postgres.TransactionSql): Promise<string[]> {
  const tables = (
    await sql<
      { name: string }[]
    >`select tablename as name from pg_tables where schemaname = 'public' order by tablename`
  ).map((t) => t.name);
  const edges = await sql<{ child: string; parent: string }[]>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`;
  const ordered: string[] = [];
  const visit = (table: string, trail: Set<string>) => {
    if (ordered.includes(table) || trail.has(table)) return;
    trail.add(table);
    for (const edge of edges) if (edge.child.replace(/"/g, '') === table) visit(edge.parent.replace(/"/g, ''), trail);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function migrationHashes(sql: postgres.Sql | postgres.TransactionSql): Promise<string[]> {
  const [exists] = await sql`select to_regclass('drizzle.__drizzle_migrations') as name`;
  if (!exists?.name) return [];
  return (await sql<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations order by id`).map(
    (row) => row.hash,
  );
}

async function copyColumns(sql: postgres.Sql | postgres.TransactionSql, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`;
  return rows.map((row) => row.name);
}

/** Writes a backup of `url` to `file`; returns the row count per table. */
export async function backupDatabase(url: string, file: string): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const counts: Record<string, number> = {};
  try {
    // One snapshot for every table: rows written meanwhile are either all in the backup or not at all.
    await sql.begin('isolation level repeatable read read only', async (tx) => {
      const tables = await tablesInOrder(tx);
      const header: Header = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        migrations: await migrationHashes(tx),
        tables,
      };
      const lines: string[] = [JSON.stringify(header)];
      for (const table of tables) {
        const columns = await copyColumns(tx, table);
        const list = columns.map(quote).join(', ');
        const copy = await collect(await tx.unsafe(`copy (select ${list} from ${quote(table)}) to stdout`).readable());
        const rows = copy === '' ? 0 : copy.split('\n').length - 1;
        counts[table] = rows;
        lines.push(JSON.stringify({ table, columns, rows, copy } satisfies TableDump));
      }
      const partial = `${file}.partial`;
      await pipeline(
        Readable.from(lines.map((line) => `${line}\n`)),
        zlib.createGzip(),
        fs.createWriteStream(partial, { mode: 0o600 }),
      );
      // A backup appears under its name only once complete.
      fs.renameSync(partial, file);
    });
  } finally {
    await sql.end();
  }
  return counts;
}

export class RestoreRefused extends Error {}

/**
 * Restores `file` into the database at `url`, which must be empty apart from what migrations write
 * (MIGRATION_ROWS) and migrated to the same version as the backup (run migrations first).
 */
export async function restoreDatabase(url: string, file: string): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  let input: readline.Interface | undefined;
  const counts: Record<string, number> = {};
  try {
    let header: Header | undefined;
    await sql.begin(async (tx) => {
      // Made here, right before it is read: lines a readline interface emits before iteration starts are lost.
      input = readline.createInterface({
        input: fs.createReadStream(file).pipe(zlib.createGunzip()),
        crlfDelay: Infinity,
      });
      for await (const line of input) {
        if (!header) {
          header = JSON.parse(line) as Header;
          if (header.format !== BACKUP_FORMAT)
            throw new RestoreRefused(`${file} is not a store backup (format ${String(header.format)}).`);
          const here = await migrationHashes(tx);
          if (here.join() !== header.migrations.join()) {
            throw new RestoreRefused(
              `The database is at ${here.length} migrations, the backup at ${header.migrations.length}: ` +
                "migrate the empty database to the backup's version first.",
            );
          }
          for (const table of header.tables) {
            const [known] = await tx`select to_regclass(${`public.${quote(table)}`}) as name`;
            if (!known?.name)
              throw new RestoreRefused(
                `Table ${table} of the backup does not exist in this database: ` +
                  'the backup comes from another version of the store.',
              );
            if (MIGRATION_ROWS.includes(table)) continue;
            const [row] = await tx.unsafe(`select exists (select 1 from ${quote(table)}) as used`);
            if (row.used)
              throw new RestoreRefused(
                `The database is not empty (table ${table} has rows): restore into an empty database.`,
              );
          }
          // The rows migrations write; the backup brings the store's own.
          for (const table of [...MIGRATION_ROWS].reverse()) await tx.unsafe(`delete from ${quote(table)}`);
          continue;
        }
        const dump = JSON.parse(line) as TableDump;
        if (dump.copy) {
          const writer = await tx
            .unsafe(`copy ${quote(dump.table)} (${dump.columns.map(quote).join(', ')}) from stdin`)
            .writable();
          await pipeline(Readable.from([dump.copy]), writer as unknown as Writable);
        }
        counts[dump.table] = dump.rows;
      }
      if (!header) throw new RestoreRefused(`${file} is empty.`);
      // Serial columns continue after the restored ids.
      await tx.unsafe(`
        do $$ declare r record; begin
          for r in select c.relname as tbl, a.attname as col,
              pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
            from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
            where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0
              and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null
          loop
            execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)', r.seq, r.col, r.tbl);
          end loop;
        end $$`);
    });
  } finally {
    input?.close();
    await sql.end();
  }
  return counts;
}
