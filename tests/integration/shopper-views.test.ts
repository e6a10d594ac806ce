/**
 * Decision 0021's addendum: each process keeps a shopper's header view (shopper-view-cache.server.ts), and the database
 * tells every process, this one included, when a view changes: a cart's lines (drizzle/0013), a session's admin rights
 * or its end (drizzle/0017). With the listener on, as every store process has it (scripts/serve.ts), the next view read
 * after such a change must be the new one within a second, never the kept one for its 30 s.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, sessions } from '~/db/schema';
import { grantAcceptedAdmin } from '~/server/accounts/admin-rights.server';
import { db } from '~/server/db.server';
import { readShopperView } from '~/server/http/request-context.server';
import { listenForChanges } from '~/server/http/shared-invalidation.server';
import { putInCart } from '../checkout-helpers';
import { createProduct, createUser } from '../factories';
import { within } from '../within';

let stopListening: () => Promise<void>;
beforeAll(async () => {
  stopListening = await listenForChanges();
});
afterAll(async () => stopListening?.());

describe('a kept header view', () => {
  it('follows the cart, written by anyone', async () => {
    const user = await createUser({ verified: true });
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
    expect((await readShopperView(user.cookie)).cartCount).toBe(2);
    await db().update(cartLines).set({ quantity: 5 }).where(eq(cartLines.productId, product.id));
    expect(await within(1_000, async () => (await readShopperView(user.cookie)).cartCount === 5)).toBe(true);
  });

  it('shows the Admin Panel link once the address is granted, and the visitor once the session ends', async () => {
    const user = await createUser({ verified: true });
    expect((await readShopperView(user.cookie)).account).toEqual({ isAdmin: false });
    // Kept: read again without a change, the same view.
    expect((await readShopperView(user.cookie)).account).toEqual({ isAdmin: false });
    await grantAcceptedAdmin(db(), user.id);
    expect(await within(1_000, async () => (await readShopperView(user.cookie)).account?.isAdmin === true)).toBe(true);
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await within(1_000, async () => (await readShopperView(user.cookie)).account === null)).toBe(true);
  });
});
