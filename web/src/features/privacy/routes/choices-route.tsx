// /privacy/choices/<token> (issue #36): the page a person opens from the link in a message, without
// signing in: their current message choices (SMS, WhatsApp, offers) and a button to withdraw each,
// in effect at once. An altered or unknown link shows the server's message, in the page's language.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CONSENT_PURPOSES, type ConsentPurpose, type PrivacyChoices } from '@shared/contracts/privacy-notice';
import { api, messageOf } from '../../../lib/api-client';
import { registerCatalogue, setLanguage } from '../../../lib/i18n';
import { useServerText } from '../../../lib/server-text';
import { LanguageSwitch } from '../../../components/language-switch';
import { Button } from '../../../components/ui/button';
import { choicesPath, useChoices } from '../api/privacy';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

export function ChoicesRoute() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const { token = '' } = useParams();
  const choices = useChoices(token);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<ConsentPurpose | null>(null);
  const withdraw = useMutation({
    mutationFn: (purpose: ConsentPurpose) =>
      api.post<PrivacyChoices>(choicesPath(token), { withdraw: [purpose] }).then((r) => ({ r, purpose })),
    onSuccess: ({ r, purpose }) => {
      queryClient.setQueryData([choicesPath(token)], r);
      setDone(purpose);
    },
  });
  // The page opens in the language the person gave their consent in.
  const language = choices.data?.language;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  return (
    <main className="mx-auto max-w-md space-y-4 p-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t('privacy.choices.title')}</h1>
        <LanguageSwitch />
      </div>
      {choices.error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-red-900">
          {serverText(messageOf(choices.error, t('privacy.choices.failed')))}
        </p>
      ) : !choices.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          <p className="text-slate-700">{t('privacy.choices.intro')}</p>
          <ul className="space-y-3">
            {CONSENT_PURPOSES.map((purpose) => {
              const on = choices.data.choices[purpose];
              return (
                <li key={purpose} className="rounded-lg border border-slate-200 p-3" data-testid={`choice-${purpose}`}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{t(`privacy.choices.${purpose}`)}</span>
                    <span className={on ? 'text-green-800' : 'text-slate-500'}>
                      {on ? t('privacy.choices.on') : t('privacy.choices.off')}
                    </span>
                  </div>
                  {purpose === 'sms' && <p className="mt-1 text-xs text-slate-600">{t('privacy.choices.smsNote')}</p>}
                  {on && (
                    <Button
                      variant="secondary"
                      className="mt-2 w-full"
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate(purpose)}
                    >
                      {withdraw.isPending && withdraw.variables === purpose
                        ? t('privacy.choices.withdrawing')
                        : t('privacy.choices.withdraw')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {done && (
            <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
              {t('privacy.choices.withdrawn')}
            </p>
          )}
          {withdraw.error && (
            <p role="alert" className="text-red-700">
              {serverText(messageOf(withdraw.error, t('privacy.choices.failed')))}
            </p>
          )}
        </>
      )}
    </main>
  );
}
