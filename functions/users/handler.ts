// Registration (documents to S3, then the account) and user administration.
import { recordConsent } from '../consent';
import * as z from 'zod/mini';
import { actorOf, json, parseBody, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { config } from '../lib/config';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { rateLimit } from '../lib/throttle';
import { presignDownload, presignUpload } from './documents';
import { getUser, listUsers } from './user.store';
import { facilityForRequest } from '../facilities';
import {
  approveSchema,
  registerRequestSchema,
  rejectSchema,
  uploadRequestSchema,
  userLanguageSchema,
} from '../../shared/contracts/users';
import { setUserLanguage } from './language';
import { adminView, register, verifyEmail } from './service';
import { approveUser, rejectUser } from './approval';
import { usersRoutes } from '../../shared/routes/users';

export const REGISTRATION_LIMITS = {
  uploads: { limit: 40, windowSeconds: 3600 },
  registrations: { limit: 10, windowSeconds: 3600 },
  verifications: { limit: 20, windowSeconds: 3600 },
};
const TOO_MANY = 'Too many attempts from this network. Please try again later.';

/** The tenant of the registration link's facility; without a link only the demo's default applies. */
async function tenantOfLink(req: ApiRequest, facility: string | undefined) {
  if (!facility && !config.guestFacility)
    throw new BadRequestError(TENANCY_TEXTS.registrationNeedsLink, { facility: TENANCY_TEXTS.registrationNeedsLink });
  return (await facilityForRequest({ ...req, user: null, query: { facility: facility ?? '' } })).tenantId;
}

export const { handler, actions, routes } = defineFunction('users', usersRoutes, {
  async requestUpload(req) {
    await rateLimit(`register-upload:${req.ip}`, REGISTRATION_LIMITS.uploads, TOO_MANY);
    const input = parseBody(req, uploadRequestSchema);
    return json(await presignUpload(input.contentType), 201);
  },

  async register(req) {
    await rateLimit(`register:${req.ip}`, REGISTRATION_LIMITS.registrations, TOO_MANY);
    const input = parseBody(req, registerRequestSchema);
    const tenantId = await tenantOfLink(req, input.facility);
    const registered = await register(tenantId, input);
    await recordConsent(tenantId, input.userData.phoneNumber, input.consent, 'driver_signup', null);
    return json(registered, 201);
  },

  async verifyEmail(req) {
    await rateLimit(`verify-email:${req.ip}`, REGISTRATION_LIMITS.verifications, TOO_MANY);
    const { email, code } = parseBody(
      req,
      z.strictObject({
        email: z.email('Please enter a valid email address'),
        code: z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
      }),
    );
    return json(await verifyEmail(email.toLowerCase(), code));
  },

  async listUsers(req) {
    const { user } = requireUser(req);
    return json((await listUsers(user.tenantId)).map(adminView));
  },

  async pendingRegistrations(req) {
    const { user } = requireUser(req);
    return json((await listUsers(user.tenantId)).filter((u) => u.status === 'pending').map(adminView));
  },

  async approveUser(req) {
    const signedIn = requireUser(req);
    const request = parseBody(req, approveSchema);
    const { user, link } = await approveUser(
      signedIn.user.tenantId,
      pathId(req, 'userId', 'User'),
      { ...actorOf(signedIn), permissions: signedIn.user.permissions },
      request,
    );
    return json({ ...adminView(user), link });
  },

  async rejectUser(req) {
    const signedIn = requireUser(req);
    const { reason, revision } = parseBody(req, rejectSchema);
    return json(
      adminView(
        await rejectUser(signedIn.user.tenantId, pathId(req, 'userId', 'User'), reason, actorOf(signedIn), revision),
      ),
    );
  },

  /** A short-lived link to one of a user's documents, for the administrator reviewing it. */
  async setLanguage(req) {
    const signedIn = requireUser(req);
    const { language } = parseBody(req, userLanguageSchema);
    // A member acting in another organisation keeps one user record: the one of their home tenant.
    const tenantId = signedIn.session.homeTenantId ?? signedIn.user.tenantId;
    return json(await setUserLanguage(tenantId, signedIn.session.userId, language, actorOf(signedIn)));
  },

  async userDocument(req) {
    const { user } = requireUser(req);
    const target = await getUser(user.tenantId, pathId(req, 'userId', 'User'));
    const document = target?.documents?.find((d) => d.documentType === req.params.documentType);
    if (!target || !document) throw new NotFoundError('Document not found');
    return json({
      url: await presignDownload(document.key, `${document.documentType}.${document.key.split('.').pop()}`),
      contentType: document.contentType,
    });
  },
});
