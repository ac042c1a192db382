// Yard moves as tasks (issue #58.4). At a facility whose trucks drop their trailers (its yard settings),
// the door plan makes the moves: when a truck whose trailer stands on a yard spot is given a door (the
// appointments' door rule, a check-in's door assignment: staff applying a plan or giving a door by
// hand), a spot -> door task is made; when its door is released after the work at it, a door -> spot
// task. The `yard-tasks` worker reads these changes off the appointment's stream (onAppointmentChange),
// so no other domain knows of the yard. Yard staff start and finish a task with a tap; finishing moves
// the trailer in the yard view in the same transaction (the spot it leaves freed, the spot it is taken
// to occupied), each part written only if unchanged since it was read.
import { createHash } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { ON_SITE_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { YardTask, YardTaskKind, YardTaskList } from '../../shared/contracts/yard';
import { isActiveTask, nearestFreeSpot, taskMoveRefusal } from './rules';
import { leaveItems, listYardSpots, placementItems, spotOfAsset } from './yard-spot.store';
import { createYardTask, findYardTask, getYardSettings, listYardTasksSince, taskChangeItems } from './yard-task.store';

/** How far back a facility's tasks are read: a trailer's moves belong to its day on site. */
const RECENT_MS = 24 * 60 * 60 * 1000;
/** Done and cancelled tasks the list shows below the open ones (the newest). */
const DONE_SHOWN = 10;
const THE_PLAN: Actor = { userId: 'system', username: 'door plan' };

const sinceOf = (now: Date) => new Date(now.getTime() - RECENT_MS).toISOString();
const assetOf = (a: Appointment) => a.vehicleLicense ?? a.bookingReference;

/** The facility's tasks for yard staff: the open and started ones first (oldest first), then the last done. */
export async function listYardTasks(tenantId: string, facilityId: string, now = new Date()): Promise<YardTaskList> {
  const [settings, tasks] = await Promise.all([
    getYardSettings(tenantId, facilityId),
    listYardTasksSince(tenantId, facilityId, sinceOf(now)),
  ]);
  const closed = tasks.filter((t) => !isActiveTask(t)).reverse();
  return {
    facilityId,
    dropTrailers: settings.dropTrailers,
    tasks: [...tasks.filter(isActiveTask), ...closed.slice(0, DONE_SHOWN)],
  };
}

/** The facility's open and started moves (the yard view shows them at their doors). */
export async function activeYardTasks(tenantId: string, facilityId: string, now = new Date()): Promise<YardTask[]> {
  return (await listYardTasksSince(tenantId, facilityId, sinceOf(now))).filter(isActiveTask);
}

async function readTask(tenantId: string, taskId: string) {
  const task = await findYardTask(tenantId, taskId);
  if (!task) throw new NotFoundError('Yard task not found');
  return task;
}

function refuseUnless(task: YardTask, to: 'started' | 'done') {
  const refusal = taskMoveRefusal(task.state, to);
  if (refusal) throw new ConflictError(refusal);
}

const changedMeanwhile = () => new ConflictError('This yard task changed meanwhile. Refresh and try again.');

export async function startYardTask(tenantId: string, taskId: string, actor: Actor, now = new Date()) {
  const task = await readTask(tenantId, taskId);
  refuseUnless(task, 'started');
  const { items, after } = taskChangeItems(
    task,
    { state: 'started', startedAt: now.toISOString(), startedBy: actor.username },
    actor,
    now,
  );
  await transact(items, changedMeanwhile);
  return after;
}

/** Finishes a started move: the trailer leaves its spot for the door, or is parked on a free spot. */
export async function finishYardTask(tenantId: string, taskId: string, actor: Actor, now = new Date()) {
  const task = await readTask(tenantId, taskId);
  refuseUnless(task, 'done');
  const done = { state: 'done' as const, doneAt: now.toISOString(), doneBy: actor.username };
  const reason = { taskId: task.id, appointmentId: task.appointmentId };
  if (task.kind === 'to_door') {
    // The trailer may have been moved off the spot by hand meanwhile: then only the task is done.
    const spot = await spotOfAsset(tenantId, task.facilityId, task.assetId);
    const { items, after } = taskChangeItems(task, done, actor, now);
    const leave = spot ? leaveItems(spot, actor, reason, now).items : [];
    await transact([...items, ...leave], (index) =>
      index < items.length
        ? changedMeanwhile()
        : new ConflictError('The yard changed while you were updating it. Refresh and try again.'),
    );
    return after;
  }
  const spots = await listYardSpots(tenantId, task.facilityId);
  const planned = spots.find((s) => s.id === task.spotId && s.status === 'empty' && !s.currentAssetId);
  const spot = planned ?? nearestFreeSpot(spots);
  if (!spot) throw new ConflictError('No free yard spot for the trailer; free a spot and try again');
  const { items, after } = taskChangeItems(task, { ...done, spotId: spot.id, spotNumber: spot.spotNumber }, actor, now);
  const park = placementItems(tenantId, [{ spot, assetId: task.assetId, reason }], actor, now).items;
  await transact([...items, ...park], (index) =>
    index < items.length
      ? changedMeanwhile()
      : index === items.length + 1
        ? new ConflictError(`${task.assetId} is already on another spot. Refresh and try again.`)
        : new ConflictError('The yard changed while you were updating it. Refresh and try again.'),
  );
  return after;
}

/** One task per change of the appointment (its revision): the stream may bring a change twice. */
function taskId(a: Appointment, kind: YardTaskKind) {
  const change = `${a.id}:${kind}:${a.revision ?? 0}:${a.updatedAt}`;
  return createHash('sha256').update(change).digest('hex').slice(0, 24);
}

function newTask(
  a: Appointment & { tenantId: string },
  kind: YardTaskKind,
  door: { dockDoorId: string; doorNumber: string },
  spot: { id: string; spotNumber: string } | null,
  now: Date,
): YardTask {
  return {
    id: taskId(a, kind),
    tenantId: a.tenantId,
    facilityId: a.facilityId,
    kind,
    state: 'open',
    appointmentId: a.id,
    assetId: assetOf(a),
    spotId: spot?.id ?? null,
    spotNumber: spot?.spotNumber ?? null,
    ...door,
    createdAt: now.toISOString(),
    startedAt: null,
    startedBy: null,
    doneAt: null,
    doneBy: null,
    cancelledAt: null,
  };
}

/** Cancels a move the plan no longer wants; one changed meanwhile (started, done) is left as it is now. */
async function cancel(task: YardTask, now: Date) {
  const { items } = taskChangeItems(task, { state: 'cancelled', cancelledAt: now.toISOString() }, THE_PLAN, now);
  await transact(items, changedMeanwhile).catch((err: unknown) => {
    if (!(err instanceof ConflictError)) throw err;
  });
}

const onSite = (a: Appointment) => ON_SITE_STATUSES.includes(a.status);

/**
 * An appointment's change as the stream brings it (before and after), turned into the yard's moves.
 * A door given to a truck on site whose trailer stands on a spot: spot -> door (a move to a door the
 * truck no longer has, changed or taken back, is cancelled). Its door released: a move to it not yet done is cancelled, and
 * a trailer that was worked at the door (brought there by a move, or loading or unloading) gets a
 * door -> spot move to the free spot nearest the gate.
 */
export async function onAppointmentChange(
  before: (Appointment & { tenantId: string }) | undefined,
  after: (Appointment & { tenantId: string }) | undefined,
  now = new Date(),
): Promise<void> {
  if (!before || !after) return;
  const doorGiven =
    Boolean(after.dockDoorId) && onSite(after) && (after.dockDoorId !== before.dockDoorId || !onSite(before));
  const released = Boolean(before.dockDoorId) && onSite(before) && !onSite(after);
  // A door taken back from a truck still on site (it goes back to holding): its move there is cancelled.
  const withdrawn = Boolean(before.dockDoorId) && !after.dockDoorId && onSite(after);
  if (!doorGiven && !released && !withdrawn) return;
  const { tenantId, facilityId } = after;
  const recent = await listYardTasksSince(tenantId, facilityId, sinceOf(now));
  const mine = recent.filter((t) => t.appointmentId === after.id);
  const staleMoves = mine.filter(
    (t) => t.kind === 'to_door' && isActiveTask(t) && (released || t.dockDoorId !== after.dockDoorId),
  );
  for (const task of staleMoves) await cancel(task, now);
  if (withdrawn || !(await getYardSettings(tenantId, facilityId)).dropTrailers) return;
  const spot = await spotOfAsset(tenantId, facilityId, assetOf(after));
  if (doorGiven) {
    const already = mine.some((t) => t.kind === 'to_door' && isActiveTask(t) && t.dockDoorId === after.dockDoorId);
    if (already || !spot) return;
    const door = { dockDoorId: after.dockDoorId!, doorNumber: after.doorNumber ?? '' };
    await createYardTask(newTask(after, 'to_door', door, spot, now), now);
    return;
  }
  const worked =
    before.status === 'loading' ||
    before.status === 'unloading' ||
    mine.some((t) => t.kind === 'to_door' && t.state === 'done' && t.dockDoorId === before.dockDoorId);
  if (!worked || spot || after.status !== 'departed') return;
  if (mine.some((t) => t.kind === 'to_spot' && isActiveTask(t))) return;
  const taken = new Set(recent.filter((t) => t.kind === 'to_spot' && isActiveTask(t)).map((t) => t.spotId ?? ''));
  const target = nearestFreeSpot(await listYardSpots(tenantId, facilityId), taken);
  const door = { dockDoorId: before.dockDoorId!, doorNumber: before.doorNumber ?? '' };
  await createYardTask(newTask(after, 'to_spot', door, target, now), now);
}
