/**
 * The JSON block a joined storefront page carries for the browser (decision 0021): written by the server
 * (server/page-cache/shopper-parts.tsx), read while the page hydrates (app/hooks/use-shopper-view.ts).
 */

/**
 * What a page shows of its shopper (the header's parts, app/components/header-shopper.tsx). `account` is null for
 * visitors; its admin flag only decides whether the Admin Panel link shows (the /admin routes check on the server).
 */
export type ShopperView = { cartCount: number; account: { isAdmin: boolean } | null };

export const VISITOR_VIEW: ShopperView = { cartCount: 0, account: null };

export const SHOPPER_VIEW_ID = 'shopper-view';

/** The block's text; `<` is escaped so nothing in it can close the script element. */
export function shopperViewJson(view: ShopperView): string {
  return JSON.stringify(view).replace(/</g, '\\u003c');
}

/** The view a block holds, or null for anything that is not one. */
export function parseShopperView(text: string | null | undefined): ShopperView | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const { cartCount, account } = value as Record<string, unknown>;
    if (typeof cartCount !== 'number' || !Number.isInteger(cartCount) || cartCount < 0) return null;
    if (account === null) return { cartCount, account: null };
    if (!account || typeof account !== 'object') return null;
    const { isAdmin } = account as Record<string, unknown>;
    return typeof isAdmin === 'boolean' ? { cartCount, account: { isAdmin } } : null;
  } catch {
    return null;
  }
}
