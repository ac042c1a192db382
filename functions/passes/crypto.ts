// The gate pass's cryptography, from its side bundle (pass-crypto.ts): loaded on the first pass a
// function signs or verifies; from source in the tests and the local stack.
import { loadSideBundle, type SideBundle } from '../lib/side-bundle';

export const PASS_CRYPTO: SideBundle = { source: 'functions/passes/pass-crypto.ts', bundled: 'pass-crypto.cjs' };

type Crypto = typeof import('./pass-crypto');
const crypto = () => loadSideBundle<Crypto>(PASS_CRYPTO);

/** A pass signed with a facility's private key (shared/gate-pass.ts signGatePass). */
export const signGatePass = async (...args: Parameters<Crypto['signGatePass']>) =>
  (await crypto()).signGatePass(...args);
/** A pass read with a facility's keys and revocations (shared/gate-pass.ts verifyGatePass). */
export const verifyGatePass = async (...args: Parameters<Crypto['verifyGatePass']>) =>
  (await crypto()).verifyGatePass(...args);
/** A new ES256 key pair, as JWKs. */
export const newPassKeyPair = async () => (await crypto()).newPassKeyPair();
