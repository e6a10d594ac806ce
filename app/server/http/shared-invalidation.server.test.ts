/**
 * Caches dropped in every process (decision 0020): another process's NOTIFY reaches this one's listener within a
 * second, its own is not applied twice, an unknown change drops everything, and a lost listening connection drops
 * everything once it is back. The "other process" is a second PostgreSQL connection, as another host would be.
 */
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/schema';
import { db } from '../db.server';
import { getSettings } from '../store/settings.server';
import { contentChanged, contentVersion } from './http-cache.server';
import { announceChange, CHANGES_CHANNEL, listenForChanges } from './shared-invalidation.server';

let stop: () => Promise<void>;
let other: postgres.Sql;

beforeAll(async () => {
  stop = await listenForChanges();
  other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await stop();
  await other.end({ timeout: 5 });
});

const notify = (payload: string) => other`select pg_notify(${CHANGES_CHANNEL}, ${payload})`;

async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('changes announced between processes', () => {
  it("another process's content change drops this one's stored pages within a second", async () => {
    const before = contentVersion();
    await notify(JSON.stringify({ name: 'content', from: 'another-process' }));
    expect(await within(1_000, () => contentVersion() > before)).toBeLessThan(1_000);
  });

  it("another process's settings save is read here within a second, and drops the stored pages after", async () => {
    const { storeName } = await getSettings();
    const pagesBefore = contentVersion();
    await other`update store_settings set store_name = ${'Renamed Elsewhere'} where id = 1`;
    // Cached until told: the other process's write alone changes nothing here.
    expect((await getSettings()).storeName).toBe(storeName);
    await notify(JSON.stringify({ name: 'settings', from: 'another-process' }));
    await within(1_000, async () => (await getSettings()).storeName === 'Renamed Elsewhere');
    // The pages show the settings: a page stored between the save's 'content' notice and this one must go too (the
    // two notices may arrive in either order).
    expect(contentVersion()).toBeGreaterThan(pagesBefore);
    await db().update(storeSettings).set({ storeName }).where(eq(storeSettings.id, 1));
    announceChange('settings');
  });

  it('applies its own change once, at once, and tells the others', async () => {
    const heard: string[] = [];
    const listener = await other.listen(CHANGES_CHANNEL, (payload) => heard.push(payload));
    const before = contentVersion();
    contentChanged();
    expect(contentVersion()).toBe(before + 1);
    await within(1_000, () => heard.length > 0);
    expect(JSON.parse(heard[0])).toMatchObject({ name: 'content' });
    // Its own notice came back too, and was not applied a second time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(contentVersion()).toBe(before + 1);
    await listener.unlisten();
  });

  it('drops everything on a change it does not know, or a malformed notice', async () => {
    for (const payload of [JSON.stringify({ name: 'promo-codes', from: 'newer-process' }), 'not json']) {
      const before = contentVersion();
      await notify(payload);
      await within(1_000, () => contentVersion() > before);
    }
  });

  it('drops everything after its listening connection was lost, since changes may have been missed', async () => {
    const before = contentVersion();
    const [killed] = await db().execute(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where application_name = 'store-listen' and datname = current_database()`,
    );
    expect(killed).toMatchObject({ n: 1 });
    await within(15_000, () => contentVersion() > before);
    // Listening again: a later notice still arrives.
    const after = contentVersion();
    await notify(JSON.stringify({ name: 'content', from: 'another-process' }));
    await within(1_000, () => contentVersion() > after);
  }, 30_000);
});
