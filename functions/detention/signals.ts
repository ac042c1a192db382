// The domain events of a truck's detention (issue #57), for the outbound webhooks: `detention.started`
// once its free time has run out, `detention.closed` once it has left, with its figures (again when a
// correction changes them). Each is written with a marker in the truck's records in one transaction, so
// it is sent once however many senders see the truck at the same moment; the truck's figures for the
// dashboard and analytics (figures.ts) go in the same transaction once it has left.
//
// Who sends them: the detention worker (watch.ts, every 5 minutes over the trucks on site), and the
// writes that change a truck's facts or settle them (a staff event or correction, a monthly statement).
// A read never does (a GET writes nothing). The event carries the instants themselves (`startedAt`,
// `gateOutAt`), so a receiver that hears of it minutes later still books it at the right time.
import { createHash } from 'node:crypto';
import { domainEventItem } from '../lib/events';
import { transact } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { figuresItems } from './figures';
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
 * Sends the events the truck calls for, with its figures once it has left. Another sender doing it at
 * the same moment wins (its marker is there: nothing is sent twice); a failure here never fails the write
 * that called it. False when they could not be written (the worker tries again on its next run).
 */
export async function signalDetention(t: Truck, now = new Date()): Promise<boolean> {
  const items = [...detentionSignals(t, now), ...figuresItems(t)];
  if (!items.length) return true;
  const taken = new Error('sent meanwhile');
  try {
    await transact(items, () => taken);
    return true;
  } catch (err) {
    if (err === taken) return true;
    logger.warn('detention events not sent', { appointmentId: t.appointment.id, err: String(err) });
    return false;
  }
}
