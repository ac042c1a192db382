// Gate passes (issue #31): a confirmed appointment's pass is a compact JWS (ES256, `jose`) behind a
// "DSGP1." prefix, signed with its facility's key and verified with no network on the gate's device
// (WebCrypto) and on the server alike, by this one module. The key id is in the header; the public
// keys of a facility are a JWKS-style list; a revocation names an appointment and the pass versions
// it revokes (a reschedule revokes the versions before it, a cancellation all of them).
import { CompactSign, base64url, compactVerify, importJWK, type JWK } from 'jose';
import { localDateTime } from './time';

export const GATE_PASS_PREFIX = 'DSGP1.';
export const GATE_PASS_ALG = 'ES256';
const PASS_TYPE = 'dsgp+jwt';

/** What a pass says: the appointment (and its version), the facility, the vehicle, the day and window. */
export interface GatePassClaims {
  apt: string;
  ver: number;
  ref: string;
  fac: string;
  fnm: string;
  tz: string;
  veh: string;
  day: string;
  ws: string;
  we: string;
  nbf: number;
  exp: number;
}

// Each claim's rule; a pass holds exactly these. Written out rather than as a zod schema: the gate's
// device verifies passes on its first screen, and zod was half of that screen's code (issue #34).
const text =
  (min: number, max: number, pattern?: RegExp) =>
  (v: unknown): boolean =>
    typeof v === 'string' && v.length >= min && v.length <= max && (!pattern || pattern.test(v));
const whole =
  (min = Number.NEGATIVE_INFINITY) =>
  (v: unknown): boolean =>
    Number.isInteger(v) && (v as number) >= min;
const CLAIM_RULES: Record<keyof GatePassClaims, (v: unknown) => boolean> = {
  apt: text(1, 64),
  ver: whole(0),
  ref: text(0, 40),
  fac: text(1, 64),
  fnm: text(0, 200),
  tz: text(1, 64),
  veh: text(0, 40),
  day: text(10, 10, /^\d{4}-\d{2}-\d{2}$/),
  ws: text(5, 5, /^\d{2}:\d{2}$/),
  we: text(5, 5, /^\d{2}:\d{2}$/),
  nbf: whole(),
  exp: whole(),
};
const CLAIMS = Object.keys(CLAIM_RULES) as (keyof GatePassClaims)[];

/** The claims of a pass, in their order, if `value` holds exactly the claims and each keeps its rule; throws otherwise. */
export function parseGatePassClaims(value: unknown): GatePassClaims {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('Gate pass claims: not an object');
  const given = value as Record<string, unknown>;
  const keys = Object.keys(given);
  const unknown = keys.find((k) => !Object.hasOwn(CLAIM_RULES, k));
  if (unknown !== undefined) throw new Error(`Gate pass claims: unknown claim ${unknown}`);
  const broken = CLAIMS.find((claim) => !CLAIM_RULES[claim](given[claim]));
  if (broken !== undefined) throw new Error(`Gate pass claims: ${broken} is missing or out of its rule`);
  return Object.fromEntries(CLAIMS.map((claim) => [claim, given[claim]])) as unknown as GatePassClaims;
}

/** A public key as the gate caches it: a JWK with its key id. */
export type GatePassKey = JWK & { kid: string };

/** Passes of `apt` up to version `upTo` are revoked; `upTo` null revokes every version (cancelled). */
export interface GatePassRevocation {
  apt: string;
  upTo: number | null;
}

export type GatePassRefusal =
  | { ok: false; reason: 'not_a_pass' }
  | { ok: false; reason: 'forged' }
  | { ok: false; reason: 'wrong_facility'; pass: GatePassClaims }
  | { ok: false; reason: 'revoked'; pass: GatePassClaims }
  | { ok: false; reason: 'wrong_day'; pass: GatePassClaims }
  | { ok: false; reason: 'not_yet_valid'; pass: GatePassClaims; opensAt: string }
  | { ok: false; reason: 'expired'; pass: GatePassClaims };
export type GatePassCheck = { ok: true; pass: GatePassClaims } | GatePassRefusal;
export type GatePassReason = GatePassRefusal['reason'];

export async function signGatePass(claims: GatePassClaims, privateKey: JWK & { kid: string }): Promise<string> {
  const key = await importJWK(privateKey, GATE_PASS_ALG);
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(parseGatePassClaims(claims))))
    .setProtectedHeader({ alg: GATE_PASS_ALG, kid: privateKey.kid, typ: PASS_TYPE })
    .sign(key);
  return GATE_PASS_PREFIX + jws;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A base64url segment decoding to bytes that encode back to it exactly (no spare bits altered). */
function canonical(segment: string): boolean {
  if (!SEGMENT.test(segment)) return false;
  try {
    return base64url.encode(base64url.decode(segment)) === segment;
  } catch {
    return false;
  }
}

const importedKeys = new WeakMap<GatePassKey, ReturnType<typeof importJWK>>();
const imported = (key: GatePassKey) => {
  let found = importedKeys.get(key);
  if (!found) importedKeys.set(key, (found = importJWK(key, GATE_PASS_ALG)));
  return found;
};

export interface GatePassContext {
  /** The facility's public keys (the gate's cached list). */
  keys: readonly GatePassKey[];
  revocations: readonly GatePassRevocation[];
  /** The facility the gate stands at. */
  facilityId: string;
  now: Date;
}

/**
 * Reads a scanned code: not a pass at all, forged or damaged (bad signature, unknown key), for
 * another facility, revoked, for another day, too early (with the local time it opens) or expired.
 */
export async function verifyGatePass(code: string, ctx: GatePassContext): Promise<GatePassCheck> {
  const text = code.trim();
  if (!text.startsWith(GATE_PASS_PREFIX)) return { ok: false, reason: 'not_a_pass' };
  const jws = text.slice(GATE_PASS_PREFIX.length);
  const segments = jws.split('.');
  if (segments.length !== 3) return { ok: false, reason: 'not_a_pass' };
  if (!segments.every(canonical)) return { ok: false, reason: 'forged' };
  let claims: GatePassClaims;
  try {
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(segments[0]!))) as {
      alg?: unknown;
      kid?: unknown;
      typ?: unknown;
    };
    const key = ctx.keys.find((k) => k.kid === header.kid);
    if (header.alg !== GATE_PASS_ALG || header.typ !== PASS_TYPE || !key) return { ok: false, reason: 'forged' };
    const { payload } = await compactVerify(jws, await imported(key), { algorithms: [GATE_PASS_ALG] });
    claims = parseGatePassClaims(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (claims.fac !== ctx.facilityId) return { ok: false, reason: 'wrong_facility', pass: claims };
  if (ctx.revocations.some((r) => r.apt === claims.apt && (r.upTo === null || claims.ver <= r.upTo)))
    return { ok: false, reason: 'revoked', pass: claims };
  const seconds = Math.floor(ctx.now.getTime() / 1000);
  if (seconds >= claims.exp) return { ok: false, reason: 'expired', pass: claims };
  if (seconds < claims.nbf) {
    if (localDateTime(ctx.now, claims.tz).date < claims.day) return { ok: false, reason: 'wrong_day', pass: claims };
    return {
      ok: false,
      reason: 'not_yet_valid',
      pass: claims,
      opensAt: localDateTime(new Date(claims.nbf * 1000), claims.tz).time,
    };
  }
  return { ok: true, pass: claims };
}

/**
 * Why a pass is refused, in English: the server's answer and the gate screen's text alike (the
 * Hindi is the server-message catalogue's, shared/i18n/server-messages-hi.json).
 */
export function gatePassRefusalText(refusal: GatePassRefusal): string {
  switch (refusal.reason) {
    case 'not_a_pass':
      return 'Not a DockSaathi gate pass';
    case 'forged':
      return 'Forged or damaged gate pass: it was not signed by this facility';
    case 'wrong_facility':
      return `This gate pass is for ${refusal.pass.fnm}, not this facility`;
    case 'revoked':
      return 'This gate pass was revoked: its appointment was cancelled or rescheduled';
    case 'wrong_day':
      return `This gate pass is for ${refusal.pass.day}, not today`;
    case 'not_yet_valid':
      return `Too early: this gate pass opens at ${refusal.opensAt}`;
    case 'expired':
      return `This gate pass has expired: it was for ${refusal.pass.day}`;
  }
}
