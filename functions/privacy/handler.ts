// A driver's rights over their data, the facility admin's erasure requests and the access log (issue #36).
import { actorOf, json, parseBody, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { erasureRefusalSchema, privacyCorrectionSchema } from '../../shared/contracts/privacy';
import { correctMyData, myData, myDataHtml } from './my-data';
import { completeErasure, erasureRequests, refuseErasure, requestErasure } from './erasure';
import { listAccessLog } from './privacy.store';
import { incidentSchema, incidentStepSchema } from '../../shared/contracts/privacy-incidents';
import { incidents, markIncidentStep, recordIncident } from './incidents';
import { retentionPolicySchema } from '../../shared/contracts/privacy-retention';
import { retentionPolicyOf, saveRetentionPolicy } from './retention';
import { listRetentionReports } from './retention.store';
import { requestTenantExport, tenantExport, tenantExports } from './export';
import { choicesByToken, withdrawByToken } from '../consent';
import { withdrawChoicesSchema } from '../../shared/contracts/privacy-notice';
import { NotFoundError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import { privacyRoutes } from '../../shared/routes/privacy';

/** A choices link is opened by hand: a few tries a minute per address is plenty, a token guesser is stopped. */
const CHOICES_LIMIT = { limit: 60, windowSeconds: 60 };

async function choicesToken(req: ApiRequest): Promise<string> {
  await rateLimit(
    `privacy-choices:${req.ip}`,
    CHOICES_LIMIT,
    'Too many attempts from this network. Please try again later.',
  );
  const token = req.params.token ?? '';
  if (token.length > 64) throw new NotFoundError('This choices link is not valid');
  return token;
}

export const { handler, actions, routes } = defineFunction('privacy', privacyRoutes, {
  async myData(req) {
    return json(await myData(requireUser(req).user, 'viewed'));
  },

  /** The download: ?format=html for a page to read and print, else JSON. */
  async exportMyData(req) {
    const { user } = requireUser(req);
    const now = new Date();
    const data = await myData(user, 'exported', now);
    const html = req.query?.format === 'html';
    const day = now.toISOString().slice(0, 10);
    return {
      status: 200,
      raw: html ? myDataHtml(data, now) : JSON.stringify(data, null, 2),
      headers: {
        'content-type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="my-data-${day}.${html ? 'html' : 'json'}"`,
      },
    };
  },

  async correctMyData(req) {
    const signedIn = requireUser(req);
    const edit = parseBody(req, privacyCorrectionSchema);
    return json(await correctMyData(signedIn.user, edit, actorOf(signedIn)));
  },

  async requestErasure(req) {
    const signedIn = requireUser(req);
    return json(await requestErasure(signedIn.user, actorOf(signedIn)), 201);
  },

  async listErasureRequests(req) {
    return json(await erasureRequests(requireUser(req).user));
  },

  async completeErasure(req) {
    const signedIn = requireUser(req);
    const request = await completeErasure(
      signedIn.user.tenantId,
      pathId(req, 'id', 'Erasure request'),
      actorOf(signedIn),
    );
    // 202: accepted, carried out by the erasure worker; 200 once it is completed.
    return json(request, request.status === 'erasing' ? 202 : 200);
  },

  async refuseErasure(req) {
    const signedIn = requireUser(req);
    const { reason } = parseBody(req, erasureRefusalSchema);
    return json(
      await refuseErasure(signedIn.user.tenantId, pathId(req, 'id', 'Erasure request'), reason, actorOf(signedIn)),
    );
  },

  async choices(req) {
    return json(await choicesByToken(await choicesToken(req)));
  },

  async withdrawChoices(req) {
    const token = await choicesToken(req);
    const { withdraw } = parseBody(req, withdrawChoicesSchema);
    return json(await withdrawByToken(token, withdraw));
  },

  async accessLog(req) {
    return json(await listAccessLog(requireUser(req).user.tenantId));
  },

  async recordIncident(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, incidentSchema);
    return json(await recordIncident(signedIn.user.tenantId, input, actorOf(signedIn)), 201);
  },

  async listIncidents(req) {
    return json(await incidents(requireUser(req).user.tenantId));
  },

  async markIncidentStep(req) {
    const signedIn = requireUser(req);
    const { step, revision } = parseBody(req, incidentStepSchema);
    const id = pathId(req, 'id', 'Incident');
    return json(await markIncidentStep(signedIn.user.tenantId, id, step, revision, actorOf(signedIn)));
  },

  async retentionPolicy(req) {
    return json(await retentionPolicyOf(requireUser(req).user.tenantId));
  },

  async saveRetentionPolicy(req) {
    const signedIn = requireUser(req);
    const policy = parseBody(req, retentionPolicySchema);
    return json(await saveRetentionPolicy(signedIn.user.tenantId, policy, actorOf(signedIn)));
  },

  async retentionReports(req) {
    return json(await listRetentionReports(requireUser(req).user.tenantId));
  },

  /** 202 with a new export; 200 with the running one when asked again while it runs. */
  async startTenantExport(req) {
    const signedIn = requireUser(req);
    const { created, export: started } = await requestTenantExport(signedIn.user, actorOf(signedIn));
    return json(started, created ? 202 : 200);
  },

  async tenantExports(req) {
    return json(await tenantExports(requireUser(req).user.tenantId));
  },

  async tenantExport(req) {
    return json(await tenantExport(requireUser(req).user, pathId(req, 'id', 'Export')));
  },
});
