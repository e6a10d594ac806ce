/**
 * The launch checklist on the admin dashboard (docs/decisions/0042-launch-checklist.md): what a fresh store still
 * has to do before it sells, each item done or to do, with a link to where it is done. Worked out from facts the
 * server reads (the settings row, the configuration, the catalog); shown until every item is done.
 */
import { z } from 'zod';

/** The placeholders a fresh database starts with (drizzle/0002_default_settings.sql) and the demo seed's WhatsApp. */
export const PLACEHOLDERS = {
  storeName: 'Maison Placeholder',
  supportEmail: 'support@example.com',
  /** Compared by its digits, however it is spaced. */
  supportPhone: '+234 800 000 0000',
  /** scripts/seed/seed-demo.ts DEMO_WHATSAPP_NUMBER, shaped like the phone placeholder. */
  whatsappNumber: '2348000000000',
} as const;

export type LaunchFacts = {
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  whatsappNumber: string;
  hasLogo: boolean;
  /** Paystack's key mode, or null with no keys (the simulator, or payments unavailable). */
  paystackMode: 'live' | 'test' | null;
  publicUrlSet: boolean;
  smtpSet: boolean;
  deliveryReviewedAt: Date | null;
  /** Products the admin made (products.demo false), and the demo seed's still in the catalog. */
  ownProducts: number;
  demoProducts: number;
  lastBackupAt: Date | null;
};

export type LaunchItemId =
  'name' | 'logo' | 'contacts' | 'payments' | 'public-url' | 'delivery' | 'mail' | 'catalog' | 'backup';

export type LaunchItem = {
  id: LaunchItemId;
  label: string;
  done: boolean;
  /** What is left, or what was done, in a line. */
  note: string;
  /** Where it is done: an admin page, or the README section for what is set in the server's configuration. */
  href: string;
};

const digits = (value: string) => value.replace(/\D/g, '');
/** What is set in the server's configuration is explained under the checklist itself (no admin page sets it). */
export const CONFIGURATION_HELP = '#launch-configuration';
export const BACKUP_HELP = '#launch-backup';

function contactsNote(facts: LaunchFacts): { done: boolean; note: string } {
  const missing: string[] = [];
  if (facts.supportEmail.trim().toLowerCase() === PLACEHOLDERS.supportEmail) missing.push('support email');
  if (digits(facts.supportPhone) === digits(PLACEHOLDERS.supportPhone)) missing.push('support phone');
  if (!facts.whatsappNumber || facts.whatsappNumber === PLACEHOLDERS.whatsappNumber) missing.push('WhatsApp number');
  return missing.length
    ? { done: false, note: `Still the placeholder: ${missing.join(', ')}.` }
    : { done: true, note: 'Support email, phone and WhatsApp set.' };
}

export function launchChecklist(facts: LaunchFacts): LaunchItem[] {
  const contacts = contactsNote(facts);
  const catalogDone = facts.ownProducts > 0 && facts.demoProducts === 0;
  return [
    {
      id: 'name',
      label: 'Store name',
      done: facts.storeName.trim() !== '' && facts.storeName !== PLACEHOLDERS.storeName,
      note: facts.storeName === PLACEHOLDERS.storeName ? 'Still "Maison Placeholder".' : facts.storeName,
      href: '/admin/settings#storeName',
    },
    {
      id: 'logo',
      label: 'Logo',
      done: facts.hasLogo,
      note: facts.hasLogo ? 'Shown in the header and the app icon.' : 'No logo yet: the header shows the name.',
      href: '/admin/settings#logo',
    },
    { id: 'contacts', label: 'Support email, phone and WhatsApp', ...contacts, href: '/admin/settings#supportEmail' },
    {
      id: 'payments',
      label: 'Live Paystack keys',
      done: facts.paystackMode === 'live',
      note:
        facts.paystackMode === 'live'
          ? 'Payments take real money.'
          : 'Test mode: set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY to your live keys.',
      href: CONFIGURATION_HELP,
    },
    {
      id: 'public-url',
      label: 'PUBLIC_URL',
      done: facts.publicUrlSet,
      note: facts.publicUrlSet ? 'Links in mails and shares use it.' : "Set PUBLIC_URL to the store's address.",
      href: CONFIGURATION_HELP,
    },
    {
      id: 'delivery',
      label: 'Delivery zones reviewed',
      done: facts.deliveryReviewedAt !== null,
      note: facts.deliveryReviewedAt ? 'Reviewed.' : 'Check the fees and times, then mark the zones as reviewed.',
      href: '/admin/delivery#zones-reviewed',
    },
    {
      id: 'mail',
      label: 'SMTP configured',
      done: facts.smtpSet,
      note: facts.smtpSet ? 'Mails are sent.' : 'Set SMTP_URL: mails are only written to the outbox folder.',
      href: CONFIGURATION_HELP,
    },
    {
      id: 'catalog',
      label: 'Your first product, demo catalog removed',
      done: catalogDone,
      note: catalogDone
        ? 'Your own products only.'
        : [
            facts.ownProducts === 0 ? 'Add your first product.' : '',
            facts.demoProducts > 0 ? `Remove the ${facts.demoProducts} demo products.` : '',
          ]
            .filter(Boolean)
            .join(' '),
      href: facts.ownProducts === 0 ? '/admin/products/new' : '#demo-catalog',
    },
    {
      id: 'backup',
      label: 'A backup made',
      done: facts.lastBackupAt !== null,
      note: facts.lastBackupAt ? 'A backup was made.' : 'Run npm run db:backup on the server.',
      href: BACKUP_HELP,
    },
  ];
}

/** "Remove the demo catalog" on the dashboard, and "Mark zones as reviewed" on /admin/delivery: one button each. */
export const removeDemoCatalogSchema = z.object({ intent: z.literal('remove-demo-catalog') });
export const zonesReviewedSchema = z.object({ intent: z.literal('zones-reviewed') });

export const LAUNCH_MESSAGES = {
  demoRemoved: (count: number) =>
    `The demo catalog is removed (${count} ${count === 1 ? 'product' : 'products'}). Orders keep what was bought.`,
  confirmRemoveDemo: 'Remove every demo product? Your own products and all orders stay.',
  zonesReviewed: 'Delivery zones marked as reviewed.',
  failed: 'Something went wrong. Please try again.',
} as const;
