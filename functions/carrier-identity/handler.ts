// The carrier-identity function (issue #59): a platform carrier's registration, sign-in, people and
// hubs, and the hub's side of its links. Route permissions are the route table's (shared/routes).
import {
  actorOf,
  json,
  parseBody,
  parseQuery,
  pathId,
  requireUser,
  sessionCookies,
  validate,
  type ApiRequest,
} from '../lib/http';
import { defineFunction } from '../api';
import { ForbiddenError } from '../lib/errors';
import { deleteSession } from '../auth';
import { signInCodeRequestSchema, signInCodeSchema } from '../../shared/contracts/auth';
import { userLanguageSchema } from '../../shared/contracts/users';
import { cancelAppointmentSchema } from '../../shared/contracts/appointments';
import { rescheduleInputSchema } from '../../shared/contracts/reschedules';
import {
  carrierDriverInputSchema,
  carrierInvitationSchema,
  carrierRegistrationSchema,
  carrierUserInputSchema,
  linkApprovalSchema,
  linkRequestSchema,
  networkBookingBodySchema,
  networkBookingSchema,
  networkBookingsQuerySchema,
} from '../../shared/contracts/carrier-identity';
import { normalizePhone } from '../users';
import {
  addPerson,
  getIdentity,
  getPerson,
  listHubLinks,
  listPeople,
  removePerson,
  setPersonLanguage,
} from './identity.store';
import { carrierSessionUser, requestPersonCode, resolveCarrierSession, signInPerson } from './session';
import {
  acceptInvitation,
  approveRequest,
  askToLink,
  inviteCarrier,
  listInvitations,
  registerCarrier,
  unlinkCarrier,
} from './links';
import { askReschedule, book, cancelBooking, listBookings, myHubs, wallet } from './network';
import { eraseAtEveryHub, exportFromEveryHub } from './rights';
import { carrierIdentityRoutes } from '../../shared/routes/carrier-identity';

const signedIn = (req: ApiRequest) => {
  const r = requireUser(req);
  return { ...r, identityId: r.user.carrierId!, who: { actor: actorOf(r), ip: req.ip } };
};

/** The site the request came through, for the link in the invitation's SMS (the SPA is served from the same host). */
function siteOrigin(req: ApiRequest) {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  return `${/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https'}://${host}`;
}

export const { handler, actions, routes } = defineFunction('carrier-identity', carrierIdentityRoutes, {
  async register(req) {
    const { identity, person } = await registerCarrier(parseBody(req, carrierRegistrationSchema), req.ip);
    return json({ identity, person }, 201);
  },

  /** Always the same neutral answer (auth's code flow): whether the number is a carrier's is not told. */
  async requestCode(req) {
    return json(await requestPersonCode(parseBody(req, signInCodeRequestSchema).phoneNumber, req.ip));
  },

  async verifyCode(req) {
    const { token, maxAgeSeconds } = await signInPerson(parseBody(req, signInCodeSchema), req.ip);
    if (req.session) await deleteSession(req.session.token);
    const user = (await resolveCarrierSession(token))?.user ?? null;
    return json({ user }, 200, { cookies: sessionCookies(token, maxAgeSeconds, user) });
  },

  async me(req) {
    const { identityId, user } = signedIn(req);
    const [identity, person] = await Promise.all([getIdentity(identityId), getPerson(identityId, user.id)]);
    // A hub's session is no platform carrier's.
    if (user.userType !== 'carrier_identity' || !identity || !person) throw new ForbiddenError();
    return json({ identity, person, user: carrierSessionUser(person) });
  },

  /** The person's own language (the screens' language switch): their screens and their messages follow it. */
  async setLanguage(req) {
    const { identityId, user, who } = signedIn(req);
    if (user.userType !== 'carrier_identity') throw new ForbiddenError();
    const { language } = parseBody(req, userLanguageSchema);
    const person = await setPersonLanguage(identityId, user.id, language, who.actor);
    return json({ language: person.language });
  },

  async listPeople(req) {
    return json(await listPeople(signedIn(req).identityId));
  },

  async addDispatcher(req) {
    const { identityId, who } = signedIn(req);
    const input = parseBody(req, carrierUserInputSchema);
    const phoneNumber = normalizePhone(input.phoneNumber)!;
    return json(await addPerson(identityId, { ...input, phoneNumber }, who.actor), 201);
  },

  async removePerson(req) {
    const { identityId, who } = signedIn(req);
    await removePerson(identityId, pathId(req, 'personId', 'Person'), who.actor);
    return json(undefined, 204);
  },

  async listDrivers(req) {
    return json((await listPeople(signedIn(req).identityId)).filter((p) => p.role === 'driver'));
  },

  async addDriver(req) {
    const { identityId, who } = signedIn(req);
    const input = parseBody(req, carrierDriverInputSchema);
    const phoneNumber = normalizePhone(input.phoneNumber)!;
    return json(await addPerson(identityId, { ...input, phoneNumber, role: 'driver' }, who.actor), 201);
  },

  async listInvitations(req) {
    return json(await listInvitations(signedIn(req).identityId));
  },

  async acceptInvitation(req) {
    const { identityId, who } = signedIn(req);
    return json(await acceptInvitation(identityId, pathId(req, 'hubId', 'Invitation'), who));
  },

  async askToLink(req) {
    const { identityId, who } = signedIn(req);
    return json(await askToLink(identityId, parseBody(req, linkRequestSchema), who), 201);
  },

  async myHubs(req) {
    return json(await myHubs(signedIn(req).user));
  },

  async listBookings(req) {
    return json(await listBookings(signedIn(req).user, parseQuery(req, networkBookingsQuerySchema)));
  },

  async book(req) {
    const { user } = signedIn(req);
    const body = parseBody(req, networkBookingBodySchema);
    const hubId = pathId(req, 'hubId', 'Hub');
    return json(await book(user, hubId, body, (b) => validate(networkBookingSchema, b)), 201);
  },

  async cancelBooking(req) {
    const { user } = signedIn(req);
    const reason = () => parseBody(req, cancelAppointmentSchema).reason;
    return json(await cancelBooking(user, pathId(req, 'hubId', 'Hub'), pathId(req, 'id', 'Appointment'), reason));
  },

  async rescheduleBooking(req) {
    const { user } = signedIn(req);
    const wish = () => parseBody(req, rescheduleInputSchema);
    return json(await askReschedule(user, pathId(req, 'hubId', 'Hub'), pathId(req, 'id', 'Appointment'), wish), 201);
  },

  async wallet(req) {
    return json(await wallet(signedIn(req).user));
  },

  /** Every linked hub holding the driver's data gets its own erasure request (each hub decides). */
  async askErasure(req) {
    const { user, who } = signedIn(req);
    return json(await eraseAtEveryHub(user, who.actor), 201);
  },

  async exportData(req) {
    return json(await exportFromEveryHub(signedIn(req).user));
  },

  // ---- the hub's side: the session's tenant is the hub.

  async hubLinks(req) {
    return json(await listHubLinks(requireUser(req).user.tenantId));
  },

  async invite(req) {
    const { user, who } = signedIn(req);
    const input = parseBody(req, carrierInvitationSchema);
    return json(await inviteCarrier(user.tenantId, input, { ...who, origin: siteOrigin(req) }), 201);
  },

  async approveRequest(req) {
    const { user, who } = signedIn(req);
    const { carrierId } = parseBody(req, linkApprovalSchema);
    return json(await approveRequest(user.tenantId, pathId(req, 'identityId', 'Link request'), carrierId, who));
  },

  async unlink(req) {
    const { user, who } = signedIn(req);
    await unlinkCarrier(user.tenantId, pathId(req, 'identityId', 'Carrier'), who);
    return json({ message: 'Carrier unlinked' });
  },
});
