// The carrier office's three screens as tabs at the top of each (issue #59): on a 390 px phone they are
// one tap apart without opening the menu; on a desktop the sidebar names them too.
import { NavLink } from 'react-router-dom';
import { PATHS } from '@shared/navigation';
import { useTranslation } from '../../../lib/i18n/use-translation';

const TABS = [
  { to: PATHS.myHubs, key: 'carrierIdentity.tabs.hubs' },
  { to: PATHS.hubBookings, key: 'carrierIdentity.tabs.bookings' },
  { to: PATHS.carrierDrivers, key: 'carrierIdentity.tabs.drivers' },
] as const;

export function CarrierTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('carrierIdentity.tabs.label')} className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
      {TABS.map(({ to, key }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            `rounded-md px-2 py-2 text-center text-sm font-medium ${isActive ? 'bg-white text-blue-800 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`
          }
        >
          {t(key)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A list's loading, failure or empty line, read out as it changes. */
export function ListState({ children, tone = 'muted' }: { children: string; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border border-dashed p-4 text-center text-sm ${tone === 'error' ? 'border-red-300 text-red-700' : 'border-slate-300 text-slate-600'}`}
    >
      {children}
    </p>
  );
}
