// /booking: book an appointment at a facility with dock door, driver, labour and equipment.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { appointmentInputSchema, BOOKED_BY, LOAD_TYPES, PRIORITIES } from '@shared/contracts/appointments';
import { actsForAll } from '@shared/access';
import { fromMinutes, toMinutes } from '@shared/time';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useAddEquipment, useAvailability, useCreateAppointment } from '../api/appointments';
import { useCarriers, useDrivers } from '../../carriers';
import { todayAt, useAvailableResources, useDockDoors, useFacilities, useHomeFacility } from '../../facilities';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { BookingFields, useBookingSetup } from '../../appointment-types';
import { loadMinutes } from '@shared/contracts/appointment-types';

// The custom booking fields' code is fetched with this form's, not when the form first renders them.
void BookingFields.preload();

type FormInput = z.input<typeof appointmentInputSchema>;
type FormOutput = z.output<typeof appointmentInputSchema>;

export function BookingRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const { user } = useSession();
  // A driver books for their own driver record only; staff who act for all choose carrier and driver.
  const driverSelf = Boolean(user?.driverId && !actsForAll(user));
  const home = useHomeFacility();
  const blank: FormInput = {
    facilityId: '',
    carrierId: driverSelf ? (user?.carrierId ?? '') : '',
    driverId: driverSelf ? (user?.driverId ?? '') : '',
    dockDoorId: '',
    laborInchargeId: '',
    scheduledDate: todayAt(home),
    scheduledTimeStart: '',
    scheduledTimeEnd: '',
    loadType: 'inbound',
    priority: 'normal',
    bookedBy: 'carrier',
    poNumber: '',
    bolNumber: '',
    palletCount: '',
    cartonCount: '',
    quantity: '',
    estimatedDuration: 60,
    specialInstructions: '',
    handlingEquipmentNotes: '',
    typeId: '',
    fields: {},
  };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(appointmentInputSchema),
    defaultValues: blank,
  });
  const { register, handleSubmit, watch, setValue, reset, setError } = form;
  const field = fieldBinder(form);
  const [chosenEquipment, setChosenEquipment] = useState<string[]>([]);
  const [facilityId, carrierId, date, start, end, duration, doorId, typeId, quantity] = watch([
    'facilityId',
    'carrierId',
    'scheduledDate',
    'scheduledTimeStart',
    'scheduledTimeEnd',
    'estimatedDuration',
    'dockDoorId',
    'typeId',
    'quantity',
  ]);
  // An appointment type's rule gives the load's length (issue #32); the server sets the end by it too.
  const bookingSetup = useBookingSetup(facilityId || null);
  const audience = user && actsForAll(user) ? 'staff' : 'carrier';
  const type = bookingSetup.data?.types.find((ty) => ty.id === typeId) ?? null;
  const typedMinutes =
    type && bookingSetup.data
      ? loadMinutes(
          type.durationRule,
          quantity === '' || quantity == null ? null : Number(quantity),
          bookingSetup.data.slotMinutes,
        )
      : null;
  useEffect(() => {
    if (typedMinutes) setValue('estimatedDuration', typedMinutes);
  }, [typedMinutes, setValue]);

  const facilities = useFacilities();
  // Today at the chosen facility (its own zone: a Singapore hub's day, not India's), else at home.
  const today = todayAt(facilities.data?.find((f) => f.id === facilityId) ?? home);
  const carriers = useCarriers();
  const drivers = useDrivers(carrierId || null);
  const doors = useDockDoors(facilityId || null);
  const window = { facilityId, date, timeStart: start, timeEnd: end };
  const labour = useAvailableResources('labor-incharges', window);
  const equipment = useAvailableResources('equipment', window);
  const availability = useAvailability({ ...window, dockDoorId: doorId || undefined });
  const create = useCreateAppointment();
  const addEquipment = useAddEquipment();

  // A date the user has not touched follows the facility's today (chosen facility, or home once loaded).
  const dateTouched = form.formState.dirtyFields.scheduledDate;
  useEffect(() => {
    if (!dateTouched) setValue('scheduledDate', today);
  }, [today, dateTouched, setValue]);

  // The end follows the start and the estimated duration.
  useEffect(() => {
    const minutes = Number(duration);
    if (start && /^\d{2}:\d{2}$/.test(start) && Number.isFinite(minutes) && minutes >= 15) {
      const endMinutes = toMinutes(start) + minutes;
      if (endMinutes < 24 * 60) setValue('scheduledTimeEnd', fromMinutes(endMinutes));
    }
  }, [start, duration, setValue]);

  // Whoever books only for their own carrier starts on it, once the list (theirs alone, #29.2) is there.
  const ownCarrier = user && !actsForAll(user) ? user.carrierId : null;
  const ownCarrierListed = Boolean(ownCarrier && carriers.data?.some((c) => c.id === ownCarrier));
  useEffect(() => {
    if (ownCarrier && ownCarrierListed) setValue('carrierId', ownCarrier);
  }, [ownCarrier, ownCarrierListed, setValue]);

  const unavailable = availability.data?.available === false;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      for (const equipmentId of chosenEquipment)
        await addEquipment.mutateAsync({ appointmentId: created.id, equipmentId });
      toast({
        title: t('appointments.booking.booked'),
        description: t('appointments.booking.bookedText', {
          date: format.day(created.scheduledDate),
          time: created.scheduledTimeStart,
          reference: created.bookingReference,
        }),
      });
      reset(blank);
      setChosenEquipment([]);
    } catch (error) {
      // the mutation's own toast has said why; the fields it names say so too
      showServerFieldErrors(error, setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-2xl font-bold">{t('appointments.booking.title')}</h1>
      <Card>
        <CardHeader title={t('appointments.booking.basicInformation')} />
        <CardBody className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('appointments.booking.facility')}
            placeholder={t('appointments.booking.selectFacility')}
            options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            {...field('facilityId')}
          />
          {driverSelf ? (
            <div className="text-sm" data-testid="booking-party">
              <input type="hidden" {...register('carrierId')} />
              <input type="hidden" {...field('driverId')} />
              <div className="font-medium text-slate-800">{t('appointments.booking.carrierAndDriver')}</div>
              <div className="mt-2 text-slate-700">
                {carriers.data?.find((c) => c.id === user?.carrierId)?.name ?? '—'} · {user?.firstName} {user?.lastName}
              </div>
            </div>
          ) : (
            <>
              <SelectField
                label={t('appointments.booking.carrier')}
                placeholder={t('appointments.booking.selectCarrier')}
                options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                {...field('carrierId')}
              />
              <SelectField
                label={t('appointments.booking.driver')}
                placeholder={t('appointments.booking.noDriver')}
                disabled={!carrierId}
                options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                {...field('driverId')}
              />
            </>
          )}
          <SelectField
            label={t('appointments.booking.bookedBy')}
            options={BOOKED_BY.map((b) => ({ value: b, label: t(`appointments.booking.bookedByOptions.${b}`) }))}
            {...field('bookedBy')}
          />
          <SelectField
            label={t('appointments.booking.loadType')}
            options={LOAD_TYPES.map((l) => ({ value: l, label: t(`appointments.loadTypes.${l}`) }))}
            {...field('loadType')}
          />
          <SelectField
            label={t('appointments.booking.priority')}
            options={PRIORITIES.map((p) => ({ value: p, label: t(`appointments.booking.priorities.${p}`) }))}
            {...field('priority')}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('appointments.booking.scheduleDetails')} />
        <CardBody className="grid gap-3 sm:grid-cols-3">
          <Field label={t('appointments.booking.date')} type="date" min={today} {...field('scheduledDate')} />
          <Field label={t('appointments.booking.startTime')} type="time" step={900} {...field('scheduledTimeStart')} />
          <Field label={t('appointments.booking.endTime')} type="time" step={900} {...field('scheduledTimeEnd')} />
          <Field
            label={t('appointments.booking.duration')}
            type="number"
            min={15}
            step={15}
            {...field('estimatedDuration')}
          />
          {Boolean(bookingSetup.data?.types.length) && (
            <>
              <SelectField
                label={t('appointmentTypes.booking.type')}
                placeholder={t('appointmentTypes.booking.noType')}
                options={(bookingSetup.data?.types ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
                {...field('typeId')}
              />
              <p className="self-end pb-2 text-sm" data-testid="typed-length">
                {typedMinutes ? t('appointmentTypes.booking.length', { minutes: typedMinutes }) : null}
              </p>
            </>
          )}
          <SelectField
            label={t('appointments.booking.dockDoor')}
            placeholder={t('appointments.booking.assignLater')}
            disabled={!facilityId}
            options={(doors.data ?? [])
              .filter((d) => d.status !== 'maintenance')
              .map((d) => ({
                value: d.id,
                label: t('appointments.booking.door', {
                  number: d.doorNumber,
                  type: t(`appointments.booking.doorTypes.${d.doorType}`),
                }),
              }))}
            {...field('dockDoorId')}
          />
          <SelectField
            label={t('appointments.booking.labour')}
            placeholder={t('appointments.booking.none')}
            disabled={!labour.data}
            options={(labour.data ?? []).map((l) => ({
              value: l.id,
              label: `${l.name}${l.specialization ? ` — ${l.specialization}` : ''}`,
            }))}
            {...field('laborInchargeId')}
          />
          <p className="text-sm sm:col-span-3" role="status" data-testid="availability">
            {availability.isFetching ? (
              <span className="text-slate-500">{t('appointments.booking.checking')}</span>
            ) : availability.data?.available ? (
              <span className="text-green-700">{t('appointments.booking.available')}</span>
            ) : availability.data ? (
              <span className="text-red-600">
                {t('appointments.booking.unavailable')}
                {availability.data.reason ? ` (${availability.data.reason})` : ''}
              </span>
            ) : null}
          </p>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('appointments.booking.loadInformation')} />
        <CardBody className="grid gap-3 sm:grid-cols-2">
          <Field label={t('appointments.booking.poNumber')} {...field('poNumber')} />
          <Field label={t('appointments.booking.bolNumber')} {...field('bolNumber')} />
          <Field label={t('appointments.booking.palletCount')} type="number" min={0} {...field('palletCount')} />
          <Field label={t('appointments.booking.cartonCount')} type="number" min={0} {...field('cartonCount')} />
          <Field label={t('appointments.booking.quantity')} type="number" min={0} {...field('quantity')} />
          <BookingFields setup={bookingSetup.data} typeId={typeId || null} audience={audience} form={form} />
          <TextAreaField
            className="sm:col-span-2"
            rows={2}
            label={t('appointments.booking.specialInstructions')}
            {...field('specialInstructions')}
          />
          <TextAreaField
            className="sm:col-span-2"
            rows={2}
            label={t('appointments.booking.equipmentNotes')}
            {...field('handlingEquipmentNotes')}
          />
        </CardBody>
      </Card>
      {Boolean(equipment.data?.length) && (
        <Card>
          <CardHeader
            title={t('appointments.booking.equipmentTitle')}
            description={t('appointments.booking.equipmentText')}
          />
          <CardBody className="grid gap-2 sm:grid-cols-2">
            {equipment.data!.map((item) => (
              <label key={item.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosenEquipment.includes(item.id)}
                  onChange={(ev) =>
                    setChosenEquipment((list) =>
                      ev.target.checked ? [...list, item.id] : list.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.name}{' '}
                <span className="text-slate-500">{[item.type, item.capacity].filter(Boolean).join(', ')}</span>
              </label>
            ))}
          </CardBody>
        </Card>
      )}
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            reset(blank);
            setChosenEquipment([]);
          }}
        >
          {t('appointments.booking.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending || unavailable}>
          {create.isPending ? t('appointments.booking.submitting') : t('appointments.booking.submit')}
        </Button>
      </div>
    </form>
  );
}
