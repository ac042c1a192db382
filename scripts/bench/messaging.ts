// Messaging figures for `npm run bench` (issues #15, #34): the time from a booking's answer to its
// appointment_confirmed SMS handed to the provider (the local sink: MESSAGING_MODE=local), through
// the whole event path (transaction with the event item -> table stream -> notifier -> adapter ->
// sink), over 500 bookings (BENCH_MESSAGING_BOOKINGS) one after another. The sink tells the bench of
// each message as it records it (onLocalMessage), so the bench adds no reads of its own to the
// database it measures. Each booking waits for its message (at most 10 s) before the next is made.
import type { BenchSection } from './section';
import { percentiles } from './measure';
import { today } from './hot-paths';

const BOOKINGS = Number(process.env.BENCH_MESSAGING_BOOKINGS ?? 500);
const GIVE_UP_MS = 10_000;
/** Bookings a day in the bench's slots (09:00 to 17:00, one an hour). */
const PER_DAY = 8;

export const messagingBench: BenchSection = async ({ operations }) => {
  const { onLocalMessage } = await import('../../functions/messaging');
  const { displayDate } = await import('../../functions/messaging/notify');
  const { addDays, fromMinutes } = await import('../../shared/time');
  const { DEMO_FACILITY_ID } = await import('../../functions/local/demo-ids');
  const first = addDays(today(), 20);
  const times: number[] = [];
  let missing = 0;
  let awaited: { text: string; booked: number; heard: () => void } | null = null;
  onLocalMessage((m) => {
    if (awaited && m.to === '+919812300003' && m.body.startsWith(awaited.text)) awaited.heard();
  });
  const started = performance.now();
  try {
    for (let i = 0; i < BOOKINGS; i++) {
      const date = addDays(first, Math.floor(i / PER_DAY));
      const start = fromMinutes(9 * 60 + (i % PER_DAY) * 60);
      const text = `Your appointment is confirmed for ${displayDate(date)} at ${start}.`;
      let heard = () => undefined as void;
      const message = new Promise<number>((resolve) => (heard = () => resolve(performance.now())));
      // Listening before the request: a message may be recorded before the booking's answer is read.
      const pending = { text, booked: Infinity, heard };
      awaited = pending;
      await operations('POST', '/api/appointments', {
        facilityId: DEMO_FACILITY_ID,
        carrierId: 'carrier-ganga',
        driverId: 'driver-ravi',
        scheduledDate: date,
        scheduledTimeStart: start,
        scheduledTimeEnd: fromMinutes(9 * 60 + (i % PER_DAY) * 60 + 30),
        loadType: 'inbound',
      });
      pending.booked = performance.now();
      const at = await Promise.race([message, new Promise<null>((r) => setTimeout(() => r(null), GIVE_UP_MS).unref())]);
      if (at === null) missing++;
      else times.push(Math.max(0, at - pending.booked));
    }
  } finally {
    onLocalMessage(undefined);
  }
  const l = percentiles(times, (performance.now() - started) / 1000, 1);
  const ms = (v: number) => Number(v.toFixed(1));
  return {
    title: `Booking -> driver SMS handed to the provider (local sink; ${BOOKINGS} bookings, one at a time; goal p95 < 2000 ms, p99 < 3000 ms)`,
    rows: [
      {
        path: 'booking -> appointment_confirmed (SMS)',
        n: l.count,
        p50: ms(l.p50),
        p95: ms(l.p95),
        p99: ms(l.p99),
        max: ms(l.max),
        'not delivered in 10 s': missing,
      },
    ],
  };
};
