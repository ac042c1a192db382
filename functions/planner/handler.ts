// The door plan's proposals through the API (issue #58.2): asked for (answered 202 while the
// 'planner-proposals' worker solves it; a day the planner refuses is answered with its message and
// nothing is stored), the latest beside today's plan, and applied truck by truck. This function never
// loads the solver: it reads and checks the day (day-input.ts, rules.ts) and applies plans; plan.ts
// and its WebAssembly solver are the worker's (solve.ts). A facility's planner settings (automatic
// re-planning on or off, replan.ts; its crews, equipment and each type's needs) are read and saved here too.
import { actorOf, json, parseBody, parseQuery, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { contextOf } from '../appointments';
import { resolveFacility } from '../facilities';
import {
  applyProposalSchema,
  latestProposalQuerySchema,
  plannerSettingsQuerySchema,
  plannerSettingsSaveSchema,
  proposalRequestSchema,
} from '../../shared/contracts/planner';
import { applyProposal, findProposal, latestOf, requestProposal } from './proposals';
import { plannerSettingsView, savePlannerSettings } from './settings';
import { plannerRoutes } from '../../shared/routes/planner';

export const { handler, actions, routes } = defineFunction('planner', plannerRoutes, {
  async requestProposal(req) {
    const { user } = requireUser(req);
    const { facilityId, date } = parseBody(req, proposalRequestSchema);
    return json(await requestProposal(contextOf(user), facilityId, date), 202);
  },

  async latestProposal(req) {
    const { user } = requireUser(req);
    const { facilityId, date } = parseQuery(req, latestProposalQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId);
    return json({ proposal: await latestOf(user.tenantId, facility.id, date) });
  },

  async getProposal(req) {
    const { user } = requireUser(req);
    return json(await findProposal(user.tenantId, pathId(req, 'id', 'Plan proposal')));
  },

  async applyProposal(req) {
    const { user } = requireUser(req);
    const { truckIds } = parseBody(req, applyProposalSchema);
    return json(await applyProposal(contextOf(user), pathId(req, 'id', 'Plan proposal'), truckIds));
  },

  async getSettings(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, plannerSettingsQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId);
    return json(await plannerSettingsView(user.tenantId, facility.id));
  },

  async saveSettings(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseQuery(req, plannerSettingsQuerySchema);
    const input = parseBody(req, plannerSettingsSaveSchema);
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId);
    return json(await savePlannerSettings(facility, actorOf(signedIn), input));
  },
});
