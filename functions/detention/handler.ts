// Dwell and detention (issue #57): a facility's detention terms (admin), a truck's detention (staff,
// and the carrier whose truck it is), the events and corrections staff record on its timeline, its
// evidence pack as CSV and PDF, and the public check of a pack's code (no session: whoever holds the paper).
import {
  actorOf,
  json,
  parseBody,
  parseQuery,
  pathId,
  requireUser,
  type ApiRequest,
  type ApiResult,
} from '../lib/http';
import { appOrigin } from '../lib/signed-link';
import { rateLimit } from '../lib/throttle';
import { defineFunction } from '../api';
import { resolveFacility } from '../facilities';
import { findAppointment } from '../appointments';
import {
  detentionCorrectionSchema,
  detentionEventSchema,
  detentionTermsQuerySchema,
  detentionTermsSaveSchema,
} from '../../shared/contracts/detention';
import { evidenceCsv, evidencePdf } from './evidence';
import { correctEvent, recordEvent } from './entries';
import { issueEvidence, verifyEvidence } from './issue';
import { detentionTermsView, saveDetentionTerms } from './terms';
import { detentionView, truckOf } from './truck';

/** A code on a paper is typed in by hand: a few tries a minute per address is plenty, a guesser is stopped. */
export const VERIFY_LIMIT = { limit: 30, windowSeconds: 60 };

/** The appointment of the path, if the user may see it (another carrier's, another tenant's: not found). */
async function truckRequest(req: ApiRequest) {
  const { user } = requireUser(req);
  return { user, appointment: await findAppointment(user, pathId(req, 'id', 'Appointment')) };
}

/** The public address a pack's code is checked at: the SPA's origin, else the host the request came to. */
function verifyUrl(req: ApiRequest, hash: string): string {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  const origin = appOrigin() ?? `${/^(localhost|127\.)/.test(host) ? 'http' : 'https'}://${host}`;
  return `${origin}/verify/${hash}`;
}

const download = (name: string, contentType: string, body: { raw: string } | { binary: Buffer }): ApiResult => ({
  status: 200,
  ...body,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${name}"` },
});

export const { handler, actions } = defineFunction('detention', {
  async getTerms(req) {
    const { user } = requireUser(req);
    const { facilityId } = parseQuery(req, detentionTermsQuerySchema);
    const facility = await resolveFacility(user.tenantId, facilityId || 'default');
    return json(await detentionTermsView(user.tenantId, facility.id));
  },

  async saveTerms(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseQuery(req, detentionTermsQuerySchema);
    const input = parseBody(req, detentionTermsSaveSchema);
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId || 'default');
    return json(await saveDetentionTerms(signedIn.user.tenantId, facility.id, actorOf(signedIn), input));
  },

  async truckDetention(req) {
    const { appointment } = await truckRequest(req);
    return json(detentionView(await truckOf(appointment)));
  },

  async recordEvent(req) {
    const { user, appointment } = await truckRequest(req);
    return json(await recordEvent(user, appointment, parseBody(req, detentionEventSchema)), 201);
  },

  async correctEvent(req) {
    const { user, appointment } = await truckRequest(req);
    return json(await correctEvent(user, appointment, parseBody(req, detentionCorrectionSchema)), 201);
  },

  async evidenceCsv(req) {
    const { user, appointment } = await truckRequest(req);
    const { pack, hash } = await issueEvidence(user, appointment);
    const csv = evidenceCsv(pack, verifyUrl(req, hash));
    return download(`detention-${pack.bookingReference}.csv`, 'text/csv; charset=utf-8', { raw: csv });
  },

  async evidencePdf(req) {
    const { user, appointment } = await truckRequest(req);
    const { pack, hash } = await issueEvidence(user, appointment);
    const pdf = await evidencePdf(pack, verifyUrl(req, hash));
    return download(`detention-${pack.bookingReference}.pdf`, 'application/pdf', { binary: Buffer.from(pdf) });
  },

  async verifyEvidence(req) {
    await rateLimit(`verify:${req.ip}`, VERIFY_LIMIT, 'Too many attempts from this network. Please try again later.');
    return json(await verifyEvidence((req.params.hash ?? '').toLowerCase()));
  },
});
