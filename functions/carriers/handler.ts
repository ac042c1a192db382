// Carriers and their drivers.
import { actorOf, json, parseBody, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { NotFoundError } from '../lib/errors';
import {
  carrierInputSchema,
  carrierUpdateSchema,
  driverInputSchema,
  driverUpdateSchema,
} from '../../shared/contracts/carriers';
import {
  createCarrier,
  createDriver,
  getCarrier,
  listCarriers,
  listDrivers,
  updateCarrier,
  updateDriver,
  type Driver,
} from './carrier.store';
import { seesAll } from '../../shared/access';
import type { SessionUser } from '../../shared/contracts/auth';

/**
 * Staff see every driver; a driver only themself, a carrier-side booker their own carrier's drivers
 * (issue #14.1: names, phones and licence numbers are nobody else's business).
 */
function driversVisibleTo(user: SessionUser, carrierId: string, drivers: Driver[]): Driver[] {
  if (seesAll(user)) return drivers;
  if (carrierId !== user.carrierId) return [];
  return user.driverId ? drivers.filter((d) => d.id === user.driverId) : drivers;
}

export const { handler, actions } = defineFunction('carriers', {
  async listCarriers(req) {
    return json(await listCarriers(requireUser(req).user.tenantId));
  },

  async createCarrier(req) {
    const signedIn = requireUser(req);
    return json(
      await createCarrier(signedIn.user.tenantId, parseBody(req, carrierInputSchema), actorOf(signedIn)),
      201,
    );
  },

  async listDrivers(req) {
    const { user } = requireUser(req);
    const carrierId = pathId(req, 'id', 'Carrier');
    if (!(await getCarrier(user.tenantId, carrierId))) throw new NotFoundError('Carrier not found');
    return json(driversVisibleTo(user, carrierId, await listDrivers(user.tenantId, carrierId)));
  },

  async updateCarrier(req) {
    const signedIn = requireUser(req);
    const edit = parseBody(req, carrierUpdateSchema);
    return json(await updateCarrier(signedIn.user.tenantId, pathId(req, 'id', 'Carrier'), edit, actorOf(signedIn)));
  },

  async updateDriver(req) {
    const signedIn = requireUser(req);
    const edit = parseBody(req, driverUpdateSchema);
    return json(
      await updateDriver(
        signedIn.user.tenantId,
        pathId(req, 'id', 'Carrier'),
        pathId(req, 'driverId', 'Driver'),
        edit,
        actorOf(signedIn),
      ),
    );
  },

  async createDriver(req) {
    const signedIn = requireUser(req);
    return json(await createDriver(signedIn.user.tenantId, parseBody(req, driverInputSchema), actorOf(signedIn)), 201);
  },
});
