// A truck's figures for the dashboard and analytics (issue #57.4): once the truck has left, its dwell,
// arrival and detention by cause (hours and rupees, rules.ts) written to the read model of its
// facility's day (figures.store.ts), with a mark in the truck's records saying where they stand, so
// they are written once and again only when a correction changes them. They go in the transaction
// that sends `detention.closed` (signals.ts): the detention worker, a staff correction or a statement.
import { createHash } from 'node:crypto';
import { addDays } from '../../shared/time';
import { listAppointmentsByDate } from '../appointments';
import { transact } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { truckFiguresDelete, truckFiguresPut, type TruckFigures } from './figures.store';
import { detentionPaiseByCause } from './rules';
import { settled, truckOf, type Truck } from './truck';
import { figuresMarkPut } from './truck.store';

/** The truck's final figures; null while it is in, and for a truck that never came. */
export function truckFigures(t: Truck): TruckFigures | null {
  const f = t.assessment;
  if (!settled(t) || f.arrival === 'no_show' || f.arrival === 'not_yet' || f.dwellMinutes === null) return null;
  return {
    appointmentId: t.appointment.id,
    facilityId: t.appointment.facilityId,
    day: f.day,
    carrierId: t.appointment.carrierId,
    carrierName: t.appointment.carrierName,
    arrival: f.arrival,
    dwellMinutes: f.dwellMinutes,
    detentionMinutesByCause: f.detentionMinutesByCause,
    detentionPaiseByCause: detentionPaiseByCause(f),
    detentionPaise: f.detentionPaise,
  };
}

/** The transaction items that bring the read model up to the truck as it stands (none: it is). */
export function figuresItems(t: Truck) {
  const figures = truckFigures(t);
  if (!figures) return [];
  const { tenantId, id } = t.appointment;
  const hash = createHash('sha256').update(JSON.stringify(figures)).digest('hex').slice(0, 16);
  const seen = t.records.figures;
  if (seen?.hash === hash) return [];
  const moved = seen && (seen.day !== figures.day || seen.facilityId !== figures.facilityId);
  return [
    truckFiguresPut(tenantId, figures),
    figuresMarkPut(tenantId, id, { facilityId: figures.facilityId, day: figures.day, hash }, seen),
    ...(moved ? [truckFiguresDelete(tenantId, { ...seen, appointmentId: id })] : []),
  ];
}

/**
 * Writes the figures of the facility's trucks booked from `from` to `to` that have left and are not
 * in the read model as they stand: for trucks no worker saw (the local demo's seed, or data older than
 * the worker in AWS). No event is sent. How many trucks it wrote.
 */
export async function rebuildTruckFigures(
  tenantId: string,
  facilityId: string,
  from: string,
  to: string,
  now = new Date(),
): Promise<number> {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  let written = 0;
  for (let i = 0; i < days.length; i += 10) {
    const booked = await Promise.all(days.slice(i, i + 10).map((d) => listAppointmentsByDate(tenantId, d, facilityId)));
    for (const appointment of booked.flat().filter((a) => a.arrivedAt && a.departedAt)) {
      const items = figuresItems(await truckOf(appointment, now));
      if (!items.length) continue;
      try {
        await transact(items, () => new Error('changed meanwhile'));
        written += 1;
      } catch (err) {
        logger.warn('truck figures not rebuilt', { appointmentId: appointment.id, err: String(err) });
      }
    }
  }
  return written;
}
