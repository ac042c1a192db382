// The driver's home (/ and /driver for drivers): greeting and the driver's actions.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, ClipboardCheck, RefreshCw } from 'lucide-react';
import { displayName, useSession } from '../../../lib/session';

const ACTIONS = [
  { to: '/booking', key: 'nav.items.book-appointment', icon: CalendarPlus },
  { to: '/reschedule', key: 'nav.items.reschedule', icon: RefreshCw },
  { to: '/checkin', key: 'nav.items.checkin', icon: ClipboardCheck },
] as const;

export function DriverHomeRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div>
      <h1 className="text-xl font-bold">{t('home.driverGreeting', { name: displayName(user, t('common.user')) })}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('home.driverSubtitle')}</p>
      <div className="mt-4 grid gap-3">
        {ACTIONS.map(({ to, key, icon: Icon }) => (
          <Link key={to} to={to} className="flex items-center gap-3 rounded-lg bg-white p-4 font-medium shadow-sm ring-1 ring-slate-200 hover:bg-blue-50">
            <Icon className="h-6 w-6 text-blue-700" aria-hidden />
            {t(key)}
          </Link>
        ))}
      </div>
    </div>
  );
}
