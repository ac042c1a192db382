// Facilities and what belongs to them: dock doors, labour in-charges, equipment, time
// slots and holidays.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import {
  availabilityQuerySchema,
  holidayInputSchema,
  slotUpdateSchema,
  slotsQuerySchema,
} from '../../shared/contracts/slots';
import { dateString } from '../../shared/contracts/fields';
import {
  dockDoorInputSchema,
  dockDoorUpdateSchema,
  equipmentInputSchema,
  facilityInputSchema,
  facilityUpdateSchema,
  laborInchargeInputSchema,
} from '../../shared/contracts/facilities';
import { listFacilities, resolveFacility, updateFacility } from './facility.store';
import { addFacility } from './add-facility';
import { createDockDoor, listDockDoors, updateDockDoor } from './dock-door.store';
import { availableResources, createResource, listResources, type ResourceKind } from './resource.store';
import { createHoliday, deleteHoliday } from './holiday.store';
import { editSlot, facilityForRequest, listHolidays, slotsOf } from './service';
import { DATE_PATTERN } from '../../shared/time';
import { facilitiesRoutes } from '../../shared/routes/facilities';

export const GUEST_READ_LIMIT = { limit: 300, windowSeconds: 60 };

/** Reads without a session are limited per client address; signed-in reads are not. */
async function limitGuestReads(req: ApiRequest) {
  if (!req.user)
    await rateLimit(
      `guest-read:${req.ip}`,
      GUEST_READ_LIMIT,
      'Too many requests from this network. Please wait a minute and try again.',
    );
}

/** The facility of the path's {id} ('default' allowed) within the signed-in user's tenant. */
async function pathFacility(req: ApiRequest) {
  const signedIn = requireUser(req);
  return resolveFacility(signedIn.user.tenantId, pathId(req, 'id', 'Facility'));
}

function resourceActions(kind: ResourceKind, schema: typeof laborInchargeInputSchema | typeof equipmentInputSchema) {
  return {
    async list(req: ApiRequest) {
      const facility = await pathFacility(req);
      return json(await listResources(facility.tenantId, facility.id, kind));
    },
    async create(req: ApiRequest) {
      const signedIn = requireUser(req);
      const facility = await pathFacility(req);
      const fields = parseBody(req, schema);
      return json(await createResource(facility.tenantId, facility.id, kind, fields as never, actorOf(signedIn)), 201);
    },
    async available(req: ApiRequest) {
      const facility = await pathFacility(req);
      const window = parseQuery(req, availabilityQuerySchema);
      return json(await availableResources(facility.tenantId, facility.id, kind, window));
    },
  };
}

const labor = resourceActions('labor', laborInchargeInputSchema);
const equipment = resourceActions('equipment', equipmentInputSchema);

export const { handler, actions, routes } = defineFunction('facilities', facilitiesRoutes, {
  async listFacilities(req) {
    const { user, session } = requireUser(req);
    const facilities = await listFacilities(user.tenantId);
    // The home facility: the tenant's default, else the first (resolveFacility's 'default').
    const home = facilities.find((f) => f.id === session.defaultFacilityId) ?? facilities[0];
    return json(facilities.map((f) => ({ ...f, isDefault: f === home })));
  },

  async createFacility(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, facilityInputSchema);
    return json(await addFacility(signedIn.user.tenantId, input, actorOf(signedIn)), 201);
  },

  async updateFacility(req) {
    const signedIn = requireUser(req);
    const facility = await pathFacility(req);
    const edit = parseBody(req, facilityUpdateSchema);
    return json(await updateFacility(signedIn.user.tenantId, facility.id, edit, actorOf(signedIn)));
  },

  async listDockDoors(req) {
    const facility = await pathFacility(req);
    return json(await listDockDoors(facility.tenantId, facility.id));
  },

  async updateDockDoor(req) {
    const signedIn = requireUser(req);
    const facility = await pathFacility(req);
    const edit = parseBody(req, dockDoorUpdateSchema);
    return json(
      await updateDockDoor(facility.tenantId, facility.id, pathId(req, 'doorId', 'Dock door'), edit, actorOf(signedIn)),
    );
  },

  async createDockDoor(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, dockDoorInputSchema);
    // The facility is looked up in the user's own tenant: another tenant's facility is not found.
    const facility = await resolveFacility(signedIn.user.tenantId, input.facilityId).catch(() => {
      throw new BadRequestError('Facility not found', { facilityId: 'Facility not found' });
    });
    return json(
      await createDockDoor(signedIn.user.tenantId, { ...input, facilityId: facility.id }, actorOf(signedIn)),
      201,
    );
  },

  listLaborIncharges: labor.list,
  createLaborIncharge: labor.create,
  availableLaborIncharges: labor.available,
  listEquipment: equipment.list,
  createEquipment: equipment.create,
  availableEquipment: equipment.available,

  async listTimeSlots(req) {
    const facility = await pathFacility(req);
    const { date } = parseQuery(req, z.object({ date: dateString('Please select a date') }));
    return json(await slotsOf(facility, date));
  },

  async updateTimeSlot(req) {
    const signedIn = requireUser(req);
    const facility = await pathFacility(req);
    const changes = parseBody(req, slotUpdateSchema);
    return json(await editSlot(facility, req.params.slotId ?? '', changes, actorOf(signedIn)));
  },

  async listFacilityHolidays(req) {
    const facility = await pathFacility(req);
    return json(await listHolidays(facility.tenantId, facility.id));
  },

  async createHoliday(req) {
    const signedIn = requireUser(req);
    const facility = await pathFacility(req);
    const input = parseBody(req, holidayInputSchema);
    return json(await createHoliday(facility.tenantId, { ...input, facilityId: facility.id }, actorOf(signedIn)), 201);
  },

  async deleteHoliday(req) {
    const signedIn = requireUser(req);
    const facility = await pathFacility(req);
    const date = req.params.date ?? '';
    if (!DATE_PATTERN.test(date)) throw new NotFoundError('Holiday not found');
    await deleteHoliday(facility.tenantId, facility.id, date, actorOf(signedIn));
    return json(undefined, 204);
  },

  /** Guest and staff: the slots of a date that can still be booked. */
  async availableSlots(req) {
    await limitGuestReads(req);
    const { date, facilityId } = parseQuery(req, slotsQuerySchema);
    const facility = await facilityForRequest(req, facilityId);
    return json((await slotsOf(facility, date)).filter((s) => s.isAvailable && !s.isBlocked));
  },

  async holidays(req) {
    await limitGuestReads(req);
    const { facilityId } = parseQuery(
      req,
      z.object({
        facilityId: z.optional(z.string().check(z.maxLength(64))),
        facility: z.optional(z.string().check(z.maxLength(140))),
      }),
    );
    const facility = await facilityForRequest(req, facilityId);
    return json(await listHolidays(facility.tenantId, facility.id));
  },
});
