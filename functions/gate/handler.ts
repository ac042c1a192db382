// Gate compliance (issue #21): the tenant's ULIP account and rules (admin), and today's gate
// decisions at a facility for the dashboard's gate panel. The checks run in the check-in paths
// (functions/checkins) through this domain's index.ts.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { resolveFacility } from '../facilities';
import { gateSettingsSchema } from '../../shared/contracts/gate';
import { localDateTime } from '../../shared/time';
import { getGateSettings, settingsView } from './settings.store';
import { saveGateSettings } from './settings';
import { gateDayFigures } from './figures';
import { gatePassKeys, issueGatePass, rotateGatePassKey } from '../passes';
import { qrPng, qrSvg } from '../lib/qr';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import { findAppointment } from '../appointments';
import { cancelByPassLink, linkedPass, linkedPassSlots, rescheduleByPassLink } from './linked-pass';
import { checksInForAll } from '../../shared/access';
import {
  gatePassKeysQuerySchema,
  PASS_LINK_MESSAGES,
  passCancelSchema,
  passRescheduleSchema,
  passSlotsQuerySchema,
  rotatePassKeySchema,
  type GatePassKeysView,
  type GatePassView,
} from '../../shared/contracts/gate-pass';
import { gateRoutes } from '../../shared/routes/gate';

/** A pass link is opened by hand: a few tries a minute per address is plenty, a token guesser is stopped. */
const PASS_LINK_LIMIT = { limit: 30, windowSeconds: 60 };
/** A pass's QR image is fetched by the chat provider's media servers (a few addresses for all drivers, issue #56). */
const PASS_QR_LIMIT = { limit: 600, windowSeconds: 60 };

export const { handler, actions, routes } = defineFunction('gate', gateRoutes, {
  async getSettings(req) {
    const { user } = requireUser(req);
    return json(settingsView(await getGateSettings(user.tenantId)));
  },

  async saveSettings(req) {
    const signedIn = requireUser(req);
    return json(await saveGateSettings(signedIn.user.tenantId, actorOf(signedIn), parseBody(req, gateSettingsSchema)));
  },

  async todayFigures(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) }));
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await gateDayFigures(user.tenantId, facility.id, localDateTime(new Date(), facility.timeZone).date));
  },

  /** The gate device's offline kit: the facility's public keys, revocations and the server's time. */
  async passKeys(req) {
    const { user } = requireUser(req);
    if (!checksInForAll(user)) throw new ForbiddenError('Only facility staff can run the gate');
    const { facilityId } = parseQuery(req, gatePassKeysQuerySchema);
    const view: GatePassKeysView = await gatePassKeys(await resolveFacility(user.tenantId, facilityId || 'default'));
    return json(view);
  },

  async rotatePassKey(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseBody(req, rotatePassKeySchema);
    return json(await rotateGatePassKey(await resolveFacility(signedIn.user.tenantId, facilityId), actorOf(signedIn)));
  },

  /** An appointment's gate pass, for the driver app (kept offline) and staff. */
  async gatePass(req) {
    const { user } = requireUser(req);
    const appointment = await findAppointment(user, pathId(req, 'id', 'Appointment'));
    const pass = await issueGatePass(appointment, await resolveFacility(user.tenantId, appointment.facilityId));
    const view: GatePassView = { ...pass, qrSvg: await qrSvg(pass.token) };
    return json(view);
  },

  /** The public pass page: the pass a signed link names (no session; the link is the credential). */
  async passByLink(req) {
    return json(await linkedPass(await passToken(req)));
  },

  /** The pass's QR code as a PNG (a WhatsApp image message takes no SVG): the same code the pass page shows. */
  async passQr(req) {
    const { token } = await linkedPass(await passToken(req, 'pass-qr', PASS_QR_LIMIT));
    return {
      status: 200,
      binary: await qrPng(token),
      headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
    };
  },

  /** The open slots of a day for the booker's change of time on the pass page. */
  async passSlots(req) {
    const token = await passToken(req);
    return json(await linkedPassSlots(token, parseQuery(req, passSlotsQuerySchema).date));
  },

  /** The booker changes the time on the pass page (issue #32), by the rules of a carrier's own change. */
  async rescheduleByPass(req) {
    const token = await passToken(req);
    return json(await rescheduleByPassLink(token, parseBody(req, passRescheduleSchema)));
  },

  /** The booker cancels on the pass page, with a reason. */
  async cancelByPass(req) {
    const token = await passToken(req);
    await cancelByPassLink(token, parseBody(req, passCancelSchema).reason);
    return json({ cancelled: true });
  },
});

/** A pass link's token, after the per-address limit every pass-link route shares. */
async function passToken(req: ApiRequest, bucket = 'pass-link', limit = PASS_LINK_LIMIT): Promise<string> {
  await rateLimit(`${bucket}:${req.ip}`, limit, 'Too many attempts from this network. Please try again later.');
  const token = req.params.token ?? '';
  if (token.length > 64) throw new NotFoundError(PASS_LINK_MESSAGES.invalid);
  return token;
}
