// Public information pages (/features, /about, /legal...). Each ends with the shared footer.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@shared/product';
import { buttonClasses } from '../../../components/ui/button';
import { LanguageSwitch } from '../../../components/language-switch';
import { SiteFooter } from '../../../components/site-footer';

export function StaticPageRoute({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const title = t(`landing.footer.links.${slug}`);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <Link to="/" className="text-xl font-bold text-blue-800">
            {PRODUCT_NAME}
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            <Link to="/login" className={buttonClasses('primary')}>
              {t('common.signIn')}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-16">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-slate-600">{t('staticPage.text', { title })}</p>
      </main>
      <SiteFooter />
    </div>
  );
}
