// Appointment types and booking fields (issue #32): thin actions that parse with the shared schemas and
// call one use case each. The kernel has already checked the session and the route's permission; the
// facility is found in the signed-in user's tenant (or 404) before a body is read.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import {
  appointmentTypeInputSchema,
  appointmentTypeUpdateSchema,
  bookingFieldInputSchema,
  bookingFieldUpdateSchema,
} from '../../shared/contracts/appointment-types';
import {
  bookingSetup,
  createField,
  createType,
  deleteField,
  deleteType,
  facilityIn,
  updateField,
  updateType,
} from './setup';
import { appointmentTypesRoutes } from '../../shared/routes/appointment-types';

const deleteQuery = z.strictObject({ revision: z.optional(z.coerce.number().check(z.int(), z.gte(0))) });

const facilityOf = async (req: ApiRequest) => {
  const signedIn = requireUser(req);
  return {
    actor: actorOf(signedIn),
    facility: await facilityIn(signedIn.user.tenantId, pathId(req, 'id', 'Facility')),
  };
};

export const { handler, actions, routes } = defineFunction('appointment-types', appointmentTypesRoutes, {
  async setup(req) {
    const { facility } = await facilityOf(req);
    return json(await bookingSetup(facility));
  },
  async createType(req) {
    const { facility, actor } = await facilityOf(req);
    return json(await createType(facility, parseBody(req, appointmentTypeInputSchema), actor), 201);
  },
  async updateType(req) {
    const { facility, actor } = await facilityOf(req);
    const input = parseBody(req, appointmentTypeUpdateSchema);
    return json(await updateType(facility, pathId(req, 'typeId', 'Appointment type'), input, actor));
  },
  async deleteType(req) {
    const { facility, actor } = await facilityOf(req);
    const { revision } = parseQuery(req, deleteQuery);
    await deleteType(facility, pathId(req, 'typeId', 'Appointment type'), revision, actor);
    return json({ message: 'Appointment type deleted' });
  },
  async createField(req) {
    const { facility, actor } = await facilityOf(req);
    return json(await createField(facility, parseBody(req, bookingFieldInputSchema), actor), 201);
  },
  async updateField(req) {
    const { facility, actor } = await facilityOf(req);
    const { field, revision } = parseBody(req, bookingFieldUpdateSchema);
    return json(await updateField(facility, pathId(req, 'fieldId', 'Booking field'), field, revision, actor));
  },
  async deleteField(req) {
    const { facility, actor } = await facilityOf(req);
    const { revision } = parseQuery(req, deleteQuery);
    await deleteField(facility, pathId(req, 'fieldId', 'Booking field'), revision, actor);
    return json({ message: 'Booking field deleted' });
  },
});
