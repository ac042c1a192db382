// /scheduling: the appointments of a chosen day, their status actions, and cancelling (with a reason).
import { bookedFieldsText, matchesSearch } from '@shared/contracts/booked-fields';
import { BookingSearch } from '../../appointment-types';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { actsForAll, canActOn } from '@shared/access';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { AppointmentStatusAction, StatusBadge } from '../components/appointment-status';
import { useCancelFlow } from '../components/use-cancel-flow';
import { useApprovalFlow } from '../components/approval-actions';
import { useAppointments } from '../api/appointments';
import { useSession } from '../../../lib/session';
import { keepValue, keptValue } from '../../../lib/device-storage';
import { GateHint } from '../../gate';
import { todayAt, useFacilities, useHomeFacility } from '../../facilities';
import { TripState, TripStrip, useTripsOf } from '../../trips';
import { DetentionDetails, hasDetention } from '../../detention';

/** The facility choice that lists every hub's appointments of the day. */
const EVERY_HUB = 'every-hub';

/** Where the device keeps each user's last facility choice of this list. */
const choiceKey = (userId: string) => `docksaathi.schedulingFacility.${userId}`;

/** A device that keeps nothing opens the list on the home facility each time. */
const keptChoice = (userId: string) => keptValue(choiceKey(userId));
const keepChoice = (userId: string, choice: string) => keepValue(choiceKey(userId), choice);

export function SchedulingRoute() {
  const { t } = useTranslation();
  const { user, hasPermission } = useSession();
  // One hub's day (the home facility's until another is chosen; one read), or every hub's on request.
  const facilities = useFacilities().data;
  const home = useHomeFacility();
  // Kept in the address (`?facility=`: a reload or a shared link shows the same hub) and on the device for
  // this user (the sidebar's link and the next visit open on it); a hub no longer the tenant's falls back.
  const [params, setParams] = useSearchParams();
  const facilityChoice = params.get('facility') ?? (user ? keptChoice(user.id) : null);
  const setFacilityChoice = (choice: string) => {
    if (user) keepChoice(user.id, choice);
    setParams(
      (current) => {
        current.set('facility', choice);
        return current;
      },
      { replace: true },
    );
  };
  const everyHub = facilityChoice === EVERY_HUB;
  const hub = everyHub ? undefined : (facilities?.find((f) => f.id === facilityChoice) ?? home);
  const facilityNames = new Map((facilities ?? []).map((f) => [f.id, f.name]));
  // Today at the chosen hub (its zone, e.g. Singapore's), until the user picks a day.
  const [chosen, setDate] = useState<string | null>(null);
  const date = chosen ?? todayAt(hub ?? home);
  const appointments = useAppointments(date, hub?.id, facilities !== undefined);
  // The list's search (issue #32): reference, carrier, driver, vehicle, PO and the custom fields' answers.
  const [search, setSearch] = useState('');
  // Carrier bookings awaiting approval (issue #32): counted, and the list narrowed to them on demand.
  const [awaitingOnly, setAwaitingOnly] = useState(false);
  const awaiting = (appointments.data ?? []).filter((a) => a.status === 'pending_approval').length;
  const shown = (appointments.data ?? []).filter(
    (a) => matchesSearch(a, search) && (!awaitingOnly || a.status === 'pending_approval'),
  );
  // Each watched truck's state, for the whole list in one read.
  const trips = useTripsOf((appointments.data ?? []).map((a) => a.id));
  const canChange = Boolean(user && actsForAll(user));
  const cancelFlow = useCancelFlow();
  const approvalFlow = useApprovalFlow();
  // Staff cancel any appointment; a carrier's account its own, awaiting approval or scheduled.
  const cancellable = (a: (typeof shown)[number]) =>
    Boolean(user && canActOn(user, a)) && (a.status === 'scheduled' || a.status === 'pending_approval');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('appointments.list.title')}</h1>
        <div className="flex flex-wrap items-end gap-2">
          <BookingSearch value={search} onChange={setSearch} />
          <label className="flex items-center gap-2 pb-2 text-sm font-medium text-amber-800">
            <input type="checkbox" checked={awaitingOnly} onChange={(e) => setAwaitingOnly(e.target.checked)} />
            {t('appointments.approval.filter', { count: awaiting })}
          </label>
          {(facilities?.length ?? 0) > 1 && (
            <SelectField
              label={t('appointments.list.facility')}
              options={[
                ...facilities!.map((f) => ({ value: f.id, label: f.name })),
                { value: EVERY_HUB, label: t('appointments.list.everyFacility') },
              ]}
              value={everyHub ? EVERY_HUB : (hub?.id ?? '')}
              onChange={(e) => setFacilityChoice(e.target.value)}
            />
          )}
          <Field
            label={t('appointments.list.date')}
            type="date"
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
          {hasPermission('appointments:book') && (
            <Link to="/booking" className={buttonClasses('primary')}>
              <Plus className="h-4 w-4" aria-hidden /> {t('appointments.list.newAppointment')}
            </Link>
          )}
        </div>
      </div>
      <Card>
        <CardBody>
          {appointments.isLoading ? (
            <p className="text-sm text-slate-500">{t('appointments.list.loading')}</p>
          ) : !appointments.data?.length ? (
            <p className="py-8 text-center text-slate-500">{t('appointments.list.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('appointments.list.title')}>
              {shown.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="appointment-row">
                  <div className="w-28 font-semibold">
                    {a.scheduledTimeStart} - {a.scheduledTimeEnd}
                  </div>
                  <div className="min-w-48 flex-1">
                    <div className="font-medium">{t(`appointments.loadTypes.${a.loadType}`)}</div>
                    <div className="text-sm text-slate-600">
                      {a.carrierName ?? a.driverName ?? t('appointments.list.guest')} ·{' '}
                      {t('appointments.list.po', { value: a.poNumber ?? '—' })} ·{' '}
                      {t('appointments.list.bol', { value: a.bolNumber ?? '—' })} ·{' '}
                      {a.doorNumber
                        ? t('appointments.list.dock', { door: a.doorNumber })
                        : t('appointments.list.noDock')}
                    </div>
                    <div className="text-xs text-slate-500">
                      {a.bookingReference}
                      {everyHub && ` · ${facilityNames.get(a.facilityId) ?? ''}`}
                    </div>
                    {Boolean(a.fields?.length) && (
                      <div className="text-xs text-slate-600" data-testid="booked-fields">
                        {bookedFieldsText(a.fields)}
                      </div>
                    )}
                    <GateHint hint={a.gateHint} />
                    {trips.has(a.id) && (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs font-medium text-blue-700">
                          {t('appointments.list.trip')}
                        </summary>
                        <div className="mt-2">
                          <TripStrip trip={trips.get(a.id)!} />
                        </div>
                      </details>
                    )}
                  </div>
                  <TripState trip={trips.get(a.id)} />
                  <StatusBadge status={a.status} />
                  {canChange && <AppointmentStatusAction id={a.id} status={a.status} gateHold={a.gateHold} />}
                  {canChange && a.status === 'pending_approval' && approvalFlow.actions(a)}
                  {cancellable(a) && (
                    <Button size="sm" variant="secondary" onClick={() => cancelFlow.open(a)}>
                      {t('appointments.list.cancel')}
                    </Button>
                  )}
                  {/* Its own line under the row: the truck's timeline, figures and forms need the width. */}
                  {hasDetention(a.status) && <DetentionDetails appointmentId={a.id} />}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {cancelFlow.dialog}
      {approvalFlow.dialog}
    </div>
  );
}
