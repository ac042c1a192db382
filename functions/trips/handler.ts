// Where is my truck (issue #33): a facility's trip watch settings (admin), the watched trips of a day
// and one appointment's trip (the screens), and the public one-tap reslot page's two calls.
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { NotFoundError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import { defineFunction } from '../api';
import { resolveFacility } from '../facilities';
import { findAppointment } from '../appointments';
import {
  RESLOT_MESSAGES,
  reslotChoiceSchema,
  tripBatchQuerySchema,
  tripListQuerySchema,
  tripWatchQuerySchema,
  tripWatchSettingsSchema,
} from '../../shared/contracts/trips';
import { localDateTime } from '../../shared/time';
import { saveWatchSettings, watchSettingsView } from './watch-settings';
import { listTrips, tripOf, tripsOfAppointments } from './views';
import { reslotOffer, takeReslot } from './reslot';
import { tripsRoutes } from '../../shared/routes/trips';

/** A reslot link is opened by hand: a few tries a minute per address is plenty, a token guesser is stopped. */
export const RESLOT_LIMIT = { limit: 30, windowSeconds: 60 };

function reslotToken(req: ApiRequest): string {
  const token = req.params.token ?? '';
  if (token.length > 64) throw new NotFoundError(RESLOT_MESSAGES.invalid);
  return token;
}

export const { handler, actions, routes } = defineFunction('trips', tripsRoutes, {
  async getWatchSettings(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, tripWatchQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await watchSettingsView(user.tenantId, facility.id));
  },

  async saveWatchSettings(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseQuery(req, tripWatchQuerySchema);
    const input = parseBody(req, tripWatchSettingsSchema);
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId || 'default');
    return json(await saveWatchSettings(signedIn.user.tenantId, facility.id, actorOf(signedIn), input));
  },

  async listTrips(req) {
    const { user } = requireUser(req);
    const { facilityId, date } = parseQuery(req, tripListQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await listTrips(user, facility, date ?? localDateTime(new Date(), facility.timeZone).date));
  },

  async tripsOfAppointments(req) {
    const { user } = requireUser(req);
    const { appointmentIds } = parseQuery(req, tripBatchQuerySchema);
    return json({ trips: await tripsOfAppointments(user, appointmentIds) });
  },

  async appointmentTrip(req) {
    const { user } = requireUser(req);
    const appointment = await findAppointment(user, pathId(req, 'id', 'Appointment'));
    return json({ trip: await tripOf(appointment) });
  },

  async reslotOffer(req) {
    await rateLimit(`reslot:${req.ip}`, RESLOT_LIMIT, 'Too many attempts from this network. Please try again later.');
    return json(await reslotOffer(reslotToken(req)));
  },

  async takeReslot(req) {
    await rateLimit(`reslot:${req.ip}`, RESLOT_LIMIT, 'Too many attempts from this network. Please try again later.');
    const token = reslotToken(req);
    return json(await takeReslot(token, parseBody(req, reslotChoiceSchema)));
  },
});
