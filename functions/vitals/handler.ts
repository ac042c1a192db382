// Field web vitals (issue #34): the SPA's report of a page view (public: the public pages report too;
// a signed-in user's counts for their tenant), and the admins' p75 per route for the last days.
import { json, parseBody, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { vitalsReportSchema } from '../../shared/contracts/vitals';
import { recordVitals, vitalsFigures } from './vitals';
import { vitalsRoutes } from '../../shared/routes/vitals';

export const { handler, actions, routes } = defineFunction('vitals', vitalsRoutes, {
  async reportVitals(req) {
    const report = parseBody(req, vitalsReportSchema);
    await recordVitals(report, req.user ? { tenantId: req.user.tenantId } : 'public', req.ip);
    return json(undefined, 204);
  },

  async vitalsFigures(req) {
    const { user } = requireUser(req);
    return json(await vitalsFigures(user.tenantId));
  },
});
