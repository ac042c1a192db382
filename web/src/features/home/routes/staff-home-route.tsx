// The signed-in staff home: a greeting and the screens this role can open.
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { visibleNavigation } from '@shared/navigation';
import { displayName, useSession } from '../../../lib/session';

export function StaffHomeRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const sections = visibleNavigation(user);
  return (
    <div>
      <h1 className="text-2xl font-bold">{t('home.greeting', { name: displayName(user, t('common.user')) })}</h1>
      <p className="mt-1 text-slate-600">{t('home.subtitle')}</p>
      <div className="mt-6 space-y-6">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`home-${section.id}`}>
            <h2 id={`home-${section.id}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t(`nav.sections.${section.id}`)}
            </h2>
            <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {section.items
                .filter((item) => item.path !== '/')
                .map((item) => (
                  <Link
                    key={item.id}
                    to={item.path}
                    className="rounded-lg border border-slate-200 bg-white p-4 font-medium shadow-sm hover:border-blue-300 hover:bg-blue-50"
                  >
                    {t(`nav.items.${item.id}`)}
                  </Link>
                ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
