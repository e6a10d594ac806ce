import { Link, NavLink, useLocation } from 'react-router';
import { useEffect, useRef } from 'react';
import type { ShopperView } from '~/lib/shopper-view';
import { ProductSearchForm } from './catalog/product-search-form';
import { shopperParts } from './header-shopper';
import { MenuIcon, SearchIcon } from './icons';
import type { HeaderLogo } from '~/lib/store/store-identity';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/collections', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

type HeaderProps = { storeName: string; logo?: HeaderLogo | null; shopper: ShopperView };

/**
 * The search box and the mobile menu are <details> elements, so both open without JavaScript;
 * with it they also close after navigating.
 */
export function Header({ storeName, logo, shopper }: HeaderProps) {
  const [mobileLinks, desktopLinks, cartLink] = shopperParts(shopper);
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const search = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    menu.current?.removeAttribute('open');
    search.current?.removeAttribute('open');
  }, [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper">
      <div className="container-page flex h-16 items-center gap-2 sm:gap-4">
        <details ref={menu} className="group md:hidden">
          <summary aria-label="Menu" className="-ml-2 flex h-11 w-11 items-center justify-center">
            <MenuIcon />
          </summary>
          <nav aria-label="Mobile" className="absolute inset-x-0 top-16 border-b border-line bg-paper shadow-lg">
            <ul className="container-page flex flex-col py-2">
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="block py-3 text-sm uppercase tracking-widest">
                    {item.label}
                  </Link>
                </li>
              ))}
              {mobileLinks}
            </ul>
          </nav>
        </details>

        <Link
          to="/"
          className="min-w-0 truncate whitespace-nowrap text-[13px] font-semibold uppercase tracking-[0.06em] sm:text-lg sm:tracking-[0.25em]"
        >
          {/* The logo when one is uploaded, sized by its attributes (no layout shift; decision 0042), else the name. */}
          {logo ? (
            <img
              src={logo.src}
              alt={storeName}
              width={logo.width}
              height={logo.height}
              className="h-8 w-auto max-w-40"
            />
          ) : (
            storeName
          )}
        </Link>

        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex gap-6">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `text-xs uppercase tracking-widest ${isActive ? 'underline underline-offset-8' : 'text-muted hover:text-ink'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <details ref={search} className="group">
            <summary aria-label="Search" className="flex h-11 w-11 items-center justify-center">
              <SearchIcon />
            </summary>
            <div className="absolute inset-x-0 top-16 border-b border-line bg-paper py-3 shadow-lg">
              <ProductSearchForm
                id="header-search"
                className="container-page flex gap-2"
                inputClassName="h-11 flex-1 border border-line px-3 text-base outline-none focus:border-ink"
                autoComplete="off"
              >
                <button
                  type="submit"
                  className="h-11 bg-ink px-5 text-xs font-medium uppercase tracking-widest text-paper"
                >
                  Search
                </button>
              </ProductSearchForm>
            </div>
          </details>
          <ul className="hidden items-center gap-4 md:flex">{desktopLinks}</ul>
          {cartLink}
        </div>
      </div>
    </header>
  );
}
