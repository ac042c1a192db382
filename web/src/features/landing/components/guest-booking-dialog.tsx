// The guest Quick Slot Booking dialog (no sign-in): vehicle, driver, a date and an open slot. Every
// field is checked in the browser by the schema the server checks it with (a booking link's page adds
// its type's and custom fields' checks); a booking link's page also names the quantity by its type's
// unit and keeps the booker's vehicle, driver and owner on the device for the next booking (issue #53).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { count, LOAD_TYPES } from '@shared/contracts/appointments';
import type { DurationUnit } from '@shared/contracts/appointment-types';
import {
  type GuestBookingConfirmation as Confirmation,
  GUEST_MISSING_INFORMATION,
  guestBookingSchema,
  OWNER_TYPES,
  VEHICLE_TYPES,
} from '@shared/contracts/appointments-guest';
import { instantOf, localDateTime, DEFAULT_TIME_ZONE } from '@shared/time';
import { Dialog } from '../../../components/ui/dialog';
import { PrivacyNotice, useConsentChoice } from '../../privacy';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { registerCatalogue } from '../../../lib/i18n';
import { useServerText } from '../../../lib/server-text';
import { messageOf } from '../../../lib/api-client';
import { guestBookingText } from '../i18n';
import { GUEST_SOURCE, type GuestBookingSource } from '../api/guest-booking';
import { SlotCalendar } from './slot-calendar';
import { GuestBookingConfirmation } from './guest-booking-confirmation';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import {
  forgetDetails,
  REMEMBERED_FIELDS,
  rememberDetails,
  rememberedDetails,
  type RememberedDetails,
} from '../remembered-details';

type FormInput = z.input<typeof guestBookingSchema>;
type FormOutput = z.output<typeof guestBookingSchema>;

registerCatalogue(guestBookingText);

/** `facility`: the link the page was opened with (/book/<link>), else the `facility` query parameter, else the platform's default. */
export function GuestBookingDialog({
  open,
  onClose,
  facility: linked,
  source = GUEST_SOURCE,
  loadExtras,
  schema = guestBookingSchema,
  unitOf,
  rememberAs,
}: {
  open: boolean;
  onClose: () => void;
  facility?: string;
  /** Where it reads and books (a facility booking link gives its own); the same for the dialog's life. */
  source?: GuestBookingSource;
  /** More of the load (a booking link's appointment types and custom fields), bound to the same form. */
  loadExtras?: (form: UseFormReturn<FormInput, unknown, FormOutput>) => ReactNode;
  /** The form's checks: the guest booking's, or more of them (a booking link's types and fields); the same for the dialog's life. */
  schema?: z.ZodMiniType<FormOutput, FormInput>;
  /** What the chosen type counts its load in (pallets, units), which names the quantity field; null: no such type. */
  unitOf?: (typeId: string | null) => DurationUnit | null;
  /** Where on this device the booker's vehicle, driver and owner are kept for their next booking (a booking link's id). */
  rememberAs?: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const say = useServerText();
  const { toast } = useToast();
  const [params] = useSearchParams();
  const facility = linked ?? params.get('facility');
  // Today at the facility booked (a Singapore hub's day, wherever the guest is); without a link, the
  // platform's default hub, which is in India.
  const bookedFacility = source.useFacility(facility, open);
  const timeZone = bookedFacility.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDateTime(new Date(), timeZone).date;
  // The booking made: shown until the guest closes it (issue #29.1), with the number it was sent to.
  const [booked, setBooked] = useState<{ booking: Confirmation; phone: string } | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const holidays = source.useHolidays(open ? facility : null);
  const holidaySet = useMemo(() => new Set((holidays.data ?? []).map((h) => h.holidayDate)), [holidays.data]);
  const book = source.useBook();
  const consent = useConsentChoice();
  const [remembered, setRemembered] = useState<RememberedDetails | null>(() =>
    rememberAs ? rememberedDetails(rememberAs) : null,
  );
  const empty: FormInput = {
    ownerType: 'Driver',
    vehicleNumber: '',
    vehicleType: 'Truck',
    capacityTons: '',
    driverName: '',
    driverLicense: '',
    mobileNumber: '',
    ownerName: '',
    ownerContactNumber: '',
    loadType: 'inbound',
    goodsType: '',
    poNumber: '',
    quantity: '',
    ewayBill: '',
    expectedArrivalDate: '',
    slotId: '',
    bookingType: 'guest',
    priority: 'normal',
    ...(facility ? { facility } : {}),
  };
  // A new booking starts from what this device remembers of the last one.
  const startingFrom = (kept: RememberedDetails | null): FormInput => ({ ...empty, ...kept });
  const blank = startingFrom(remembered);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(schema),
    defaultValues: blank,
  });
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = form;
  const field = fieldBinder({ register, formState });
  const [ownerType, slotId, typeId, quantity] = watch(['ownerType', 'slotId', 'typeId', 'quantity']);
  // The slots offered fit the load chosen (a type's duration at a door that takes it, issue #32); a
  // quantity that is not a count yet is left out, and the form says so when it is sent.
  const slots = source.useSlots(open ? date : null, facility, {
    typeId: typeId || null,
    quantity: count.safeParse(quantity).data ?? null,
  });
  // A slot chosen before the type or quantity changed, and no longer offered, is let go without a message.
  useEffect(() => {
    if (slotId && slots.data && !slots.data.some((s) => s.id === slotId)) setValue('slotId', '');
  }, [slotId, slots.data, setValue]);
  // The date and slot are picked, not typed: their message stands under the slot list.
  const slotError = formState.errors.expectedArrivalDate?.message ?? formState.errors.slotId?.message;
  const unit = unitOf?.(typeId || null) ?? null;

  const forget = () => {
    forgetDetails(rememberAs!);
    setRemembered(null);
    for (const name of REMEMBERED_FIELDS) setValue(name, empty[name]);
  };

  const close = () => {
    reset(blank);
    consent.reset();
    setDate(null);
    setBooked(null);
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        // The SMS is written in the language the guest is booking in.
        const language = i18n.language === 'hi' ? 'hi' : 'en';
        const booking = await book.mutateAsync({
          body: { ...values, language, consent: consent.consent() },
          idempotencyKey,
        });
        toast(
          booking.awaitingApproval
            ? { title: t('guestBooking.awaitingTitle'), description: t('guestBooking.awaitingApproval') }
            : {
                title: t('guestBooking.confirmedTitle'),
                description: t('guestBooking.confirmed', { code: booking.confirmationCode }),
              },
        );
        const kept = rememberAs ? rememberDetails(rememberAs, values) : null;
        setRemembered(kept);
        reset(startingFrom(kept));
        consent.reset();
        setDate(null);
        setIdempotencyKey(crypto.randomUUID());
        setBooked({ booking, phone: values.mobileNumber });
      } catch (error) {
        showServerFieldErrors(error, setError);
        toast({ title: t('guestBooking.failedTitle'), description: t('guestBooking.failed'), variant: 'destructive' });
      }
    },
    () =>
      toast({
        title: t('guestBooking.missingTitle'),
        description: say(GUEST_MISSING_INFORMATION),
        variant: 'destructive',
      }),
  );

  const chooseDate = (d: string) => {
    setDate(d);
    setValue('expectedArrivalDate', instantOf(d, '00:00', timeZone).toISOString());
    setValue('slotId', '');
  };

  return (
    <Dialog open={open} onClose={close} title={t('guestBooking.title')} wide>
      {bookedFacility.data && (
        <p className="-mt-2 mb-4 text-sm text-slate-600" data-testid="guest-booking-facility">
          {t('guestBooking.bookingAt', {
            facility: bookedFacility.data.facilityName,
            company: bookedFacility.data.tenantName,
          })}
        </p>
      )}
      {booked ? (
        <GuestBookingConfirmation
          booking={booked.booking}
          phone={booked.phone}
          facility={facility}
          useDelivery={source.useDelivery}
          onClose={close}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {rememberAs && (
            <div
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
              data-testid="remembered-details"
            >
              <p>{remembered ? t('guestBooking.remembered') : t('guestBooking.willRemember')}</p>
              {remembered && (
                <Button variant="secondary" size="sm" onClick={forget}>
                  {t('guestBooking.forget')}
                </Button>
              )}
            </div>
          )}
          <SelectField
            label={t('guestBooking.bookingAs')}
            options={OWNER_TYPES.map((o) => ({ value: o, label: t(`guestBooking.owners.${o}`) }))}
            {...field('ownerType')}
          />
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-semibold">{t('guestBooking.vehicle')}</legend>
            <Field
              label={t('guestBooking.vehicleNumber')}
              placeholder="MH12AB1234"
              style={{ textTransform: 'uppercase' }}
              {...field('vehicleNumber', { setValueAs: (v: string) => v.toUpperCase() })}
            />
            <SelectField
              label={t('guestBooking.vehicleType')}
              options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`guestBooking.vehicleTypes.${v}`) }))}
              {...field('vehicleType')}
            />
            <Field label={t('guestBooking.capacity')} type="number" step="0.1" min={0} {...field('capacityTons')} />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-semibold">{t('guestBooking.driver')}</legend>
            <Field label={t('guestBooking.driverName')} {...field('driverName')} />
            <Field label={t('guestBooking.driverLicense')} {...field('driverLicense')} />
            <Field
              label={t('guestBooking.mobileNumber')}
              type="tel"
              placeholder="+91 98765 43210"
              {...field('mobileNumber')}
            />
            {ownerType !== 'Driver' && (
              <>
                <Field label={t('guestBooking.ownerName')} {...field('ownerName')} />
                <Field label={t('guestBooking.ownerContact')} type="tel" {...field('ownerContactNumber')} />
              </>
            )}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-4">
            <legend className="mb-1 text-sm font-semibold">{t('guestBooking.load')}</legend>
            <SelectField
              label={t('guestBooking.loadType')}
              options={LOAD_TYPES.map((l) => ({ value: l, label: t(`guestBooking.loadTypes.${l}`) }))}
              {...field('loadType')}
            />
            <Field label={t('guestBooking.goodsType')} {...field('goodsType')} />
            <Field label={t('guestBooking.poNumber')} {...field('poNumber')} />
            <Field
              label={unit ? t(`guestBooking.quantityBy.${unit}`) : t('guestBooking.quantity')}
              type="number"
              min={0}
              {...field('quantity')}
            />
            <Field label={t('guestBooking.ewayBill')} {...field('ewayBill')} />
            {loadExtras?.(form)}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <SlotCalendar
              key={today.slice(0, 7)}
              today={today}
              holidays={holidaySet}
              value={date}
              onChange={chooseDate}
            />
            <div>
              <h3 className="mb-2 text-sm font-semibold">
                {date ? t('guestBooking.slotsFor', { date: format.day(date, 'long') }) : t('guestBooking.chooseDate')}
              </h3>
              {date && slots.isLoading && <p className="text-sm text-slate-500">{t('common.loading')}</p>}
              {date && slots.data && !slots.data.length && (
                <p className="text-sm text-slate-500">{t('guestBooking.noSlots')}</p>
              )}
              {date && slots.isError && (
                <p className="text-sm text-slate-600" data-testid="guest-booking-slots-refusal">
                  {messageOf(slots.error, t('guestBooking.slotsFailed'))}
                </p>
              )}
              <div className="grid gap-2" role="listbox" aria-label={t('guestBooking.timeSlots')}>
                {(slots.data ?? []).map((s) => {
                  const left = s.capacity - s.bookedCount;
                  const selected = slotId === s.id;
                  return (
                    <button
                      key={s.id}
                      type="button"
                      role="option"
                      aria-selected={selected}
                      onClick={() => setValue('slotId', s.id, { shouldValidate: formState.isSubmitted })}
                      className={`flex items-center justify-between rounded-md border px-3 py-2 text-sm ${selected ? 'border-blue-700 bg-blue-700 text-white' : left > 2 ? 'border-blue-200 bg-blue-50 hover:bg-blue-100' : 'border-slate-300 hover:bg-slate-50'}`}
                    >
                      <span className="font-medium">
                        {s.startTime} - {s.endTime}
                      </span>
                      <span>{t('guestBooking.slotsLeft', { count: left })}</span>
                    </button>
                  );
                })}
              </div>
              {slotError && (
                <p role="alert" className="mt-1 text-sm text-red-600">
                  {say(slotError)}
                </p>
              )}
            </div>
          </div>
          <PrivacyNotice choice={consent} contact={bookedFacility.data?.privacyContact} />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
            <Button variant="secondary" onClick={close}>
              {t('guestBooking.cancel')}
            </Button>
            <Button type="submit" disabled={book.isPending}>
              {book.isPending ? t('guestBooking.submitting') : t('guestBooking.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
