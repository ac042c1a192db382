// The guest's "Add to calendar" file (issue #29.1): the slot in UTC, titled with the facility, at its address.
import { describe, expect, it } from 'vitest';
import { guestBookingCalendar } from '../../web/src/features/landing/guest-calendar';

const text = { title: 'Dock slot at Nashik DC', description: 'Confirmation code DS-0309-K7Q2' };
const lines = (ics: string) => ics.split(/\r?\n/);

describe('guest booking calendar file', () => {
  it('a 10:00-11:00 slot in India is 04:30Z-05:30Z, titled with the facility, located at its address', () => {
    const ics = guestBookingCalendar(
      {
        confirmationCode: 'DS-0309-K7Q2',
        facilityName: 'Nashik DC',
        address: 'Plot 7, MIDC Ambad, Nashik',
        startsAt: '2026-03-09T04:30:00.000Z',
        endsAt: '2026-03-09T05:30:00.000Z',
      },
      text,
    );
    expect(lines(ics)).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:DS-0309-K7Q2@docksaathi',
        'SUMMARY:Dock slot at Nashik DC',
        'DTSTART:20260309T043000Z',
        'DTEND:20260309T053000Z',
        'LOCATION:Plot 7\\, MIDC Ambad\\, Nashik',
        'DESCRIPTION:Confirmation code DS-0309-K7Q2',
      ]),
    );
  });

  it('a 00:30 slot on 1 January in India starts on 31 December in UTC; 29 February stays itself', () => {
    const newYear = guestBookingCalendar(
      {
        confirmationCode: 'DS-0101-A1B2',
        facilityName: 'Bhiwandi Hub',
        address: null,
        startsAt: '2026-12-31T19:00:00.000Z',
        endsAt: '2026-12-31T20:00:00.000Z',
      },
      text,
    );
    expect(lines(newYear)).toEqual(
      expect.arrayContaining(['DTSTART:20261231T190000Z', 'DTEND:20261231T200000Z', 'LOCATION:Bhiwandi Hub']),
    );
    const leap = guestBookingCalendar(
      {
        confirmationCode: 'DS-0229-C3D4',
        facilityName: 'Bhiwandi Hub',
        address: 'Bhiwandi',
        startsAt: '2028-02-29T12:30:00.000Z',
        endsAt: '2028-02-29T13:30:00.000Z',
      },
      text,
    );
    expect(lines(leap)).toEqual(expect.arrayContaining(['DTSTART:20280229T123000Z', 'DTEND:20280229T133000Z']));
  });
});
