import { Link } from 'react-router';
import type { RootData } from '~/root';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/new-arrivals', label: 'New Arrivals' },
  { to: '/collections', label: 'Collections' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
];

export function Footer({ store }: { store: RootData['store'] | undefined }) {
  return (
    <footer className="render-when-near mt-16 border-t border-line bg-ink text-paper">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold uppercase tracking-[0.25em]">{store?.name ?? 'Store'}</p>
          <p className="mt-3 max-w-xs text-sm text-neutral-300">
            Street luxury from Lagos, since 2024. Designed to be worn, made to last.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-xs font-semibold uppercase tracking-widest text-neutral-400">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-neutral-200 hover:text-paper">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-widest text-neutral-400">Customer care</h2>
          {store ? (
            <ul className="mt-4 space-y-2 text-sm">
              <li>
                <a href={`mailto:${store.supportEmail}`} className="text-neutral-200 hover:text-paper">
                  {store.supportEmail}
                </a>
              </li>
              <li>
                <a href={`tel:${store.supportPhone.replace(/\s+/g, '')}`} className="text-neutral-200 hover:text-paper">
                  {store.supportPhone}
                </a>
              </li>
              {store.whatsappChat ? (
                <li>
                  <a
                    href={store.whatsappChat}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-neutral-200 hover:text-paper"
                  >
                    Chat on WhatsApp
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
      <p className="container-page border-t border-neutral-800 py-6 text-xs text-neutral-400">
        © {new Date().getFullYear()} {store?.name ?? 'Store'}. All rights reserved.
      </p>
    </footer>
  );
}
