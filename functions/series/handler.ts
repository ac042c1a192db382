// Standing appointments (issue #32): thin actions that parse with the shared schemas and call one use
// case each. The kernel has already checked the session and the route's permission (staff: a series
// books for any carrier of the tenant); every record is read in the signed-in user's tenant.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { cancelSeriesSchema, seriesInputSchema } from '../../shared/contracts/series';
import { cancelSeriesFrom, createSeries, listTenantSeries, seriesDetail } from './series';
import { seriesRoutes } from '../../shared/routes/series';

const listQuery = z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) });

export const { handler, actions, routes } = defineFunction('series', seriesRoutes, {
  async listSeries(req) {
    const { user } = requireUser(req);
    return json(await listTenantSeries(user.tenantId, parseQuery(req, listQuery).facilityId));
  },
  async createSeries(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, seriesInputSchema);
    const home = signedIn.session.homeTenantId ?? signedIn.user.tenantId;
    return json(await createSeries(signedIn.user, input, actorOf(signedIn), home), 201);
  },
  async getSeries(req) {
    const { user } = requireUser(req);
    return json(await seriesDetail(user.tenantId, pathId(req, 'id', 'Standing appointment')));
  },
  async cancelSeries(req) {
    const signedIn = requireUser(req);
    const id = pathId(req, 'id', 'Standing appointment');
    return json(await cancelSeriesFrom(signedIn.user, id, parseBody(req, cancelSeriesSchema), actorOf(signedIn)));
  },
});
