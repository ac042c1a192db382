// Sessions: sign in, sign out, who am I.
import { json, parseBody, requireUser, sessionCookies, clearedSessionCookies, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { config } from '../lib/config';
import { loginSchema, signInCodeRequestSchema, signInCodeSchema } from '../../shared/contracts/auth';
import { requestSignInCode, signInWithCode } from './sign-in-code';
import { signIn, signOut, switchTenant } from './service';
import { resolveSession } from './resolve-session';
import { switchTenantSchema } from '../../shared/contracts/tenancy';
import { deleteSession } from './session.store';
import { authRoutes } from '../../shared/routes/auth';

/** The browser's known-device token: kept across sign-outs, sent only to the sign-in calls. */
export const DEVICE_COOKIE = 'dy_device';
const deviceCookie = (token: string, maxAgeSeconds: number) =>
  `${DEVICE_COOKIE}=${token}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${config.secureCookies ? '; Secure' : ''}`;

export const { handler, actions, routes } = defineFunction('auth', authRoutes, {
  async login(req: ApiRequest) {
    const input = parseBody(req, loginSchema);
    const { user, token, maxAgeSeconds, device } = await signIn(input, req.ip, req.cookies[DEVICE_COOKIE]);
    // A sign-in replaces the session this browser had (the test page switches accounts this way).
    if (req.session) await deleteSession(req.session.token);
    // The user as every later request sees it (what its tenant allows, a sign-up's pending code).
    const resolved = await resolveSession(token);
    return json({ user: resolved?.user ?? user }, 200, {
      cookies: [...sessionCookies(token, maxAgeSeconds, user), deviceCookie(device.token, device.maxAgeSeconds)],
    });
  },

  /** Always the same neutral answer: whether the number has an account is not told. */
  async requestSignInCode(req: ApiRequest) {
    const { phoneNumber } = parseBody(req, signInCodeRequestSchema);
    return json(await requestSignInCode(phoneNumber, req.ip));
  },

  async signInWithCode(req: ApiRequest) {
    const { token, maxAgeSeconds } = await signInWithCode(parseBody(req, signInCodeSchema), req.ip);
    if (req.session) await deleteSession(req.session.token);
    const resolved = await resolveSession(token);
    const user = resolved?.user ?? null;
    return json({ user }, 200, { cookies: sessionCookies(token, maxAgeSeconds, user) });
  },

  async logout(req: ApiRequest) {
    if (req.session && req.user) await signOut(req.session, req.user, req.ip);
    return json({ message: 'Signed out' }, 200, { cookies: clearedSessionCookies() });
  },

  async currentUser(req: ApiRequest) {
    return json(requireUser(req).user);
  },

  /** One login, several hubs: the session moves to another tenant the login belongs to. */
  async switchTenant(req: ApiRequest) {
    const { session, user } = requireUser(req);
    const { tenantId } = parseBody(req, switchTenantSchema);
    const next = await switchTenant(session, user, tenantId, req.ip);
    const resolved = await resolveSession(next.token);
    const switched = resolved?.user ?? null;
    return json({ user: switched }, 200, { cookies: sessionCookies(next.token, next.maxAgeSeconds, switched) });
  },
});
