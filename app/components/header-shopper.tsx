/**
 * The parts of the header that depend on who is asking: the account links (in the mobile menu and beside the search)
 * and the cart link with its count. The storefront's shareable pages are stored once, as a visitor without cookies
 * sees them; for a shopper with a cart or a session the server swaps these three parts in the stored page for the
 * shopper's own (server/page-cache/shopper-parts.tsx, decision 0021). Both sides render them from
 * `shopperParts` below, so the swapped markup is exactly what React hydrates.
 */
import type { ReactElement } from 'react';
import { Form, Link } from 'react-router';
import type { ShopperView } from '~/lib/shopper-view';
import { BagIcon } from './icons';

const MOBILE_LINK = 'block w-full py-3 text-left text-sm uppercase tracking-widest';
const DESKTOP_LINK = 'text-xs uppercase tracking-widest text-muted hover:text-ink';

/** The header's shopper parts, in the order they appear in the page: mobile links, desktop links, cart link. */
export function shopperParts(view: ShopperView): [ReactElement, ReactElement, ReactElement] {
  return [
    <AccountLinks key="mobile" account={view.account} className={MOBILE_LINK} />,
    <AccountLinks key="desktop" account={view.account} className={DESKTOP_LINK} />,
    <CartLink key="cart" cartCount={view.cartCount} />,
  ];
}

function CartLink({ cartCount }: { cartCount: number }) {
  return (
    <Link
      to="/cart"
      className="relative flex h-11 w-11 items-center justify-center"
      aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
    >
      <BagIcon />
      {cartCount > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] font-semibold text-paper"
        >
          {cartCount > 99 ? '99+' : cartCount}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * docs/requirements.md#2-header-footer-and-every-page: visitors see Sign In and Register; signed-in users see Orders
 * and Sign Out (plus their Account page); admins also see Admin Panel. Sign Out is a POST form, so it works without
 * JavaScript and a link elsewhere cannot sign anyone out.
 */
function AccountLinks({ account, className }: { account: ShopperView['account']; className: string }) {
  if (!account) {
    return (
      <>
        <li>
          <Link to="/login" className={className}>
            Sign In
          </Link>
        </li>
        <li>
          <Link to="/register" className={className}>
            Register
          </Link>
        </li>
      </>
    );
  }
  return (
    <>
      {account.isAdmin ? (
        <li>
          <Link to="/admin" className={className}>
            Admin Panel
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/account" className={className}>
          Account
        </Link>
      </li>
      <li>
        <Link to="/orders" className={className}>
          Orders
        </Link>
      </li>
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={className}>
            Sign Out
          </button>
        </Form>
      </li>
    </>
  );
}
