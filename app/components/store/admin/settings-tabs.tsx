import { NavLink } from 'react-router';

const TABS = [
  { to: '/admin/settings', label: 'Store settings', end: true },
  { to: '/admin/settings/mails', label: 'Mails', end: false },
] as const;

/** The settings pages: the store's settings and the mails it sends (docs/requirements.md#12-admin-area). */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings pages" className="border-b border-line">
      <ul className="flex flex-wrap gap-1 text-sm">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `flex min-h-11 items-center px-3 uppercase tracking-widest ${isActive ? 'border-b-2 border-ink font-semibold' : 'text-muted hover:text-ink'}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
