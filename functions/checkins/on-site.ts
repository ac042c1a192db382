// The on-site life of a truck (issue #28.2): a status change of its appointment or of its check-in
// is one move of the stage in TRUCK_STAGES (shared/contracts/appointments.ts), and both records, their
// audit records and events are written in one transaction conditioned on both revisions. Leaving the
// door (completed, departed) departs the appointment, which releases the rest of its door time and
// takes it off the yard's at-door index (functions/appointments moveStatus). A command in the sense of
// functions/lib/revision.ts: read again and retried when either record changed meanwhile; with the
// revision a screen loaded (`seen`, of the record it shows), a change made since refuses it instead.
import { auditPut } from '../lib/audit';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, revised } from '../lib/revision';
import { transact } from '../lib/dynamo';
import {
  appointmentChangePut,
  appointmentEventItem,
  getAppointment,
  moveStatus,
  type ChangeContext,
  type TransactItems,
} from '../appointments';
import { checkinChangePut, getAppointmentCheckin, getCheckin } from './checkin.store';
import { GATE_HOLD_MESSAGE, heldAtGate } from './gate-step';
import {
  nextStage,
  statusLabel,
  TRUCK_STAGES,
  truckStage,
  type Appointment,
  type AppointmentStatus,
  type TruckStage,
} from '../../shared/contracts/appointments';
import type { Checkin, CheckinStatus } from '../../shared/contracts/checkins';

interface Truck {
  appointment: Appointment;
  checkin: Checkin | null;
  /** The revision of the record the change was asked of (what `seen` is compared with). */
  revision?: number;
}

/** The appointment's status change (the scheduling screen's actions), moving its check-in with it. */
export function changeAppointmentStatus(
  ctx: ChangeContext,
  id: string,
  to: AppointmentStatus,
  now = new Date(),
  seen?: number,
): Promise<Appointment> {
  return changeAtRevision({
    read: async (): Promise<Truck | null> => {
      const appointment = await getAppointment(ctx.tenantId, id);
      return (
        appointment && {
          appointment,
          checkin: await getAppointmentCheckin(ctx.tenantId, id),
          revision: appointment.revision,
        }
      );
    },
    seen,
    view: (truck) => truck.appointment,
    apply: async (truck) => {
      if (!truck) throw new NotFoundError('Appointment not found');
      const { status } = truck.appointment;
      const from = truckStage(status, truck.checkin?.status ?? null);
      const stage = nextStage(from, { appointment: to });
      if (!stage)
        throw new ConflictError(
          status === to
            ? `The appointment is already ${statusLabel(to)}`
            : `An appointment that is ${statusLabel(status)} cannot become ${statusLabel(to)}`,
        );
      return (await moveTruck(ctx, truck, stage, now)).appointment;
    },
  });
}

/** The check-in's status change (the check-in cards' actions), moving its appointment with it. */
export function changeCheckinStatus(
  ctx: ChangeContext,
  id: string,
  to: CheckinStatus,
  now = new Date(),
  seen?: number,
): Promise<Checkin> {
  return changeAtRevision({
    read: async (): Promise<Truck | null> => {
      const checkin = await getCheckin(ctx.tenantId, id);
      const appointment = checkin && (await getAppointment(ctx.tenantId, checkin.appointmentId));
      return checkin && appointment && { appointment, checkin, revision: checkin.revision };
    },
    seen,
    view: (truck) => truck.checkin,
    apply: async (truck) => {
      if (!truck?.checkin) throw new NotFoundError('Check-in not found');
      const { status } = truck.checkin;
      const stage = nextStage(truckStage(truck.appointment.status, status), { checkin: to });
      if (!stage)
        throw new ConflictError(`A check-in that is ${status.replace('_', ' ')} cannot become ${to.replace('_', ' ')}`);
      return (await moveTruck(ctx, truck, stage, now)).checkin!;
    },
  });
}

/** When a check-in entered a status: the door reached with the work at the latest. */
const CHECKIN_STAMPS: Partial<Record<CheckinStatus, (keyof Checkin)[]>> = {
  at_dock: ['atDockAt'],
  loading: ['atDockAt'],
  unloading: ['atDockAt'],
  completed: ['completedAt'],
  departed: ['departedAt'],
};

/** One attempt of the move of both records to `stage`, written together (a lost race: RevisionConflictError). */
async function moveTruck(
  ctx: ChangeContext,
  { appointment, checkin }: Truck,
  stage: TruckStage,
  now: Date,
): Promise<{ appointment: Appointment; checkin: Checkin | null }> {
  if (heldAtGate(checkin?.gate) && stage !== 'departed') throw new ConflictError(GATE_HOLD_MESSAGE);
  const to = TRUCK_STAGES[stage];
  const iso = now.toISOString();
  const write: TransactItems = [];
  let moved: Checkin | null = null;
  if (checkin && to.checkin) {
    moved = revised(checkin, { ...checkin, status: to.checkin });
    for (const stamp of CHECKIN_STAMPS[to.checkin] ?? []) (moved as unknown as Record<string, unknown>)[stamp] ??= iso;
    write.push(
      checkinChangePut(moved, checkin),
      auditPut(
        {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          action: `checkin.${to.checkin}`,
          entityType: 'checkin',
          entityId: checkin.id,
          before: { ...checkin },
          after: { ...moved },
        },
        now,
      ),
    );
    if (to.checkin === 'completed')
      write.push(
        appointmentEventItem(
          'loading.completed',
          appointment,
          { checkinId: checkin.id, dockDoorId: moved.dockDoorId, doorNumber: moved.doorNumber },
          now,
        ),
      );
  }
  if (to.appointment !== appointment.status) {
    const after = await moveStatus(ctx, appointment, to.appointment, now, { extra: write });
    return { appointment: after, checkin: moved };
  }
  // The appointment keeps its status (at the dock; leaving after completing): still written, on its revision.
  const touched = revised(appointment, { ...appointment, updatedAt: iso });
  await transact([appointmentChangePut(touched, appointment), ...write], () => new RevisionConflictError());
  return { appointment: touched, checkin: moved };
}
