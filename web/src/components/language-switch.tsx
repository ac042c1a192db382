import { Languages } from 'lucide-react';
import { useTranslation } from '../lib/i18n/use-translation';
import { api } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { useSession, userLanguagePath } from '../lib/session';
import { STATIC_ACTION_ATTRIBUTE, STATIC_ACTIONS } from '../lib/static-actions';

/** Switches between English and Hindi; the label names the other language. The choice is remembered
 * on this device and, when signed in, on the user (userLanguagePath). */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const next = i18n.language === 'hi' ? 'en' : 'hi';
  const choose = () => {
    void setLanguage(next);
    if (user) void api.patch(userLanguagePath(user), { language: next }).catch(() => undefined); // the device keeps it regardless
  };
  return (
    <button
      type="button"
      onClick={choose}
      aria-label={`${t('common.language')}: ${t('common.switchLanguage')}`}
      lang={next}
      {...{ [STATIC_ACTION_ATTRIBUTE]: STATIC_ACTIONS.language }}
      // The other language's name in the phone's own fonts: "हिंदी" on an English page must not download
      // the shipped Devanagari face (50 KB) that only Hindi pages need (Android and Windows have one).
      className={`inline-flex font-[system-ui,sans-serif] items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <Languages className="h-4 w-4" aria-hidden />
      {t('common.switchLanguage')}
    </button>
  );
}
