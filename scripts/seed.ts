/**
 * `npm run db:seed`: seeds the demo catalog into an empty database and says what it did.
 *   --products N   catalog size (the hand-written products, then generated ones reusing their pictures)
 *   --force        first remove the catalog and its pictures, then seed
 * Uses the database the store uses: DATABASE_URL, the embedded server of a running store on the same
 * DATA_DIR, or starts the embedded server itself (and stops it afterwards).
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { count } from 'drizzle-orm';
import { products } from '../app/db/schema';
import { db } from '../app/server/db.server';
import { runMigrations } from '../app/server/migrate.server';
import { withStoreDatabase } from './lib/with-store-database';
import { seedDemo } from './seed/seed-demo';
import { wipeCatalog } from './seed/wipe';

const USAGE = 'usage: npm run db:seed -- [--products N] [--force]';
const MAX_PRODUCTS = 100_000;

export type SeedArgs = { products?: number; force: boolean };

/** Parses the flags; returns an error text for anything it does not understand. */
export function parseSeedArgs(args: string[]): SeedArgs | string {
  const result: SeedArgs = { force: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--force') result.force = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const raw = arg.includes('=') ? arg.slice('--products='.length) : args[++i];
      const parsed = z.coerce.number().int().min(1).max(MAX_PRODUCTS).safeParse(raw);
      if (raw === undefined || !/^\d+$/.test(raw) || !parsed.success)
        return `--products needs a whole number from 1 to ${MAX_PRODUCTS}, got ${raw ?? 'nothing'}`;
      result.products = parsed.data;
    } else return `unknown argument ${arg}`;
  }
  return result;
}

/** Exit code: 0 seeded or nothing to do, 2 bad arguments. Errors propagate. */
export async function runSeed(args: SeedArgs, print: (line: string) => void): Promise<number> {
  if (args.force) {
    const removed = await wipeCatalog();
    print(`Removed ${removed.products} products and ${removed.collections} collections, and their pictures.`);
  } else {
    const [{ value }] = await db().select({ value: count() }).from(products);
    if (value > 0) {
      print(`The catalog already has ${value} products: nothing seeded. Use --force to replace it.`);
      return 0;
    }
  }
  const summary = await seedDemo({ log: print, products: args.products, onlyIfEmpty: true });
  print(
    `Done: ${summary.products} products, ${summary.collections} collections, ` +
      `${summary.pictures} pictures (${summary.drawn} drawn), in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
  return 0;
}

async function main() {
  const args = parseSeedArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    process.exit(2);
  }
  const code = await withStoreDatabase(async (_url, storeRunning) => {
    try {
      await runMigrations();
      const seeded = await runSeed(args, (line) => console.log(line));
      // A running store keeps its settings (hero pictures) in memory: after --force it must reload them.
      if (storeRunning && args.force && seeded === 0)
        console.log('A store is running on this DATA_DIR: restart it to show the new hero pictures.');
      return seeded;
    } catch (error) {
      console.error(`Seeding failed: ${describeError(error)}`);
      return 1;
    }
  });
  process.exit(code);
}

/** The database driver's own message is in `cause`; drizzle's message is the whole query. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : null;
  return cause ?? error.message.split('\n')[0];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`Seeding failed: ${describeError(error)}`);
    process.exit(1);
  });
}
