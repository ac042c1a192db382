// The session: GET /api/auth/user (a 401 means signed out, silently), sign-in and sign-out.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole as userHasRole, NO_ACCESS, type Permission } from '@shared/roles';
import type { LoginInput, LoginResponse, SessionUser, SignInCodeInput } from '@shared/contracts/auth';
import { ApiError, api, isUnauthorized } from './api-client';
import { setLanguage } from './i18n';
import { forgetSignedInHint, signedInHint } from './signed-in-hint';

export { signedInHint };

export const SESSION_KEY = ['/api/auth/user'] as const;
const SESSION_REFRESH_MS = 30_000;
/** The pause between the 'Unauthorized' notice and the move to /login (spec: 500 ms). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** The device's offline store (IndexedDB), loaded when first used rather than with the first page. */
const offlineStore = () => import('./offline-store').then((module) => module.offlineStore);

/** Where a signed-in user's language choice is kept: a platform carrier's person (issue #59) on their
 * person record, which their messages follow too; everyone else on their user record. */
export const userLanguagePath = (user: Pick<SessionUser, 'userType'>) =>
  user.userType === 'carrier_identity' ? '/api/carrier-identity/me/language' : '/api/auth/user/language';

/** The signed-in user's own language choice follows them to this device: applied once per page load
 * and at sign-in (later switches on this page are sent to the user record by the language switch). */
let userLanguageApplied = false;
function applyUserLanguage(user: SessionUser | null) {
  if (!user || userLanguageApplied) return;
  userLanguageApplied = true;
  if (user.language) void setLanguage(user.language);
}

async function fetchSessionUser(): Promise<SessionUser | null> {
  // Signed out (no session cookie to send): no need to ask, and no 401 in the console. Offline, the
  // device's remembered user is still looked up below, so the driver app and the gate open offline.
  if (!signedInHint() && navigator.onLine) return null;
  try {
    const user = await api.get<SessionUser>('/api/auth/user', { headers: { 'Cache-Control': 'no-cache' } });
    applyUserLanguage(user);
    void offlineStore()
      .then((store) => store.rememberUser(user))
      .catch(() => undefined);
    return user;
  } catch (err) {
    if (isUnauthorized(err)) {
      forgetSignedInHint();
      await offlineStore()
        .then((store) => store.forgetUser())
        .catch(() => undefined);
    }
    // No answer at all (no network): the user this device last saw, so the driver app and the gate open
    // offline; the server still checks the session on every call once the network is back.
    if (!(err instanceof ApiError))
      return offlineStore()
        .then((store) => store.rememberedUser())
        .catch(() => null);
    return null; // any other failure also means "no user", without an error shown
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: fetchSessionUser,
  refetchInterval: SESSION_REFRESH_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  // Fresh for a few seconds: the shell, the guard and the screen each mount a session reader as a page
  // opens, and each would otherwise ask again (2 to 4 checks competing with the screen's own data).
  staleTime: 5_000,
});

export function useSession() {
  const { data, isLoading } = useQuery(sessionQueryOptions);
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: Boolean(user),
    hasRole: (role: string) => userHasRole(user, role),
    hasPermission: (permission: Permission) => Boolean(user?.permissions.includes(permission)),
    canAccess: user?.canAccess ?? NO_ACCESS,
  };
}

/** A sign-in's mutation: the session it starts is cached, and the user's own language applied. */
export function useSessionStart<I>(mutationFn: (input: I) => Promise<LoginResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async ({ user }) => {
      userLanguageApplied = false;
      applyUserLanguage(user);
      queryClient.setQueryData(SESSION_KEY, user);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

export const useLogin = () => useSessionStart((input: LoginInput) => api.post<LoginResponse>('/api/auth/login', input));

/** Sign-in by mobile number and one-time code (issue #32): the session starts as with a password. */
export const useCodeLogin = () =>
  useSessionStart((input: SignInCodeInput) => api.post<LoginResponse>('/api/auth/mobile-code/verify', input));

/** Signs out: the cached user is cleared first; the browser leaves even if the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async (destination: '/' | '/login' = '/') => {
    queryClient.setQueryData(SESSION_KEY, null);
    await offlineStore()
      .then((store) => store.forgetUser())
      .catch(() => undefined);
    try {
      await api.post('/api/auth/logout');
    } finally {
      queryClient.clear();
      window.location.assign(destination);
    }
  };
}

/** First name, then email, then the given fallback ('User'). */
export function displayName(user: SessionUser | null, fallback: string): string {
  return user?.firstName || user?.email || fallback;
}
