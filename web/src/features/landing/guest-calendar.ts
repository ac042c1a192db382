// "Add to calendar" of a guest booking: one event from the slot's UTC instants (the server converts
// the facility's day and times, so the file is right wherever the guest's phone is set).
import { createEvent } from 'ics';
import type { GuestBookingConfirmation } from '@shared/contracts/appointments-guest';

type Booked = Pick<GuestBookingConfirmation, 'confirmationCode' | 'startsAt' | 'endsAt' | 'address' | 'facilityName'>;

/** The .ics text of the booking; `title` and `description` are in the guest's language. */
export function guestBookingCalendar(booking: Booked, text: { title: string; description: string }): string {
  const utc = { startInputType: 'utc', startOutputType: 'utc', endInputType: 'utc', endOutputType: 'utc' } as const;
  const { error, value } = createEvent({
    ...utc,
    uid: `${booking.confirmationCode}@docksaathi`,
    productId: 'DockSaathi',
    start: Date.parse(booking.startsAt),
    end: Date.parse(booking.endsAt),
    title: text.title,
    description: text.description,
    location: booking.address ?? booking.facilityName,
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}
