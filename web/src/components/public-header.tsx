// The header of every public page (landing, information pages, legal documents): the product name
// linking home, the language switch and Sign In; a page may add its own actions before Sign In.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../lib/i18n/use-translation';
import { PRODUCT_NAME } from '@shared/product';
import { buttonClasses } from './ui/button';
import { LanguageSwitch } from './language-switch';

export function PublicHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to="/" className="text-xl font-bold text-blue-800">
          {PRODUCT_NAME}
        </Link>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <LanguageSwitch />
          {actions}
          <Link to="/login" className={buttonClasses('primary')}>
            {t('common.signIn')}
          </Link>
        </div>
      </div>
    </header>
  );
}
