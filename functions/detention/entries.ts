// What staff write on a truck's timeline (issue #57): an event as it happens (holding area, called to
// door, documents done with who was late with them) and a correction of an event's time with the reason.
// Each is a new record, never written over another (the timeline keeps the first original beside the
// latest time), refused with the reason when it would put the truck's events out of order or in the
// future, and audited. A command under functions/lib/revision.ts: two writes landing together are
// decided one after the other on the truck's records.
import { randomUUID } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { getAppointment } from '../appointments';
import type { Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type { DetentionCorrectionInput, DetentionEventInput } from '../../shared/contracts/detention';
import { correctionRefusal } from './timeline';
import { entryPuts, type DetentionEntry } from './truck.store';
import { detentionView, truckOf, type Truck, type TruckDetentionView } from './truck';
import { signalDetention } from './signals';

export const ALREADY_RECORDED = 'This event is already on the timeline: correct its time instead';

/** The name staff see in the evidence beside what they recorded (their login when they gave none). */
const nameOf = (user: SessionUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

type Draft = Pick<DetentionEntry, 'kind' | 'event' | 'at' | 'reason' | 'lateParty'>;

/** Records the entry `draft` makes of the truck as it is read, unless the timeline refuses its time. */
function record(
  user: SessionUser,
  appointment: Appointment,
  draft: (truck: Truck) => Draft,
  now: Date,
): Promise<TruckDetentionView> {
  const read = async () => truckOf((await getAppointment(user.tenantId, appointment.id)) ?? appointment, now);
  return changeAtRevision({
    read,
    view: detentionView,
    apply: async (truck) => {
      const t = truck!;
      const wanted = draft(t);
      const refusal = correctionRefusal(t.timeline, wanted.event, new Date(wanted.at), now);
      if (refusal) throw new BadRequestError(refusal, { at: refusal });
      const entry: DetentionEntry = {
        id: randomUUID(),
        ...wanted,
        by: nameOf(user),
        byUserId: user.id,
        correctedAt: now.toISOString(),
      };
      const before = t.timeline.find((e) => e.event === wanted.event) ?? null;
      await transact(
        [
          ...entryPuts(user.tenantId, appointment.id, t.records.revision, entry),
          auditPut(
            {
              tenantId: user.tenantId,
              actor: { userId: user.id, username: user.username },
              action: `detention.${entry.kind}`,
              entityType: 'detention',
              entityId: appointment.id,
              before: before && { ...before },
              after: { ...entry },
            },
            now,
          ),
        ],
        () => new RevisionConflictError(),
      );
      // The entry may start or close the truck's detention (a gate-out corrected, documents done late).
      const after = await read();
      await signalDetention(after, now);
      return detentionView(after);
    },
  });
}

/** An event staff record as it happens (or when they say it happened). */
export function recordEvent(
  user: SessionUser,
  appointment: Appointment,
  input: DetentionEventInput,
  now = new Date(),
): Promise<TruckDetentionView> {
  return record(
    user,
    appointment,
    (truck) => {
      if (truck.timeline.some((e) => e.event === input.event)) throw new ConflictError(ALREADY_RECORDED);
      return {
        kind: 'event',
        event: input.event,
        at: new Date(input.at ?? now).toISOString(),
        reason: '',
        ...(input.event === 'documents_done' && { lateParty: input.lateParty ?? null }),
      };
    },
    now,
  );
}

/** A correction of an event's time, with why; the time it replaces stays beside it. */
export function correctEvent(
  user: SessionUser,
  appointment: Appointment,
  input: DetentionCorrectionInput,
  now = new Date(),
): Promise<TruckDetentionView> {
  return record(
    user,
    appointment,
    () => ({ kind: 'correction', event: input.event, at: new Date(input.at).toISOString(), reason: input.reason }),
    now,
  );
}
