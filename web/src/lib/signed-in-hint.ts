// What the session's readable companion cookie says (set and cleared by the server beside the session
// cookie, functions/lib/http.ts). Free of the app's other modules: the static landing page's script
// (features/landing/static-landing.ts) reads it too.
import { SIGNED_IN_COOKIE, signedInHintOf } from '@shared/navigation';

/**
 * Null when this browser holds no session. Only a hint for speed: the server still decides who is
 * signed in on every call.
 */
export function signedInHint(): 'driver' | 'staff' | null {
  return signedInHintOf(document.cookie);
}

export function forgetSignedInHint() {
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
