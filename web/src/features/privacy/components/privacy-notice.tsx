// The short privacy notice where a person's data is first taken (issue #36): a summary, the full
// notice behind an expander (what is collected, why, for how long, who to contact; the texts are the
// contract's, shared/contracts/privacy-notice.ts), and the SMS and WhatsApp opt-ins, each separate and
// unticked: the booking, sign-up or check-in never depends on them.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/navigation';
import type { Consent } from '@shared/contracts/privacy-notice';
import { NOTICE_VERSION, PRIVACY_NOTICES } from '@shared/contracts/privacy-notice-text';
import { registerCatalogue } from '../../../lib/i18n';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

const languageOf = (language: string) => (language === 'hi' ? 'hi' : 'en');

/** The opt-ins of one form, and the consent it sends with the data (the notice in the page's language). */
export function useConsentChoice() {
  const { i18n } = useTranslation();
  const [sms, setSms] = useState(false);
  const [whatsapp, setWhatsapp] = useState(false);
  return {
    sms,
    whatsapp,
    setSms,
    setWhatsapp,
    reset: () => {
      setSms(false);
      setWhatsapp(false);
    },
    consent: (): Consent => ({
      noticeVersion: NOTICE_VERSION,
      language: languageOf(i18n.language),
      messaging: { sms, whatsapp },
    }),
  };
}
export type ConsentChoice = ReturnType<typeof useConsentChoice>;

/** `contact`: the facility's contact for privacy questions, when known. */
export function PrivacyNotice({ choice, contact }: { choice: ConsentChoice; contact?: string | null }) {
  const { t, i18n } = useTranslation();
  const [full, setFull] = useState(false);
  const notice = PRIVACY_NOTICES[languageOf(i18n.language)];
  return (
    <section
      aria-labelledby="privacy-notice"
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="privacy-notice"
    >
      <h3 id="privacy-notice" className="font-semibold">
        {notice.heading}
      </h3>
      <p>{notice.summary}</p>
      <button
        type="button"
        className="text-blue-700 underline"
        aria-expanded={full}
        aria-controls="privacy-notice-full"
        onClick={() => setFull(!full)}
      >
        {full ? t('privacy.notice.hideFull') : t('privacy.notice.readFull')}
      </button>
      {full && (
        <div id="privacy-notice-full" className="space-y-2" data-testid="privacy-notice-full">
          {notice.sections.map((s) => (
            <div key={s.title}>
              <h4 className="font-semibold">{s.title}</h4>
              <p>{s.text}</p>
            </div>
          ))}
          <p>{contact ? notice.contact(contact) : notice.noContact}</p>
        </div>
      )}
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1"
          checked={choice.whatsapp}
          onChange={(e) => choice.setWhatsapp(e.target.checked)}
        />
        <span>{t('privacy.notice.whatsappOptIn')}</span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1"
          checked={choice.sms}
          onChange={(e) => choice.setSms(e.target.checked)}
        />
        <span>{t('privacy.notice.smsOptIn')}</span>
      </label>
      <p className="text-xs text-slate-600">{t('privacy.notice.optInsHint')}</p>
    </section>
  );
}

/** The way to the person's message choices page, where each opt-in can be withdrawn. */
export function ChoicesLink({ token }: { token: string | null }) {
  const { t } = useTranslation();
  if (!token) return null;
  return (
    <Link to={`${PATHS.privacyChoices}/${token}`} className="text-sm text-blue-700 underline">
      {t('privacy.notice.manageChoices')}
    </Link>
  );
}
