// Sessions: sign in, sign out, who am I (spec doc 1 §7; doc 3 test page).
import { defineFunction, json, parseBody, requireUser, sessionCookie, clearedSessionCookie, type ApiRequest } from '../lib/http';
import { loginSchema } from '../../shared/contracts/auth';
import { signIn, signOut } from './service';
import { deleteSession } from '../repositories/sessions';

export const { handler, actions } = defineFunction('auth', {
  async login(req: ApiRequest) {
    const input = parseBody(req, loginSchema);
    const { user, token, maxAgeSeconds } = await signIn(input, req.ip);
    // A sign-in replaces the session this browser had (the test page switches accounts this way).
    if (req.session) await deleteSession(req.session.token);
    return json({ user }, 200, { cookies: [sessionCookie(token, maxAgeSeconds)] });
  },

  async logout(req: ApiRequest) {
    if (req.session && req.user) await signOut(req.session, req.user, req.ip);
    return json({ message: 'Signed out' }, 200, { cookies: [clearedSessionCookie()] });
  },

  async currentUser(req: ApiRequest) {
    return json(requireUser(req).user);
  },
});
