/**
 * The launch checklist's facts (docs/decisions/0042-launch-checklist.md): the settings row's identity, contacts,
 * review and backup marks and the catalog's own and demo products in one statement, and the configuration (Paystack
 * keys, PUBLIC_URL, SMTP_URL) from the environment. Read on the dashboard only, never cached: a save shows at once.
 */
import { eq, sql } from 'drizzle-orm';
import { products, storeSettings } from '~/db/schema';
import { launchChecklist, type LaunchFacts, type LaunchItem } from '~/lib/store/launch-checklist';
import { db } from '../db.server';
import { env } from '../env.server';
import { paymentSetup } from '../payments/paystack/config.server';

/** Paystack's key mode as the store uses it: the simulator counts as test mode, no usable keys as none. */
function paystackMode(): LaunchFacts['paystackMode'] {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return null;
  return setup.mode === 'live' && setup.keyMode === 'live' ? 'live' : 'test';
}

export async function readLaunchFacts(): Promise<LaunchFacts> {
  const count = (demo: boolean) =>
    sql`(select count(*) from ${products} where ${products.demo} = ${demo})`.mapWith(Number);
  const [row] = await db()
    .select({
      storeName: storeSettings.storeName,
      supportEmail: storeSettings.supportEmail,
      supportPhone: storeSettings.supportPhone,
      whatsappNumber: storeSettings.whatsappNumber,
      logo: storeSettings.logo,
      deliveryReviewedAt: storeSettings.deliveryReviewedAt,
      lastBackupAt: storeSettings.lastBackupAt,
      ownProducts: count(false),
      demoProducts: count(true),
    })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: run the seed (npm run db:seed).');
  const { logo, ...rest } = row;
  return {
    ...rest,
    hasLogo: logo !== null,
    paystackMode: paystackMode(),
    publicUrlSet: Boolean(env().PUBLIC_URL),
    smtpSet: Boolean(env().SMTP_URL),
  };
}

/** The checklist's items, or null once every one is done (the dashboard then shows none). */
export async function getLaunchChecklist(): Promise<{ items: LaunchItem[]; demoProducts: number } | null> {
  const facts = await readLaunchFacts();
  const items = launchChecklist(facts);
  return items.every((item) => item.done) ? null : { items, demoProducts: facts.demoProducts };
}
