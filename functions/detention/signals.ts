// The domain events of a truck's detention (issue #57), for the outbound webhooks: `detention.started`
// once its free time has run out, `detention.closed` once it has left, with its figures (again when a
// correction changes them). Each is written with a marker in the truck's records in one transaction, so
// it is sent once however many readers see the truck at the same moment.
//
// Where they are sent from: every place the detention domain assesses a truck (its view, its evidence,
// the events and corrections staff record, the monthly statement). The moment detention starts is no
// write of anyone's (time passes), and a truck leaves through the check-in's status moves, which are
// the checkins domain's, below this one: a worker of its own (a schedule over the trucks on site, or
// the table's stream of check-ins) would send them on time without a reader, and is the next step
// (docs/architecture.md §3). Until then the event carries the instants themselves (`startedAt`,
// `gateOutAt`), so a receiver that hears of it later still books it at the right time.
import { createHash } from 'node:crypto';
import { domainEventItem } from '../lib/events';
import { transact } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { settled, type Truck } from './truck';
import { sentPut } from './truck.store';

/** The marker of the closing figures: a correction that changes them is another `detention.closed`. */
function closedMarker(t: Truck): string {
  const f = t.assessment;
  const gateOut = t.timeline.find((e) => e.event === 'gate_out')?.at ?? '';
  const figures = [gateOut, f.dwellMinutes, f.detentionMinutes, f.detentionPaise, f.lateFeePaise].join('|');
  return `closed#${createHash('sha256').update(figures).digest('hex').slice(0, 16)}`;
}

const truckDetail = (t: Truck) => ({
  appointmentId: t.appointment.id,
  bookingReference: t.appointment.bookingReference,
  facilityId: t.appointment.facilityId,
  carrierId: t.appointment.carrierId,
  vehicleClass: t.terms.vehicleClass,
});

/** The events the truck as it stands calls for and has not had, as transaction items (marker and event). */
export function detentionSignals(t: Truck, now: Date) {
  const { tenantId, id } = t.appointment;
  const f = t.assessment;
  const at = now.toISOString();
  const items = [];
  if (f.detentionStartsAt && !t.records.sent.includes('started'))
    items.push(
      sentPut(tenantId, id, 'started', at),
      domainEventItem(
        {
          type: 'detention.started',
          tenantId,
          detail: {
            ...truckDetail(t),
            startedAt: f.detentionStartsAt.toISOString(),
            freeMinutes: t.terms.freeMinutes,
            ratePaisePerHour: t.terms.ratePaisePerHour,
          },
        },
        now,
      ),
    );
  const left = settled(t) && f.arrival !== 'no_show';
  const closed = left ? closedMarker(t) : null;
  if (closed && !t.records.sent.includes(closed))
    items.push(
      sentPut(tenantId, id, closed, at),
      domainEventItem(
        {
          type: 'detention.closed',
          tenantId,
          detail: {
            ...truckDetail(t),
            gateInAt: t.timeline.find((e) => e.event === 'gate_in')?.at ?? null,
            gateOutAt: t.timeline.find((e) => e.event === 'gate_out')?.at ?? null,
            arrival: f.arrival,
            dwellMinutes: f.dwellMinutes,
            detentionMinutesByCause: f.detentionMinutesByCause,
            detentionMinutes: f.detentionMinutes,
            chargedHours: f.chargedHours,
            detentionPaise: f.detentionPaise,
            lateFeePaise: f.lateFeePaise,
            // A later closing of the same truck: its figures were corrected.
            corrected: t.records.sent.some((m) => m.startsWith('closed#')),
          },
        },
        now,
      ),
    );
  return items;
}

/**
 * Sends the events the truck calls for. Another reader sending them at the same moment wins (its
 * marker is there: nothing is sent twice); a failure here never fails what the reader asked for.
 */
export async function signalDetention(t: Truck, now = new Date()): Promise<void> {
  const items = detentionSignals(t, now);
  if (!items.length) return;
  const taken = new Error('sent meanwhile');
  try {
    await transact(items, () => taken);
  } catch (err) {
    if (err !== taken) logger.warn('detention events not sent', { appointmentId: t.appointment.id, err: String(err) });
  }
}
