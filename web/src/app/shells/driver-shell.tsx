// The mobile-style driver layout: header with the driver's name and Logout, bottom navigation.
import type { ReactNode } from 'react';
import { ScreenLink } from '../screen-link';
import { useTranslation } from '../../lib/i18n/use-translation';
import { CalendarPlus, ClipboardCheck, Home, RefreshCw } from 'lucide-react';
import { PATHS } from '@shared/navigation';
import { PRODUCT_NAME } from '@shared/product';
import { LanguageSwitch } from '../../components/language-switch';
import { displayName, useLogout, useSession } from '../../lib/session';

const TABS = [
  { to: PATHS.home, key: 'nav.driver.dashboard', icon: Home },
  { to: PATHS.booking, key: 'nav.driver.book', icon: CalendarPlus },
  { to: PATHS.reschedule, key: 'nav.driver.reschedule', icon: RefreshCw },
  { to: PATHS.checkin, key: 'nav.driver.checkin', icon: ClipboardCheck },
] as const;

export function DriverShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  // A platform carrier's driver (issue #59) works at many hubs: their home is the pass wallet, and the
  // tabs of a hub's own driver (booking, reschedule, check-in at that hub) are not theirs.
  const tabs = user?.permissions.includes('identity:wallet') ? [] : TABS;
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col bg-slate-50" data-testid="driver-shell">
      <header className="sticky top-0 z-40 flex items-center gap-2 bg-blue-800 px-4 py-3 text-white">
        <div className="min-w-0">
          <div className="text-xs opacity-80">{PRODUCT_NAME}</div>
          <div className="truncate font-semibold" data-testid="driver-name">
            {displayName(user, t('common.user'))}
          </div>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch className="border-white/40 bg-white/10 text-white hover:bg-white/20" />
          <button
            type="button"
            onClick={() => void logout('/login')}
            className="rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20"
          >
            {t('common.logout')}
          </button>
        </div>
      </header>
      <main className="flex-1 p-4 pb-24">{children}</main>
      {tabs.length > 0 && (
        <nav
          aria-label={t('nav.landmarks.driver')}
          className="fixed inset-x-0 bottom-0 z-40 mx-auto grid max-w-md grid-cols-4 border-t border-slate-200 bg-white"
        >
          {tabs.map(({ to, key, icon: Icon }) => (
            <ScreenLink
              key={to}
              to={to}
              end
              className={({ isActive }) =>
                `flex flex-col items-center gap-1 py-2 text-xs font-medium ${isActive ? 'text-blue-800' : 'text-slate-600'}`
              }
            >
              <Icon className="h-5 w-5" aria-hidden />
              {t(key)}
            </ScreenLink>
          ))}
        </nav>
      )}
    </div>
  );
}
