// /pass/<link> (issue #31): the page a driver or guest opens from the booking message or the guest's
// confirmation, without signing in, on a phone. It shows the gate pass and saves it on the phone, so
// the same link (or the installed app) shows it at the gate with no mobile data; it says so only once a
// reload with no network would open it (lib/app-shell.ts), and says it is saving until then. It opens in the
// language the guest booked in; the switch in the corner changes it.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { registerCatalogue, setLanguage } from '../../../lib/i18n';
import { offlineStore } from '../../../lib/offline-store';
import { useAppShell } from '../../../lib/app-shell';
import { LanguageSwitch } from '../../../components/language-switch';
import { GatePassCard } from '../../driver';
import { passPageText } from '../i18n';
import { useLinkedPass } from '../api/linked-pass';
import { loadLater } from '../../../lib/load-later';

// The cancel and reschedule forms, last on the page, are fetched once the pass is shown.
const ManageBooking = loadLater(async () => (await import('../components/manage-booking')).ManageBooking, {
  fallback: null,
});

registerCatalogue(passPageText);

function Notice({ tone, children }: { tone: 'error' | 'info'; children: string }) {
  const classes =
    tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-300 bg-white text-slate-800';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 font-semibold ${classes}`}>
      {children}
    </p>
  );
}

export function PassRoute() {
  const { t, i18n } = useTranslation();
  const { link = '' } = useParams();
  const serverText = useServerText();
  const opened = useLinkedPass(link);
  // The pass is on the phone once it shows (useLinkedPass saves it first); the page, once the app's is cached.
  const shell = useAppShell();
  const [cancelled, setCancelled] = useState(false);
  const appointmentId = opened.data?.pass.appointmentId;
  const language = opened.data?.language ?? null;
  useEffect(() => {
    if (language && language !== i18n.language) void setLanguage(language);
    // Only when the server names the booking's language, not on every switch the reader makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  return (
    <main className="mx-auto min-h-screen max-w-md space-y-4 bg-slate-50 p-4">
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('passPage.title')}</h1>
        <LanguageSwitch />
      </div>
      {cancelled && <Notice tone="info">{t('passPage.cancelled')}</Notice>}
      {!cancelled && opened.isLoading && <Notice tone="info">{t('passPage.loading')}</Notice>}
      {!cancelled && opened.isError && (
        <Notice tone="error">{serverText(messageOf(opened.error, t('passPage.failed')))!}</Notice>
      )}
      {!cancelled && opened.data === null && <Notice tone="error">{t('passPage.noCopy')}</Notice>}
      {!cancelled && opened.data && (
        <>
          <GatePassCard pass={opened.data.pass} fromPhone={opened.data.fromPhone} />
          <p className="text-sm text-slate-700" data-testid="pass-saved-here">
            {t(
              shell === 'saved'
                ? 'passPage.savedHere'
                : shell === 'saving'
                  ? 'passPage.savingHere'
                  : 'passPage.notSavedHere',
            )}
          </p>
          {/* The server is the judge of a change: with only the phone's copy there is nothing to change. */}
          {!opened.data.fromPhone && (
            <ManageBooking
              key={link}
              link={link}
              date={opened.data.pass.claims.day}
              onCancelled={() => {
                setCancelled(true);
                // A cancelled booking's pass must not open from the phone's copy either.
                if (appointmentId) void offlineStore.forgetPass(appointmentId);
              }}
            />
          )}
        </>
      )}
    </main>
  );
}
