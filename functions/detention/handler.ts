// Dwell and detention (issue #57): a facility's detention terms (admin), a truck's detention (staff,
// and the carrier whose truck it is), the events and corrections staff record on its timeline, its
// evidence pack as CSV and PDF, and the public check of a pack's code (no session: whoever holds the paper);
// a carrier's monthly statements (staff issue, answer and close them; its carrier's office reads and
// disputes them), as JSON, CSV and PDF.
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
  statementAnswerSchema,
  statementCloseSchema,
  statementDisputeSchema,
  statementIssueSchema,
  statementListQuerySchema,
} from '../../shared/contracts/detention';
import { answerDispute, assertDisputer, closeStatement, disputeLine } from './disputes';
import { statementCsv } from './statement';
import { findStatement, issueStatement, listStatements, statementView } from './statements';
import { evidenceCsv } from './evidence';
import { evidencePdf, statementPdf } from './pdf-bundle';
import { correctEvent, recordEvent } from './entries';
import { issueEvidence, verifyEvidence } from './issue';
import { detentionTermsView, saveDetentionTerms } from './terms';
import { detentionView, truckOf } from './truck';
import { detentionRoutes } from '../../shared/routes/detention';

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

const statementId = (req: ApiRequest) => pathId(req, 'id', 'Statement');
const lineId = (req: ApiRequest) => pathId(req, 'appointmentId', 'Statement line');

const download = (name: string, contentType: string, body: { raw: string } | { binary: Buffer }): ApiResult => ({
  status: 200,
  ...body,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${name}"` },
});

export const { handler, actions, routes } = defineFunction('detention', detentionRoutes, {
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
    // A read: the detention events are the worker's (watch.ts), never sent from here.
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

  async issueStatement(req) {
    const { user } = requireUser(req);
    return json(await issueStatement(user, parseBody(req, statementIssueSchema)), 201);
  },

  async listStatements(req) {
    const { user } = requireUser(req);
    return json(await listStatements(user, parseQuery(req, statementListQuerySchema)));
  },

  async getStatement(req) {
    const { user } = requireUser(req);
    return json(statementView(await findStatement(user, statementId(req))));
  },

  async statementCsv(req) {
    const { user } = requireUser(req);
    const s = statementView(await findStatement(user, statementId(req)));
    return download(`detention-statement-${s.number}.csv`, 'text/csv; charset=utf-8', { raw: statementCsv(s) });
  },

  async statementPdf(req) {
    const { user } = requireUser(req);
    const s = statementView(await findStatement(user, statementId(req)));
    const pdf = await statementPdf(s);
    return download(`detention-statement-${s.number}.pdf`, 'application/pdf', { binary: Buffer.from(pdf) });
  },

  async disputeLine(req) {
    const { user } = requireUser(req);
    assertDisputer(user);
    const input = parseBody(req, statementDisputeSchema);
    return json(await disputeLine(user, statementId(req), lineId(req), input), 201);
  },

  async answerDispute(req) {
    const { user } = requireUser(req);
    const input = parseBody(req, statementAnswerSchema);
    return json(await answerDispute(user, statementId(req), lineId(req), input));
  },

  async closeStatement(req) {
    const { user } = requireUser(req);
    return json(await closeStatement(user, statementId(req), parseBody(req, statementCloseSchema)));
  },

  async verifyEvidence(req) {
    await rateLimit(`verify:${req.ip}`, VERIFY_LIMIT, 'Too many attempts from this network. Please try again later.');
    return json(await verifyEvidence((req.params.hash ?? '').toLowerCase()));
  },
});
