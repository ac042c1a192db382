// The holding area and its call-forward queue through the API (issue #58.3): the queue of a facility
// (staff who read the yard: the gate screen, the dashboard's card) and its holding area, read by them
// and saved by those who configure the facility.
import { actorOf, json, parseBody, parseQuery, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { resolveFacility } from '../facilities';
import { holdingAreaSchema, holdingQuerySchema } from '../../shared/contracts/holding';
import { holdingAreaOf, saveHoldingArea } from './area';
import { holdingQueue } from './queue';
import { holdingRoutes } from '../../shared/routes/holding';

export const { handler, actions, routes } = defineFunction('holding', holdingRoutes, {
  async getQueue(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, holdingQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await holdingQueue(user.tenantId, facility));
  },

  async getArea(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, holdingQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await holdingAreaOf(user.tenantId, facility.id));
  },

  async saveArea(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseQuery(req, holdingQuerySchema);
    const input = parseBody(req, holdingAreaSchema);
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId || 'default');
    return json(await saveHoldingArea(signedIn.user.tenantId, facility.id, actorOf(signedIn), input));
  },
});
