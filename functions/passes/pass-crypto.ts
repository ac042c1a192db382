// The gate pass's cryptography (jose: ES256 keys, signing and verifying), built as a side bundle
// beside the functions that issue or verify passes (PASS_CRYPTO in crypto.ts; lib/bundling.ts): it
// loads with the first pass a container signs or reads, not with every cold start of the functions
// that can (appointments, carrier-identity, the chat's inbox, the gate...). One source for the rules:
// signing and verifying are shared/gate-pass.ts's, as on the gate's device.
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { GATE_PASS_ALG } from '../../shared/gate-pass';

export { signGatePass, verifyGatePass } from '../../shared/gate-pass';

/** A new ES256 key pair for a facility's passes, as JWKs (the private one is sealed by the caller). */
export async function newPassKeyPair(): Promise<{ publicJwk: JWK; privateJwk: JWK }> {
  const pair = await generateKeyPair(GATE_PASS_ALG, { extractable: true });
  return { publicJwk: await exportJWK(pair.publicKey), privateJwk: await exportJWK(pair.privateKey) };
}
