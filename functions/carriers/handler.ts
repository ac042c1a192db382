// Carriers and their drivers.
import { actorOf, json, parseBody, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { ConflictError, NotFoundError } from '../lib/errors';
import {
  carrierInputSchema,
  carrierUpdateSchema,
  driverInputSchema,
  driverPreferencesSchema,
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
import { actsForAll, seesAll } from '../../shared/access';
import { NOTICE_VERSION, type Consent } from '../../shared/contracts/privacy-notice';
import { recordConsent } from '../consent';
import type { SessionUser } from '../../shared/contracts/auth';
import { carriersRoutes } from '../../shared/routes/carriers';

/**
 * Staff see every driver; a driver only themself, a carrier-side booker their own carrier's drivers
 * (issue #14.1: names, phones and licence numbers are nobody else's business).
 */
function driversVisibleTo(user: SessionUser, carrierId: string, drivers: Driver[]): Driver[] {
  if (seesAll(user)) return drivers;
  if (carrierId !== user.carrierId) return [];
  return user.driverId ? drivers.filter((d) => d.id === user.driverId) : drivers;
}

export const { handler, actions, routes } = defineFunction('carriers', carriersRoutes, {
  /**
   * Staff who book for anyone, and unlinked staff who read everything, get every carrier; an account
   * linked to a carrier gets only the carrier it books for (issue #29.2: a select offers what the server accepts).
   */
  async listCarriers(req) {
    const { user } = requireUser(req);
    const carriers = await listCarriers(user.tenantId);
    const everyCarrier = actsForAll(user) || (!user.carrierId && seesAll(user));
    return json(everyCarrier ? carriers : carriers.filter((c) => c.id === user.carrierId));
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

  /** The driver app: the signed-in driver's own channels and language (no other record is reachable here). */
  async updateOwnPreferences(req) {
    const signedIn = requireUser(req);
    const { user } = signedIn;
    const edit = parseBody(req, driverPreferencesSchema);
    if (!user.carrierId || !user.driverId) throw new ConflictError('No driver record is linked to this account');
    const driver = await updateDriver(user.tenantId, user.carrierId, user.driverId, edit, actorOf(signedIn));
    // The driver's own choice of channels in the app is their consent to them (issue #36); a channel left
    // out withdraws nothing given before (that is the choices link's).
    const channels = edit.preferredChannels;
    if (channels) {
      const consent: Consent = {
        noticeVersion: NOTICE_VERSION,
        language: driver.preferredLanguage ?? 'en',
        messaging: { sms: channels.includes('sms'), whatsapp: channels.includes('whatsapp') },
      };
      await recordConsent(user.tenantId, driver.phone, consent, 'driver_app', actorOf(signedIn));
    }
    return json(driver);
  },

  async createDriver(req) {
    const signedIn = requireUser(req);
    return json(await createDriver(signedIn.user.tenantId, parseBody(req, driverInputSchema), actorOf(signedIn)), 201);
  },
});
