// The driver's dashboard (/driver, and / for drivers): the driver's own next appointment, check-in,
// directions, emergency contact, this month's figures, English/Hindi and a voice assistant.
import { Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router-dom';
import { CalendarClock, MapPin, Phone, Volume2 } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { useCancelFlow } from '../../appointments';
import { useSelfCheckin } from '../../checkins';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { GateHint, GateRefusal, PassCheckin } from '../../gate';
import { AppointmentTrip } from '../../trips';
import { MessagePreferences } from '../components/message-preferences';
import { GatePassCard } from '../components/gate-pass-card';
import { loadLater } from '../../../lib/load-later';
import { useDriverPass } from '../api/gate-pass';
import { driverBoardQuery, useEmergencyContact } from '../api/board';
import { useOnline } from '../../../lib/use-online';

const VOICE_RATE = 0.8;

// "My data" is not needed for the page's first paint: its code (the privacy feature's) is fetched after
// it (issue #34: a signed-in first screen loads at most 120 KB). The message settings below it show with
// it, so that nothing moves when it comes.
const MyDataCard = loadLater(async () => (await import('../../privacy')).MyDataCard);

export function DriverDashboardRoute() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const { user } = useSession();
  const board = useQuery(driverBoardQuery);
  const checkin = useSelfCheckin();
  const cancelFlow = useCancelFlow();
  const next = board.data?.nextAppointment ?? null;
  // Offline (lib/use-online.ts), or no answer at all to the dashboard's last ask (as opposed to an error
  // the server gave): the no-network notes show. Back online, the dashboard is asked again at once.
  const online = useOnline();
  const unreachable = !online || (board.isError && !(board.error instanceof ApiError));
  const { refetch } = board;
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void refetch();
    wasOnline.current = online;
  }, [online, refetch]);
  const driverPass = useDriverPass(next, unreachable);
  // The pass's check-in code is fetched while the pass is.
  const passExpected = next?.status === 'scheduled' || unreachable;
  useEffect(() => {
    if (passExpected) void PassCheckin.preload();
  }, [passExpected]);
  const emergencyContact = useEmergencyContact(user?.id ?? null, board.data?.emergencyContact);
  const name = user?.firstName ?? board.data?.driver?.name ?? '';
  const welcome = t('driver.welcome', { name });

  const speak = () => {
    if (!('speechSynthesis' in window)) return;
    const utterance = new SpeechSynthesisUtterance(welcome);
    utterance.lang = i18n.language === 'hi' ? 'hi-IN' : 'en-IN';
    utterance.rate = VOICE_RATE;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-lg font-bold">{welcome}</h1>
        <Button size="sm" variant="secondary" onClick={speak} aria-label={t('driver.voice')}>
          <Volume2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <Card>
        <CardBody className="space-y-3">
          <h2 className="flex items-center gap-2 font-semibold">
            <CalendarClock className="h-5 w-5 text-blue-700" aria-hidden /> {t('driver.nextAppointment')}
          </h2>
          {!next ? (
            <div className="text-sm text-slate-600">
              <p>
                {board.isLoading
                  ? t('common.loading')
                  : unreachable && !board.data
                    ? t('driverApp.pass.noNetwork')
                    : t('driver.none')}
              </p>
              <Link to="/booking" className={`${buttonClasses('primary')} mt-3`}>
                {t('driver.bookOne')}
              </Link>
            </div>
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="next-appointment">
                <div>
                  <dt className="text-slate-500">{t('driver.date')}</dt>
                  <dd className="font-semibold">{format.day(next.scheduledDate)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('driver.time')}</dt>
                  <dd className="font-semibold">
                    {next.scheduledTimeStart} - {next.scheduledTimeEnd}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('driver.facility')}</dt>
                  <dd className="font-semibold">{next.facilityName}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('driver.dock')}</dt>
                  <dd className="font-semibold">{next.doorNumber ?? t('driver.dockPending')}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('driver.reference')}</dt>
                  <dd className="font-semibold">{next.bookingReference}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('driver.status')}</dt>
                  <dd className="font-semibold">{t(`driver.statuses.${next.status}`)}</dd>
                </div>
              </dl>
              <GateHint hint={next.gateHint} />
              <GateRefusal error={checkin.error} />
              <div className="grid grid-cols-2 gap-2">
                <Button
                  disabled={next.status !== 'scheduled' || checkin.isPending}
                  onClick={() =>
                    checkin.mutate(
                      { appointmentId: next.id },
                      {
                        onSuccess: () =>
                          toast({ title: t('driver.checkinSuccessTitle'), description: t('driver.checkinSuccess') }),
                      },
                    )
                  }
                >
                  {next.status === 'scheduled' ? t('driver.checkIn') : t('driver.checkedIn')}
                </Button>
                {board.data?.facility && (
                  <a
                    href={board.data.facility.mapsUrl}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonClasses('secondary')}
                  >
                    <MapPin className="h-4 w-4" aria-hidden /> {t('driver.directions')}
                  </a>
                )}
              </div>
              {/* The reason a check-in was refused (e.g. not yet due) stays in view after its toast. */}
              {checkin.isError && checkin.variables?.appointmentId === next.id && (
                <p className="text-sm text-red-700" data-testid="checkin-error">
                  {messageOf(checkin.error, t('driver.checkinFailed'))}
                </p>
              )}
              {/* Under the buttons: its loading line goes when the trip arrives (or is not watched), and a
                  button that moved as the driver tapped it would take the tap somewhere else. */}
              {next.status === 'scheduled' && <AppointmentTrip appointmentId={next.id} crossings={false} />}
              {next.status === 'scheduled' && (
                <Button
                  variant="secondary"
                  className="w-full"
                  onClick={() => cancelFlow.open(next)}
                  aria-label={`${t('cancelAppointment.action')} ${format.day(next.scheduledDate)} ${next.scheduledTimeStart}`}
                >
                  {t('cancelAppointment.action')}
                </Button>
              )}
            </>
          )}
        </CardBody>
      </Card>
      {/* The pass and its check-in show together: the check-in's code is fetched with the pass. */}
      <Suspense fallback={null}>
        {driverPass && (
          <>
            <GatePassCard {...driverPass} />
            <PassCheckin {...driverPass} />
          </>
        )}
      </Suspense>
      <div className="grid grid-cols-2 gap-3">
        <Card>
          <CardBody className="text-center">
            <div className="text-2xl font-bold" data-testid="driver-this-month">
              {board.data ? format.number(board.data.thisMonth) : '—'}
            </div>
            <div className="text-xs text-slate-500">{t('driver.thisMonth')}</div>
          </CardBody>
        </Card>
        <Card>
          <CardBody className="text-center">
            <div className="text-2xl font-bold">
              {board.data?.onTimeRate == null ? '—' : `${format.number(board.data.onTimeRate)}%`}
            </div>
            <div className="text-xs text-slate-500">{t('driver.onTime')}</div>
          </CardBody>
        </Card>
      </div>
      {Boolean(board.data?.upcoming.length) && (
        <Card>
          <CardBody>
            <h2 className="mb-2 font-semibold">{t('driver.upcoming')}</h2>
            <ul className="space-y-1 text-sm">
              {board.data!.upcoming.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-2">
                  <span>
                    {format.day(a.scheduledDate)} · {a.scheduledTimeStart} · {a.facilityName}
                  </span>
                  {a.status === 'scheduled' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => cancelFlow.open(a)}
                      aria-label={`${t('cancelAppointment.action')} ${format.day(a.scheduledDate)} ${a.scheduledTimeStart}`}
                    >
                      {t('common.cancel')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      )}
      <a
        href={emergencyContact ? `tel:${emergencyContact}` : undefined}
        className={`${buttonClasses('danger')} w-full`}
      >
        <Phone className="h-4 w-4" aria-hidden /> {t('driver.emergency')}
        {emergencyContact && `: ${emergencyContact}`}
      </a>
      <Suspense fallback={null}>
        <MyDataCard />
        {/* Last: its form arrives when scrolled near, and nothing below it may move then. */}
        <MessagePreferences />
      </Suspense>
      {cancelFlow.dialog}
    </div>
  );
}
