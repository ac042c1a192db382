// The number's own bookings by chat (issue #56): see them, get a gate pass, change and cancel by the
// booker's rules (the same cut-offs as the gate pass page: appointments' rescheduleByBooker, bookerSlots,
// cancelByBooker), and check in on arrival by the booking code through the one check-in path. Only the
// bookings of this number are ever listed or accepted (people.ts); another person's code is "none".
import { getFacility } from '../facilities';
import { bookerSlots, cancelByBooker, rescheduleByBooker } from '../appointments';
import { checkInAppointment } from '../checkins';
import { haversineKm, hubLocation } from '../trips';
import { facilityClock } from '../../shared/time';
import { newPassLink } from '../passes';
import type { Appointment } from '../../shared/contracts/appointments';
import { bookingCodeOf, chosen, dateOfDayId, dayId, nextDays, optionsOf, startId, timeOfStartId } from './steps';
import { bookingOfNumber, chatActor, upcomingOfNumber } from './people';
import { dayLabel } from './texts';
import { passReplies } from './flows-book';
import { buttons, list, refusal, text, type Outcome, type Turn } from './turn';

const again = (turn: Turn): Outcome => ({
  step: turn.conversation.step,
  replies: turn.conversation.asked,
  asked: turn.conversation.asked,
});
const idle = (replies: Outcome['replies']): Outcome => ({ step: { name: 'idle' }, draft: {}, replies, asked: [] });

const upcoming = (turn: Turn) => upcomingOfNumber(turn.message.tenantId, turn.message.phone, turn.person, turn.now);

const row = (turn: Turn, a: Appointment) =>
  turn.t.bookingRow({
    day: dayLabel(a.scheduledDate, turn.language),
    start: a.scheduledTimeStart,
    hub: a.facilityName,
  });

export async function myBookings(turn: Turn): Promise<Outcome> {
  const mine = await upcoming(turn);
  if (!mine.length) return idle([text(turn.t.noBookings)]);
  const lines = mine.map((a) => `${a.bookingReference}: ${row(turn, a)} (${turn.t.statuses[a.status]})`);
  return idle([text([turn.t.yourBookings, ...lines].join('\n'))]);
}

/** Which booking to change, cancel or get the pass of: straight on when the number has one. */
export async function pickBooking(turn: Turn, purpose: 'change' | 'cancel' | 'pass'): Promise<Outcome> {
  const mine = await upcoming(turn);
  if (!mine.length) return idle([text(turn.t.noBookings)]);
  if (mine.length === 1) return onBookingChosen(turn, purpose, mine[0]!);
  const rows = mine.map((a) => ({ id: `appt:${a.id}`, title: a.bookingReference, description: row(turn, a) }));
  return { step: { name: 'pick', purpose }, replies: [list(turn.t.pickBooking, turn.t.bookingsButton, rows)] };
}

export async function onPick(turn: Turn, purpose: 'change' | 'cancel' | 'pass'): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked))?.slice('appt:'.length);
  const appointment = id ? (await upcoming(turn)).find((a) => a.id === id) : undefined;
  return appointment ? onBookingChosen(turn, purpose, appointment) : again(turn);
}

async function onBookingChosen(turn: Turn, purpose: 'change' | 'cancel' | 'pass', a: Appointment): Promise<Outcome> {
  if (purpose === 'pass') return idle(await passOf(turn, a));
  if (purpose === 'cancel') {
    const body = turn.t.confirmCancel({
      code: a.bookingReference,
      day: dayLabel(a.scheduledDate, turn.language),
      start: a.scheduledTimeStart,
    });
    const question = buttons(body, [
      { id: 'cancel:yes', title: turn.t.yesCancel },
      { id: 'cancel:no', title: turn.t.keep },
    ]);
    return { step: { name: 'cancelConfirm', appointmentId: a.id }, replies: [question] };
  }
  return changeDays(turn, a);
}

async function passOf(turn: Turn, a: Appointment) {
  if (a.status !== 'scheduled') return [text(turn.t.awaitingApproval(a.bookingReference))];
  const facility = await getFacility(a.tenantId, a.facilityId);
  const token = facility
    ? await newPassLink(a, facility, turn.language, chatActor(turn.message.phone), turn.now)
    : null;
  return [text(row(turn, a)), ...passReplies(turn, token, a.bookingReference)];
}

export async function onCancelConfirm(turn: Turn, appointmentId: string): Promise<Outcome> {
  const id = chosen(turn.message.content, optionsOf(turn.conversation.asked));
  if (id === 'cancel:no') return idle([text(turn.t.kept)]);
  if (id !== 'cancel:yes') return again(turn);
  const a = (await upcoming(turn)).find((x) => x.id === appointmentId);
  if (!a) return idle([text(turn.t.noBookings)]);
  try {
    const actor = chatActor(turn.message.phone);
    await cancelByBooker(a.tenantId, actor, a.id, 'Cancelled by the driver in the chat', turn.now);
    return idle([text(turn.t.cancelled(a.bookingReference))]);
  } catch (err) {
    return idle([text(refusal(err, turn))]);
  }
}

/** The next days with a start the booker may move to (the booker's own offer: bookerSlots). */
async function changeDays(turn: Turn, a: Appointment): Promise<Outcome> {
  const facility = await getFacility(a.tenantId, a.facilityId);
  if (!facility) return idle([text(turn.t.noBookings)]);
  const days = nextDays(facility.timeZone, turn.now);
  const offers = await Promise.all(days.map((d) => bookerSlots(a.tenantId, a.id, d, turn.now)));
  const rows = days.flatMap((date, i) =>
    offers[i]!.length
      ? [
          {
            id: dayId(date),
            title: dayLabel(date, turn.language),
            description: turn.t.startsFrom(offers[i]![0]!.startTime, offers[i]!.length),
          },
        ]
      : [],
  );
  if (!rows.length) return idle([text(turn.t.noStarts)]);
  return {
    step: { name: 'changeDay', appointmentId: a.id },
    replies: [list(turn.t.chooseDay, turn.t.dayButton, rows)],
  };
}

export async function onChangeDay(turn: Turn, appointmentId: string): Promise<Outcome> {
  const date = dateOfDayId(chosen(turn.message.content, optionsOf(turn.conversation.asked)) ?? '');
  if (!date) return again(turn);
  return changeStarts(turn, appointmentId, date, turn.t.chooseStart(dayLabel(date, turn.language)));
}

async function changeStarts(turn: Turn, appointmentId: string, date: string, body: string): Promise<Outcome> {
  const a = (await upcoming(turn)).find((x) => x.id === appointmentId);
  if (!a) return idle([text(turn.t.noBookings)]);
  const slots = await bookerSlots(a.tenantId, a.id, date, turn.now);
  if (!slots.length) return changeDays(turn, a);
  const rows = slots.slice(0, 10).map((s) => ({ id: startId(s.startTime), title: `${s.startTime}–${s.endTime}` }));
  return { step: { name: 'changeStart', appointmentId, date }, replies: [list(body, turn.t.startButton, rows)] };
}

export async function onChangeStart(turn: Turn, appointmentId: string, date: string): Promise<Outcome> {
  const start = timeOfStartId(chosen(turn.message.content, optionsOf(turn.conversation.asked)) ?? '');
  if (!start) return again(turn);
  const a = (await upcoming(turn)).find((x) => x.id === appointmentId);
  if (!a) return idle([text(turn.t.noBookings)]);
  const said = { code: a.bookingReference, day: dayLabel(date, turn.language), start };
  try {
    const actor = chatActor(turn.message.phone);
    const { outcome, appointment } = await rescheduleByBooker(
      a.tenantId,
      actor,
      a.id,
      { newDate: date, newTimeStart: start },
      turn.now,
    );
    if (outcome === 'requested') return idle([text(turn.t.moveRequested(said))]);
    return idle([text(turn.t.moved(said)), ...(await passOf(turn, appointment)).slice(1)]);
  } catch (err) {
    return changeStarts(turn, appointmentId, date, `${refusal(err, turn)}\n${turn.t.slotTaken}`);
  }
}

/**
 * "I have arrived": the booking code checks the truck in, or a location shared within
 * ARRIVAL_RADIUS_KM of the gate of a hub where the number has a booking today (the gate its trip watch
 * keeps); farther, the driver is told how far, and asked for the code at the gate.
 */
export async function onArrival(turn: Turn): Promise<Outcome> {
  const { content, tenantId, phone } = turn.message;
  if (content.kind === 'location') return arrivalAt(turn, content);
  const code = content.kind === 'text' ? bookingCodeOf(content.text) : null;
  if (!code) return again(turn);
  const a = await bookingOfNumber(tenantId, phone, turn.person, code);
  if (!a) return { step: { name: 'arrival' }, replies: [text(turn.t.notYourCode), text(turn.t.askArrival)] };
  return checkIn(turn, a);
}

/** How near its hub's gate a shared location checks a truck in (km). */
export const ARRIVAL_RADIUS_KM = 1;

async function arrivalAt(turn: Turn, point: { latitude: number; longitude: number }): Promise<Outcome> {
  const { tenantId, phone } = turn.message;
  const scheduled = (await upcomingOfNumber(tenantId, phone, turn.person, turn.now)).filter(
    (a) => a.status === 'scheduled',
  );
  const near: { a: Appointment; km: number; hub: string }[] = [];
  for (const a of scheduled) {
    const [facility, gate] = await Promise.all([
      getFacility(tenantId, a.facilityId),
      hubLocation(tenantId, a.facilityId),
    ]);
    if (!facility || !gate || a.scheduledDate !== facilityClock(facility, turn.now).date) continue;
    near.push({ a, km: haversineKm(point, gate), hub: facility.name });
  }
  const nearest = near.sort((x, y) => x.km - y.km)[0];
  if (!nearest) return { step: { name: 'arrival' }, replies: [text(turn.t.locationUnknown)] };
  if (nearest.km > ARRIVAL_RADIUS_KM)
    return {
      step: { name: 'arrival' },
      replies: [text(turn.t.tooFarFromHub({ km: nearest.km.toFixed(1), hub: nearest.hub }))],
    };
  return checkIn(turn, nearest.a);
}

/** Checks the booking's truck in by the check-in and gate rules; the door, or the holding area. */
async function checkIn(turn: Turn, a: Appointment): Promise<Outcome> {
  const { tenantId, phone } = turn.message;
  try {
    const checkin = await checkInAppointment({ tenantId, actor: chatActor(phone) }, a.id, {}, 'qr_code', turn.now);
    // The gate's hold (or refusal) keeps the truck in the holding area whatever door it booked.
    const held = checkin.gate?.decision === 'HOLD' || checkin.gate?.decision === 'DENY';
    const door = held ? null : checkin.doorNumber;
    return idle([text(door ? turn.t.proceedToDoor(door) : turn.t.waitInHolding)]);
  } catch (err) {
    return idle([text(refusal(err, turn))]);
  }
}
