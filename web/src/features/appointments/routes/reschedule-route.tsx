// /reschedule: request a new time for an eligible appointment; approve or deny pending requests.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { isReschedulable, REQUESTED_BY, RESCHEDULE_REASONS, rescheduleFormSchema } from '@shared/contracts/appointments';
import { localDateTime } from '@shared/time';
import { DEFAULT_TIME_ZONE } from '@shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, inputClasses } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useAvailability, useDecideReschedule, usePendingReschedules, useRequestReschedule, useUpcomingAppointments } from '../api/appointments';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';

type FormInput = z.input<typeof rescheduleFormSchema>;
type FormOutput = z.output<typeof rescheduleFormSchema>;
const label = (s: string) => s.replace('_', ' ').replace(/^./, (c) => c.toUpperCase());

export function RescheduleRoute() {
  const { toast } = useToast();
  const { hasPermission } = useSession();
  const canDecide = hasPermission('reschedules:decide');
  const today = localDateTime(new Date(), DEFAULT_TIME_ZONE).date;
  const upcoming = useUpcomingAppointments();
  const pending = usePendingReschedules();
  const request = useRequestReschedule();
  const approve = useDecideReschedule('approve');
  const deny = useDecideReschedule('deny');
  const eligible = (upcoming.data ?? []).filter(isReschedulable);
  const blank: FormInput = { appointmentId: '', newDate: '', newTimeStart: '', newTimeEnd: '', reason: 'traffic', reasonDetails: '', requestedBy: 'carrier' };
  const { register, handleSubmit, formState, watch, reset } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(rescheduleFormSchema), defaultValues: blank });
  const e = formState.errors;
  const [appointmentId, newDate, newTimeStart, newTimeEnd] = watch(['appointmentId', 'newDate', 'newTimeStart', 'newTimeEnd']);
  const chosen = eligible.find((a) => a.id === appointmentId);
  const availability = useAvailability({ facilityId: chosen?.facilityId, date: newDate, timeStart: newTimeStart, timeEnd: newTimeEnd, dockDoorId: chosen?.dockDoorId ?? undefined, excludeAppointmentId: chosen?.id });
  const unavailable = availability.data?.available === false;

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Reschedule Request Submitted', description: 'Your request awaits admin approval.' });
        reset(blank);
      },
    }),
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader title="Request Reschedule" />
        <CardBody>
          {!eligible.length && !upcoming.isLoading ? (
            <p className="text-sm text-slate-500">No appointments available for rescheduling</p>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-3">
              <SelectField
                label="Appointment *"
                placeholder="Select appointment"
                options={eligible.map((a) => ({ value: a.id, label: `${a.scheduledDate} ${a.scheduledTimeStart}-${a.scheduledTimeEnd} · ${a.carrierName ?? a.driverName ?? 'Guest'} · ${a.bookingReference}` }))}
                error={e.appointmentId?.message}
                {...register('appointmentId')}
              />
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label="New date *" type="date" min={today} error={e.newDate?.message} {...register('newDate')} />
                <Field label="New start *" type="time" step={900} error={e.newTimeStart?.message} {...register('newTimeStart')} />
                <Field label="New end *" type="time" step={900} error={e.newTimeEnd?.message} {...register('newTimeEnd')} />
              </div>
              <p className="text-sm" role="status">
                {availability.isFetching ? (
                  <span className="text-slate-500">Checking availability...</span>
                ) : availability.data?.available ? (
                  <span className="text-green-700">New time slot is available!</span>
                ) : availability.data ? (
                  <span className="text-red-600">New time slot is not available. Please select a different time.</span>
                ) : null}
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField label="Reason *" options={RESCHEDULE_REASONS.map((r) => ({ value: r, label: label(r) }))} error={e.reason?.message} {...register('reason')} />
                <SelectField label="Requested by" options={REQUESTED_BY.map((r) => ({ value: r, label: label(r) }))} {...register('requestedBy')} />
              </div>
              <label className="block text-sm font-medium text-slate-800">
                Reason details *
                <textarea rows={3} className={`${inputClasses} mt-1`} aria-invalid={e.reasonDetails ? true : undefined} {...register('reasonDetails')} />
              </label>
              {e.reasonDetails && <p className="text-sm text-red-600">{e.reasonDetails.message}</p>}
              <Button type="submit" disabled={request.isPending || unavailable}>
                {request.isPending ? 'Submitting...' : 'Submit Request'}
              </Button>
            </form>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Pending Reschedules" />
        <CardBody>
          {!pending.data?.length ? (
            <p className="text-sm text-slate-500">No pending reschedule requests</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Pending reschedules">
              {pending.data.map((r) => (
                <li key={r.id} className="space-y-1 py-3 text-sm">
                  <div className="flex items-center justify-between">
                    <span className="font-semibold">Request #{r.id.slice(-6)}</span>
                    <span className="text-slate-500">{r.bookingReference}</span>
                  </div>
                  <div>
                    {r.originalDate} {r.originalTimeStart}-{r.originalTimeEnd} → <strong>{r.newDate} {r.newTimeStart}-{r.newTimeEnd}</strong>
                  </div>
                  <div className="text-slate-600">
                    {label(r.reason)}: {r.reasonDetails} ({label(r.requestedBy)})
                  </div>
                  {canDecide && (
                    <div className="flex gap-2 pt-1">
                      <Button size="sm" onClick={() => approve.mutate({ id: r.id })} disabled={approve.isPending}>
                        Approve
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => deny.mutate({ id: r.id })} disabled={deny.isPending}>
                        Deny
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
