import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

/** Switches between English and Hindi; the label names the other language. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'hi' ? 'en' : 'hi';
  return (
    <button
      type="button"
      onClick={() => setLanguage(next)}
      aria-label={`${t('common.language')}: ${t('common.switchLanguage')}`}
      lang={next}
      className={`inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <Languages className="h-4 w-4" aria-hidden />
      {t('common.switchLanguage')}
    </button>
  );
}
