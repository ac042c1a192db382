// The guest Quick Slot Booking dialog (no sign-in): vehicle, driver, a date and an open slot.
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import type * as z from 'zod';
import { GUEST_MISSING_INFORMATION, guestBookingSchema, LOAD_TYPES, OWNER_TYPES, VEHICLE_TYPES } from '@shared/contracts/appointments';
import { localDateTime } from '@shared/time';
import { DEFAULT_TIME_ZONE } from '@shared/product';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../lib/toast';
import { useAvailableSlots, useGuestBooking, useGuestHolidays } from '../api/guest-booking';
import { SlotCalendar } from './slot-calendar';

type FormInput = z.input<typeof guestBookingSchema>;
type FormOutput = z.output<typeof guestBookingSchema>;
const OWNER_LABEL: Record<string, string> = { Driver: 'Driver', TruckOwner: 'Truck Owner', Transporter: 'Transporter' };

/** `facility`: the link the page was opened with (/book/<link>), else the `facility` query parameter, else the platform's default. */
export function GuestBookingDialog({ open, onClose, facility: linked }: { open: boolean; onClose: () => void; facility?: string }) {
  const { toast } = useToast();
  const [params] = useSearchParams();
  const facility = linked ?? params.get('facility');
  const today = localDateTime(new Date(), DEFAULT_TIME_ZONE).date;
  const [date, setDate] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const holidays = useGuestHolidays(open ? facility : null);
  const holidaySet = useMemo(() => new Set((holidays.data ?? []).map((h) => h.holidayDate)), [holidays.data]);
  const slots = useAvailableSlots(open ? date : null, facility);
  const book = useGuestBooking();
  const blank: FormInput = {
    ownerType: 'Driver',
    vehicleNumber: '',
    vehicleType: 'Truck',
    capacityTons: '' as unknown as number,
    driverName: '',
    driverLicense: '',
    mobileNumber: '',
    ownerName: '',
    ownerContactNumber: '',
    loadType: 'inbound',
    goodsType: '',
    poNumber: '',
    ewayBill: '',
    expectedArrivalDate: '',
    slotId: '',
    bookingType: 'guest',
    priority: 'normal',
    ...(facility ? { facility } : {}),
  };
  const { register, handleSubmit, watch, setValue, reset } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(guestBookingSchema), defaultValues: blank });
  const [ownerType, slotId] = watch(['ownerType', 'slotId']);

  const close = () => {
    reset(blank);
    setDate(null);
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { confirmationCode } = await book.mutateAsync({ body: values, idempotencyKey });
        toast({ title: 'Booking Confirmed!', description: `Your slot is booked. Confirmation code: ${confirmationCode}` });
        close();
      } catch {
        toast({ title: 'Booking Failed', description: 'Please check your details and try again', variant: 'destructive' });
      }
    },
    () => toast({ title: 'Missing Information', description: GUEST_MISSING_INFORMATION, variant: 'destructive' }),
  );

  const chooseDate = (d: string) => {
    setDate(d);
    setValue('expectedArrivalDate', new Date(`${d}T00:00:00+05:30`).toISOString());
    setValue('slotId', '');
  };

  return (
    <Dialog open={open} onClose={close} title="Quick Slot Booking" wide>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SelectField label="Booking as *" options={OWNER_TYPES.map((o) => ({ value: o, label: OWNER_LABEL[o]! }))} {...register('ownerType')} />
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold">Vehicle</legend>
          <Field label="Vehicle number *" placeholder="MH12AB1234" style={{ textTransform: 'uppercase' }} {...register('vehicleNumber', { setValueAs: (v: string) => v.toUpperCase() })} />
          <SelectField label="Vehicle type *" options={VEHICLE_TYPES.map((v) => ({ value: v, label: v }))} {...register('vehicleType')} />
          <Field label="Capacity (tons) *" type="number" step="0.1" min={0} {...register('capacityTons')} />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold">Driver</legend>
          <Field label="Driver name *" {...register('driverName')} />
          <Field label="Driving license *" {...register('driverLicense')} />
          <Field label="Mobile number *" type="tel" placeholder="+91 98765 43210" {...register('mobileNumber')} />
          {ownerType !== 'Driver' && (
            <>
              <Field label="Owner name *" {...register('ownerName')} />
              <Field label="Owner contact number" type="tel" {...register('ownerContactNumber')} />
            </>
          )}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-4">
          <legend className="mb-1 text-sm font-semibold">Load</legend>
          <SelectField label="Load type" options={LOAD_TYPES.map((l) => ({ value: l, label: l === 'inbound' ? 'Inbound' : 'Outbound' }))} {...register('loadType')} />
          <Field label="Goods type" {...register('goodsType')} />
          <Field label="PO number" {...register('poNumber')} />
          <Field label="E-way bill" {...register('ewayBill')} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SlotCalendar today={today} holidays={holidaySet} value={date} onChange={chooseDate} />
          <div>
            <h3 className="mb-2 text-sm font-semibold">{date ? `Time slots for ${date}` : 'Choose a date to see its slots'}</h3>
            {date && slots.isLoading && <p className="text-sm text-slate-500">Loading...</p>}
            {date && slots.data && !slots.data.length && <p className="text-sm text-slate-500">No available slots for this date</p>}
            <div className="grid gap-2" role="listbox" aria-label="Time slots">
              {(slots.data ?? []).map((s) => {
                const left = s.capacity - s.bookedCount;
                const selected = slotId === s.id;
                return (
                  <button
                    key={s.id}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => setValue('slotId', s.id)}
                    className={`flex items-center justify-between rounded-md border px-3 py-2 text-sm ${selected ? 'border-blue-700 bg-blue-700 text-white' : left > 2 ? 'border-blue-200 bg-blue-50 hover:bg-blue-100' : 'border-slate-300 hover:bg-slate-50'}`}
                  >
                    <span className="font-medium">
                      {s.startTime} - {s.endTime}
                    </span>
                    <span>{left} slots left</span>
                  </button>
                );
              })}
            </div>
          </div>
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={book.isPending}>
            {book.isPending ? 'Booking...' : 'Confirm Booking'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
