// /reslot/<token> (issue #33): the page a late driver opens from the message, without signing in, on a
// phone. It lists up to three later slots with one big button each; one tap moves the appointment (or
// asks the facility, where it approves) and shows the new time. Every refusal (a second tap, a link
// expired, altered or for a cancelled appointment, a slot taken meanwhile) is the server's own message,
// in the page's language: English or Hindi by `?lang=` in the link, else the language the driver was
// messaged in (the offer says it).
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ReslotResult, ReslotSlot } from '@shared/contracts/trips';
import { localDateTime } from '@shared/time';
import { ApiError, messageOf } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { formatDay, localeOf } from '../../../lib/format';
import { LanguageSwitch } from '../../../components/language-switch';
import { reslotOfferQuery, useTakeReslot } from '../api/trips';

const isLanguage = (value: string | null): value is 'en' | 'hi' => value === 'en' || value === 'hi';

function Message({ tone, children }: { tone: 'error' | 'done'; children: string }) {
  const classes =
    tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900';
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border p-4 text-lg font-semibold ${classes}`}
    >
      {children}
    </p>
  );
}

export function ReslotRoute() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('lang');
  const offer = useQuery(reslotOfferQuery(token));
  const take = useTakeReslot(token);
  const [result, setResult] = useState<ReslotResult | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; final: boolean } | null>(null);

  // The link's language first, then the one the driver was messaged in; the switch in the corner after that.
  const language = isLanguage(asked) ? asked : (offer.data?.language ?? null);
  useEffect(() => {
    if (language && language !== i18n.language) void setLanguage(language);
    // Only when the link or the offer names a language, not on every switch the driver makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  const locale = localeOf(i18n.language);
  const slotText = (s: ReslotSlot) => ({ day: formatDay(s.date, locale), start: s.timeStart, end: s.timeEnd });
  const clock = (iso: string, timeZone: string) => localDateTime(new Date(iso), timeZone).time;
  // The link ends at the facility's midnight: the last day it works is the one before that instant.
  const lastDay = (iso: string, timeZone: string) =>
    formatDay(localDateTime(new Date(Date.parse(iso) - 1), timeZone).date, locale);

  const choose = (slot: ReslotSlot) => {
    setRefusal(null);
    take.mutate(slot, {
      onSuccess: setResult,
      onError: (error) => {
        // A refusal of the slot itself (taken meanwhile, no longer offered) leaves the others to choose
        // from; any other (used, expired, the appointment moved) ends the page.
        const ofSlot = error instanceof ApiError && Boolean(error.fieldErrors.slot);
        setRefusal({ message: messageOf(error, t('trips.reslot.failed')), final: !ofSlot });
        if (ofSlot) void offer.refetch();
      },
    });
  };

  const data = offer.data;
  return (
    <main className="mx-auto min-h-screen max-w-md space-y-4 bg-slate-50 p-4">
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('trips.reslot.title')}</h1>
        <LanguageSwitch />
      </div>
      {offer.isLoading && <p className="text-slate-600">{t('trips.reslot.loading')}</p>}
      {offer.isError && !result && <Message tone="error">{messageOf(offer.error, t('trips.reslot.failed'))}</Message>}
      {data && (
        <>
          <div className="space-y-1 text-slate-800">
            <p className="font-medium">
              {t('trips.reslot.booking', { facility: data.facilityName, reference: data.bookingReference })}
            </p>
            <p>{t('trips.reslot.current', slotText(data.current))}</p>
            <p>{t('trips.reslot.eta', { time: clock(data.eta, data.timeZone) })}</p>
          </div>
          {result ? (
            <Message tone="done">
              {t(result.outcome === 'moved' ? 'trips.reslot.moved' : 'trips.reslot.requested', slotText(result.slot))}
            </Message>
          ) : (
            <>
              {refusal && <Message tone="error">{refusal.message}</Message>}
              {!refusal?.final &&
                (data.slots.length ? (
                  <section aria-labelledby="reslot-choose" className="space-y-3">
                    <h2 id="reslot-choose" className="text-lg font-semibold">
                      {t('trips.reslot.choose')}
                    </h2>
                    {data.needsApproval && <p className="text-sm text-slate-600">{t('trips.reslot.needsApproval')}</p>}
                    {data.slots.map((slot) => (
                      <button
                        key={`${slot.date}_${slot.timeStart}`}
                        type="button"
                        disabled={take.isPending}
                        onClick={() => choose(slot)}
                        className="block min-h-14 w-full rounded-xl bg-blue-700 px-4 py-4 text-center text-xl font-bold text-white shadow hover:bg-blue-800 focus:outline-none focus:ring-4 focus:ring-blue-400 disabled:opacity-60"
                      >
                        {take.isPending && take.variables === slot
                          ? t('trips.reslot.moving')
                          : t('trips.reslot.slot', slotText(slot))}
                      </button>
                    ))}
                  </section>
                ) : (
                  <Message tone="error">{t('trips.reslot.none')}</Message>
                ))}
              <p className="text-sm text-slate-600">
                {t('trips.reslot.expires', { day: lastDay(data.expiresAt, data.timeZone) })}
              </p>
            </>
          )}
        </>
      )}
    </main>
  );
}
