// The yard: spots and their status, the live overview (doors, spots, waiting trucks), Assign Spots and
// the yard's move tasks (issue #58.4).
import * as z from 'zod/mini';
import { actorOf, json, parseBody, pathId, requireUser, type RequestSession } from '../lib/http';
import { defineFunction } from '../api';
import { NotFoundError } from '../lib/errors';
import { yardSettingsSchema, yardSpotStatusSchema } from '../../shared/contracts/yard';
import { listFacilityCheckins } from '../checkins';
import { listDockDoors } from '../facilities';
import { resolveFacility } from '../facilities';
import { listYardSpots, setYardSpotStatus } from './yard-spot.store';
import { listAppointmentsAtDoors, todayFor } from '../appointments';
import { assignWaitingTrucks } from './assign-spots';
import { yardOverview } from './overview';
import { activeYardTasks, finishYardTask, listYardTasks, startYardTask } from './yard-tasks';
import { putYardSettings } from './yard-task.store';
import { yardRoutes } from '../../shared/routes/yard';

async function todayContext(session: RequestSession) {
  const { date, facility } = await todayFor(session);
  if (!facility) throw new NotFoundError('No facilities available');
  return { date, facility };
}

export const { handler, actions, routes } = defineFunction('yard', yardRoutes, {
  async listYardSpots(req) {
    const signedIn = requireUser(req);
    const facility = await resolveFacility(signedIn.user.tenantId, pathId(req, 'id', 'Facility'));
    return json(await listYardSpots(facility.tenantId, facility.id));
  },

  async setYardSpotStatus(req) {
    const signedIn = requireUser(req);
    const spotId = pathId(req, 'spotId', 'Yard spot');
    const { status, assetId } = parseBody(req, yardSpotStatusSchema);
    return json(await setYardSpotStatus(signedIn.user.tenantId, spotId, status, assetId, actorOf(signedIn)));
  },

  async yardOverview(req) {
    const { user, session } = requireUser(req);
    const { date, facility } = await todayContext(session);
    const [doors, spots, atDoors, checkins, moves] = await Promise.all([
      listDockDoors(user.tenantId, facility.id),
      listYardSpots(user.tenantId, facility.id),
      listAppointmentsAtDoors(user.tenantId, facility.id, date),
      listFacilityCheckins(user.tenantId, facility.id, { limit: 50 }),
      activeYardTasks(user.tenantId, facility.id),
    ]);
    return json({
      facilityId: facility.id,
      facilityName: facility.name,
      date,
      ...yardOverview(doors, spots, atDoors, checkins, moves),
    });
  },

  /** Assign Spots (/yard): the waiting trucks onto the free spots nearest the gate, atomically. */
  async assignYardSpots(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseBody(
      req,
      z.strictObject({
        facilityId: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'default'),
      }),
    );
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId);
    return json(await assignWaitingTrucks(facility, actorOf(signedIn)));
  },

  /** Yard staff's list (issue #58.4): whether the hub drops trailers, its open and started moves, the last done. */
  async listYardTasks(req) {
    const signedIn = requireUser(req);
    const facility = await resolveFacility(signedIn.user.tenantId, pathId(req, 'id', 'Facility'));
    return json(await listYardTasks(facility.tenantId, facility.id));
  },

  async setYardSettings(req) {
    const signedIn = requireUser(req);
    const facility = await resolveFacility(signedIn.user.tenantId, pathId(req, 'id', 'Facility'));
    const settings = parseBody(req, yardSettingsSchema);
    return json(await putYardSettings(facility.tenantId, facility.id, settings, actorOf(signedIn)));
  },

  async startYardTask(req) {
    const signedIn = requireUser(req);
    return json(await startYardTask(signedIn.user.tenantId, pathId(req, 'taskId', 'Yard task'), actorOf(signedIn)));
  },

  async finishYardTask(req) {
    const signedIn = requireUser(req);
    return json(await finishYardTask(signedIn.user.tenantId, pathId(req, 'taskId', 'Yard task'), actorOf(signedIn)));
  },
});
