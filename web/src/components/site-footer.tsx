// The public footer with the thirteen information links (landing page and static pages). The year is
// marked: the static landing page, rendered at build, sets it when it opens (static-landing.ts).
import { Link } from 'react-router-dom';
import { useTranslation } from '../lib/i18n/use-translation';
import { PRODUCT_NAME } from '@shared/product';
import { PUBLIC_PAGE_GROUPS } from '@shared/navigation';
import { CURRENT_YEAR_ATTRIBUTE } from '../lib/static-actions';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-4">
        <div>
          <div className="text-lg font-bold text-white">{PRODUCT_NAME}</div>
          <p className="mt-2 text-sm">{t('product.tagline')}</p>
        </div>
        {PUBLIC_PAGE_GROUPS.map((group) => (
          <div key={group.key}>
            <h2 className="text-sm font-semibold text-white">{t(`landing.footer.${group.key}`)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((slug) => (
                <li key={slug}>
                  <Link to={`/${slug}`} className="hover:text-white">
                    {t(`landing.footer.links.${slug}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs">
        © <span {...{ [CURRENT_YEAR_ATTRIBUTE]: '' }}>{new Date().getFullYear()}</span> {PRODUCT_NAME}.{' '}
        {t('landing.footer.rights')}
      </div>
    </footer>
  );
}
