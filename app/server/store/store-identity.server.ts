/**
 * The store's name and logo for every place that shows them (docs/decisions/0042-launch-checklist.md): the header and
 * the JSON-LD (root loader), the manifest and its icons (storeIdentity() and logoBytes(), for store-icons.server.ts). Read from the cached
 * settings (settings.server.ts): no query on a page. The logo is uploaded through the image pipeline
 * (catalog/media.server.ts: decoded, re-encoded as WebP without its metadata) under `brand/`, and kept in
 * store_settings.logo.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import type { StoredImage } from '~/lib/images';
import type { StoreIdentity } from '~/lib/store/store-identity';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { storeUpload } from '../catalog/admin-upload-files.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { storage } from '../storage.server';
import { getSettings, invalidateSettings } from './settings.server';

/** The store's name and logo (null until one is uploaded): for the manifest and its icons. */
export async function storeIdentity(): Promise<StoreIdentity> {
  const settings = await getSettings();
  return { name: settings.storeName, logo: settings.logo };
}

/**
 * The logo's largest stored file (WebP), for the manifest's icons (store-icons.server.ts); null without a logo or when
 * its file is missing from storage. `version` changes with the logo, for the icons' cache.
 */
export async function logoBytes(logo: StoredImage | null): Promise<{ bytes: Buffer; version: string } | null> {
  if (!logo) return null;
  const file = await storage().get(`${logo.key}-${Math.max(...logo.widths)}.webp`);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), version: logo.key.replace(/^brand\//, '') };
}

export type LogoOutcome = { ok: true } | { ok: false; message: string; status: 400 | 500 };

/** Stores an uploaded logo through the image pipeline and makes it the store's, audit-logged. */
export async function uploadLogo(actor: AuditActor, file: File): Promise<LogoOutcome> {
  const outcome = await storeUpload(file, 'brand');
  if (!outcome.ok) return outcome;
  await setLogo(actor, outcome.image);
  return { ok: true };
}

/**
 * Sets (or, with null, removes) the logo. The old files stay in storage: a mail already sent may show them.
 */
export async function setLogo(actor: AuditActor, logo: StoredImage | null): Promise<void> {
  try {
    await db().transaction(async (tx) => {
      const [before] = await tx
        .select({ logo: storeSettings.logo })
        .from(storeSettings)
        .where(eq(storeSettings.id, 1))
        .for('update');
      await tx.update(storeSettings).set({ logo, updatedAt: new Date() }).where(eq(storeSettings.id, 1));
      await recordAudit(tx, actor, {
        action: logo ? 'settings.logo' : 'settings.logo-removed',
        entityType: 'store_settings',
        entityId: '1',
        before: before ?? null,
        after: { logo },
      });
    });
  } finally {
    // Every page's header shows it, the stored anonymous pages too (decision 0007).
    invalidateSettings();
    contentChanged();
  }
}
