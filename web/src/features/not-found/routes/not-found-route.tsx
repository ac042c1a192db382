import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AlertCircle } from 'lucide-react';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{t('notFound.text')}</p>
        <Link to="/" className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
