// A driver's rights over their data, the facility admin's erasure requests and the access log (issue #36).
import { actorOf, json, parseBody, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { erasureRefusalSchema, privacyCorrectionSchema } from '../../shared/contracts/privacy';
import { correctMyData, myData, myDataHtml } from './my-data';
import { completeErasure, erasureRequests, refuseErasure, requestErasure } from './erasure';
import { listAccessLog } from './privacy.store';

export const { handler, actions } = defineFunction('privacy', {
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
    return json(await completeErasure(signedIn.user.tenantId, pathId(req, 'id', 'Erasure request'), actorOf(signedIn)));
  },

  async refuseErasure(req) {
    const signedIn = requireUser(req);
    const { reason } = parseBody(req, erasureRefusalSchema);
    return json(
      await refuseErasure(signedIn.user.tenantId, pathId(req, 'id', 'Erasure request'), reason, actorOf(signedIn)),
    );
  },

  async accessLog(req) {
    return json(await listAccessLog(requireUser(req).user.tenantId));
  },
});
