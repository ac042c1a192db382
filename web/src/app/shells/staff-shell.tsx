// The signed-in staff layout: top navigation bar, the role's sidebar, the page.
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScreenLink } from '../screen-link';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Menu, UserCircle, X } from 'lucide-react';
import { meets, PATHS, requirementOf, visibleNavigation, type Requirement } from '@shared/navigation';
import { PRODUCT_NAME } from '@shared/product';
import { LanguageSwitch } from '../../components/language-switch';
import { displayName, useLogout, useSession } from '../../lib/session';
import { useRoleName } from '../../lib/role-names';
import { loadLater } from '../../lib/load-later';

// The bell reads insights' notifications feed; it arrives with that feature's code.
const NotificationBell = loadLater(async () => (await import('../../features/insights')).NotificationBell);
const TenantSwitch = loadLater(async () => (await import('../../features/tenancy')).TenantSwitch);

const TOP_LINKS: { to: string; key: string; requires?: Requirement }[] = [
  // Home is the dashboard for those who may read it (a platform carrier's home is My hubs: issue #59).
  { to: PATHS.home, key: 'nav.dashboard', requires: { permission: 'dashboard:read' } },
  { to: PATHS.scheduling, key: 'nav.scheduling' },
  { to: PATHS.yard, key: 'nav.yard' },
  { to: PATHS.analytics, key: 'nav.analytics' },
];

/** The top links a user may open (the sidebar's own rule, by path): none that would only say "no access". */
function useTopLinks() {
  const { user } = useSession();
  return TOP_LINKS.filter((l) => {
    const requirement = l.requires ?? requirementOf(l.to);
    return !requirement || meets(user, requirement);
  });
}

function linkClasses({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100'}`;
}

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <nav aria-label={t('nav.landmarks.sidebar')} className="space-y-6">
      {visibleNavigation(user).map((section) => (
        <div key={section.id}>
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t(`nav.sections.${section.id}`)}
          </h2>
          <ul className="mt-2 space-y-1">
            {section.items.map((item) => (
              <li key={item.id}>
                <ScreenLink to={item.path} end className={linkClasses} onClick={onNavigate} data-nav-item={item.id}>
                  {t(`nav.items.${item.id}`)}
                </ScreenLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function StaffShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const topLinks = useTopLinks();
  const name = displayName(user, t('common.user'));
  const roleName = useRoleName();
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center gap-3 px-4">
          <button
            type="button"
            className="rounded p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={t('common.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </button>
          <Link to="/" className="text-lg font-bold text-blue-800">
            {PRODUCT_NAME}
          </Link>
          <nav aria-label={t('nav.landmarks.main')} className="ml-6 hidden items-center gap-1 md:flex">
            {topLinks.map((l) => (
              <ScreenLink key={l.to} to={l.to} end className={linkClasses}>
                {t(l.key)}
              </ScreenLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Suspense fallback={null}>
              <TenantSwitch />
            </Suspense>
            <LanguageSwitch className="hidden sm:inline-flex" />
            <Suspense fallback={null}>
              <NotificationBell
                enabled={Boolean(user?.permissions.includes('dashboard:read'))}
                label={t('common.notifications')}
              />
            </Suspense>
            <div className="hidden items-center gap-2 sm:flex">
              {user?.profileImageUrl ? (
                <img src={user.profileImageUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
              ) : (
                <UserCircle className="h-8 w-8 text-slate-400" aria-hidden />
              )}
              <div className="leading-tight">
                <div className="text-sm font-medium" data-testid="user-name">
                  {name}
                </div>
                <div className="text-xs text-slate-500" data-testid="user-role">
                  {user?.role ? roleName(user.role) : t('common.operationsManager')}
                </div>
              </div>
            </div>
            <button
              type="button"
              onClick={() => void logout('/')}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {t('common.logout')}
            </button>
          </div>
        </div>
      </header>

      {menuOpen && (
        <div className="fixed inset-0 z-50 md:hidden" role="dialog" aria-modal="true" aria-label={t('common.openMenu')}>
          {/* The backdrop closes the menu for a tap beside it; keyboards close it with its Close button. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setMenuOpen(false)} />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
            <div className="mb-4 flex items-center justify-between">
              <span className="font-bold text-blue-800">{PRODUCT_NAME}</span>
              <button
                type="button"
                aria-label={t('common.close')}
                className="rounded p-1 hover:bg-slate-100"
                onClick={() => setMenuOpen(false)}
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </div>
            <div className="mb-4 text-sm">
              <div className="font-medium">{name}</div>
              <div className="text-slate-500">{user?.role ? roleName(user.role) : t('common.operationsManager')}</div>
            </div>
            <nav aria-label={t('nav.landmarks.mobile')} className="mb-6 space-y-1 border-b border-slate-100 pb-4">
              {topLinks.map((l) => (
                <ScreenLink key={l.to} to={l.to} end className={linkClasses} onClick={() => setMenuOpen(false)}>
                  {t(l.key)}
                </ScreenLink>
              ))}
            </nav>
            <SidebarNav onNavigate={() => setMenuOpen(false)} />
            <LanguageSwitch className="mt-6" />
          </div>
        </div>
      )}

      <div className="flex">
        <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white p-4 md:block">
          <SidebarNav />
        </aside>
        <main className="min-w-0 flex-1 p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}
