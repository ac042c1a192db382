// Organisation sign-up, the tenant and its plan, memberships, invitations and facility links (issue #18).
import { actorOf, json, parseBody, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { NotFoundError } from '../lib/errors';
import { rateLimit } from '../lib/throttle';
import { config } from '../lib/config';
import {
  acceptInvitationSchema,
  emailCodeSchema,
  invitationSchema,
  invitationTokenSchema,
  planSchema,
  resendCodeSchema,
  signupSchema,
  TENANCY_TEXTS,
} from '../../shared/contracts/tenancy';
import { resendSignupCode, signUp, verifySignup } from './signup';
import { acceptInvitation, invite, previewInvitation, revokeInvitation, tenantInvitations } from './invitations';
import { membershipsOfLogin } from './access';
import { facilityLinkDelivery, facilityLinkInfo, facilityLinkOf, rotateFacilityLink } from './facility-links';
import { getTenant } from './tenant.store';
import { choosePlan } from './plan';
import { tenantView } from './rules';
import { closeTenant, reopenTenant, tenantClosing } from './closing';
import { setupChecklist } from './setup-checklist';
import { closeTenantSchema } from '../../shared/contracts/privacy-export';
import { tenancyRoutes } from '../../shared/routes/tenancy';

export const TENANCY_LIMITS = {
  /** Sign-ups per client address: a flood from one address is refused before anything is written. */
  signups: { limit: 5, windowSeconds: 3600 },
  verifications: { limit: 20, windowSeconds: 3600 },
  invitationLinks: { limit: 30, windowSeconds: 15 * 60 },
  facilityLinks: { limit: 120, windowSeconds: 15 * 60 },
};

/** The site the request came through, for links in messages (the SPA is served from the same host). */
function siteOrigin(req: ApiRequest) {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  return `${/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https'}://${host}`;
}

export const { handler, actions, routes } = defineFunction('tenancy', tenancyRoutes, {
  async signup(req) {
    await rateLimit(`signup:${req.ip}`, TENANCY_LIMITS.signups, TENANCY_TEXTS.tooMany);
    return json(await signUp(parseBody(req, signupSchema), req.ip), 201);
  },

  async verifySignup(req) {
    await rateLimit(`signup-verify:${req.ip}`, TENANCY_LIMITS.verifications, TENANCY_TEXTS.tooMany);
    const { email, code } = parseBody(req, emailCodeSchema);
    return json(await verifySignup(email, code));
  },

  async resendSignupCode(req) {
    await rateLimit(`signup-verify:${req.ip}`, TENANCY_LIMITS.verifications, TENANCY_TEXTS.tooMany);
    return json(await resendSignupCode(parseBody(req, resendCodeSchema).email));
  },

  async currentTenant(req) {
    const { user } = requireUser(req);
    const tenant = await getTenant(user.tenantId);
    if (!tenant) throw new NotFoundError('Organisation not found');
    return json(tenantView(tenant));
  },

  /** Sets the plan (no payment): a tenant whose trial ended can change data again. Only the platform may (route permission platform:billing). */
  async setPlan(req) {
    const signedIn = requireUser(req);
    const { plan } = parseBody(req, planSchema);
    return json(await choosePlan(signedIn.user.tenantId, plan, actorOf(signedIn)));
  },

  async setupChecklist(req) {
    return json(await setupChecklist(requireUser(req).user.tenantId));
  },

  async closing(req) {
    return json(await tenantClosing(requireUser(req).user.tenantId));
  },

  async closeTenant(req) {
    const signedIn = requireUser(req);
    const { tenantName } = parseBody(req, closeTenantSchema);
    return json(await closeTenant(signedIn.user.tenantId, tenantName, actorOf(signedIn)));
  },

  async reopenTenant(req) {
    const signedIn = requireUser(req);
    return json(await reopenTenant(signedIn.user.tenantId, actorOf(signedIn)));
  },

  async memberships(req) {
    const { user, session } = requireUser(req);
    return json(await membershipsOfLogin(user.id, session.homeTenantId ?? session.tenantId, session.tenantId));
  },

  async listInvitations(req) {
    const { user } = requireUser(req);
    return json(await tenantInvitations(user.tenantId));
  },

  async createInvitation(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, invitationSchema);
    return json(await invite(signedIn.user.tenantId, input, actorOf(signedIn), siteOrigin(req)), 201);
  },

  async revokeInvitation(req) {
    const signedIn = requireUser(req);
    return json(await revokeInvitation(signedIn.user.tenantId, pathId(req, 'id', 'Invitation'), actorOf(signedIn)));
  },

  async previewInvitation(req) {
    await rateLimit(`invitation-link:${req.ip}`, TENANCY_LIMITS.invitationLinks, TENANCY_TEXTS.tooMany);
    return json(await previewInvitation(parseBody(req, invitationTokenSchema).token));
  },

  async acceptInvitation(req) {
    await rateLimit(`invitation-link:${req.ip}`, TENANCY_LIMITS.invitationLinks, TENANCY_TEXTS.tooMany);
    return json(await acceptInvitation(parseBody(req, acceptInvitationSchema)));
  },

  async facilityLink(req) {
    const { user } = requireUser(req);
    return json(await facilityLinkOf(user.tenantId, pathId(req, 'id', 'Facility')));
  },

  async rotateFacilityLink(req) {
    const signedIn = requireUser(req);
    return json(await rotateFacilityLink(signedIn.user.tenantId, pathId(req, 'id', 'Facility'), actorOf(signedIn)));
  },

  async facilityLinkInfo(req) {
    await rateLimit(`facility-link:${req.ip}`, TENANCY_LIMITS.facilityLinks, TENANCY_TEXTS.tooMany);
    // 'default' (too short to be a token) is the facility the landing page books without a link (issue #29.1).
    const token = req.params.token === 'default' ? (config.guestFacility ?? '') : (req.params.token ?? '');
    return json(await facilityLinkInfo(token));
  },

  /** How a guest booking's confirmation went (issue #53), asked by the guest's page until it is sent or not sent. */
  async facilityLinkDelivery(req) {
    await rateLimit(`facility-link:${req.ip}`, TENANCY_LIMITS.facilityLinks, TENANCY_TEXTS.tooMany);
    const token = req.params.token === 'default' ? (config.guestFacility ?? '') : (req.params.token ?? '');
    const reference = (req.params.reference ?? '').slice(0, 40);
    return json(await facilityLinkDelivery(token, reference));
  },
});
