// The gate pass format and every refusal of its verification (issue #31), on the device and server alike.
import { describe, expect, it, beforeAll } from 'vitest';
import fc from 'fast-check';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import {
  parseGatePassClaims,
  signGatePass,
  verifyGatePass,
  type GatePassClaims,
  type GatePassKey,
} from '../../shared/gate-pass';

const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

// A pass for 12 Mar 2026 09:00-10:00 at Bhiwandi (IST): valid from 07:00 that day to its midnight.
const CLAIMS: GatePassClaims = {
  apt: 'appt-1',
  ver: 0,
  ref: 'DS-7K2M9Q',
  fac: 'fac-bhiwandi',
  fnm: 'Bhiwandi Hub',
  tz: 'Asia/Kolkata',
  veh: 'MH04AB1234',
  day: '2026-03-12',
  ws: '09:00',
  we: '10:00',
  nbf: Date.parse('2026-03-12T01:30:00Z') / 1000,
  exp: Date.parse('2026-03-12T18:30:00Z') / 1000,
};

let privateKey: JWK & { kid: string };
let publicKey: GatePassKey;
let otherPrivate: JWK & { kid: string };
let token: string;

async function keyPair(kid: string) {
  const pair = await generateKeyPair('ES256', { extractable: true });
  return { priv: { ...(await exportJWK(pair.privateKey)), kid }, pub: { ...(await exportJWK(pair.publicKey)), kid } };
}

beforeAll(async () => {
  const a = await keyPair('k1');
  privateKey = a.priv;
  publicKey = a.pub;
  otherPrivate = (await keyPair('k1')).priv; // same key id, another key: a forger's
  token = await signGatePass(CLAIMS, privateKey);
});

const at = (now: Date, extra: Partial<Parameters<typeof verifyGatePass>[1]> = {}) => ({
  keys: [publicKey],
  revocations: [],
  facilityId: 'fac-bhiwandi',
  now,
  ...extra,
});

describe('gate pass', () => {
  it('is a prefixed compact JWS whose header names ES256, its key and the pass type', () => {
    expect(token.startsWith('DSGP1.')).toBe(true);
    const [header] = token.slice(6).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: 'k1',
      typ: 'dsgp+jwt',
    });
  });

  it('verifies at the gate from 07:00 to 23:59 of its day', async () => {
    expect(await verifyGatePass(token, at(ist('2026-03-12', '07:00')))).toEqual({ ok: true, pass: CLAIMS });
    expect(await verifyGatePass(token, at(ist('2026-03-12', '23:59')))).toEqual({ ok: true, pass: CLAIMS });
  });

  it('is too early before 07:00 on its day, saying when it opens', async () => {
    expect(await verifyGatePass(token, at(ist('2026-03-12', '06:59')))).toEqual({
      ok: false,
      reason: 'not_yet_valid',
      pass: CLAIMS,
      opensAt: '07:00',
    });
  });

  it('is for another day on an earlier day, even a minute before IST midnight', async () => {
    expect(await verifyGatePass(token, at(ist('2026-03-11', '23:59')))).toEqual({
      ok: false,
      reason: 'wrong_day',
      pass: CLAIMS,
    });
  });

  it('has expired from IST midnight after its day', async () => {
    expect(await verifyGatePass(token, at(ist('2026-03-13', '00:00')))).toEqual({
      ok: false,
      reason: 'expired',
      pass: CLAIMS,
    });
  });

  it('is refused at another facility, naming its own', async () => {
    expect(await verifyGatePass(token, at(ist('2026-03-12', '09:00'), { facilityId: 'fac-other' }))).toEqual({
      ok: false,
      reason: 'wrong_facility',
      pass: CLAIMS,
    });
  });

  it('is revoked when its appointment is cancelled or its version rescheduled, not by a later version', async () => {
    const nine = ist('2026-03-12', '09:00');
    expect(await verifyGatePass(token, at(nine, { revocations: [{ apt: 'appt-1', upTo: null }] }))).toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    expect(await verifyGatePass(token, at(nine, { revocations: [{ apt: 'appt-1', upTo: 0 }] }))).toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    const rescheduled = await signGatePass({ ...CLAIMS, ver: 1 }, privateKey);
    expect(await verifyGatePass(rescheduled, at(nine, { revocations: [{ apt: 'appt-1', upTo: 0 }] }))).toMatchObject({
      ok: true,
    });
    expect(await verifyGatePass(token, at(nine, { revocations: [{ apt: 'appt-2', upTo: null }] }))).toMatchObject({
      ok: true,
    });
  });

  it('is forged when signed with an unknown key or by another key under a known key id', async () => {
    const nine = ist('2026-03-12', '09:00');
    expect(await verifyGatePass(await signGatePass(CLAIMS, otherPrivate), at(nine))).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(await verifyGatePass(await signGatePass(CLAIMS, { ...otherPrivate, kid: 'k9' }), at(nine))).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(await verifyGatePass(token, at(nine, { keys: [] }))).toEqual({ ok: false, reason: 'forged' });
  });

  it('is forged when its claims were swapped for others with the signature kept', async () => {
    const [header, , signature] = token.slice(6).split('.');
    const payload = Buffer.from(JSON.stringify({ ...CLAIMS, fac: 'fac-other' })).toString('base64url');
    expect(await verifyGatePass(`DSGP1.${header}.${payload}.${signature}`, at(ist('2026-03-12', '09:00')))).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('is not a pass when it is another code, truncated or empty', async () => {
    const nine = ist('2026-03-12', '09:00');
    for (const code of ['', 'https://example.com/qr', '8901234567890', token.slice(0, 40), token.slice(6)]) {
      expect(await verifyGatePass(code, at(nine))).toEqual({ ok: false, reason: 'not_a_pass' });
    }
  });

  it('refuses any one-character change of a token', async () => {
    const nine = ist('2026-03-12', '09:00');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(...alphabet), async (index, replacement) => {
        fc.pre(token[index] !== replacement);
        const changed = token.slice(0, index) + replacement + token.slice(index + 1);
        const result = await verifyGatePass(changed, at(nine));
        expect(result.ok).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses any one-byte change of a token, whatever the byte, as forged or not a pass', async () => {
    const nine = ist('2026-03-12', '09:00');
    const bytes = Array.from(token, (c) => c.charCodeAt(0));
    await fc.assert(
      fc.asyncProperty(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 }), async (index, byte) => {
        fc.pre(bytes[index] !== byte);
        const changed = String.fromCharCode(...bytes.map((b, i) => (i === index ? byte : b)));
        const result = await verifyGatePass(changed, at(nine));
        expect(result.ok).toBe(false);
        // A changed prefix is no pass at all; any other change breaks the signature or the key id.
        expect(['forged', 'not_a_pass']).toContain((result as { reason: string }).reason);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses the last character of the signature changed in its spare bits', async () => {
    // 64 signature bytes take 86 base64url characters; the last one carries 4 unused bits.
    const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = b64[b64.indexOf(token.at(-1)!) ^ 1]!;
    expect(await verifyGatePass(token.slice(0, -1) + sibling, at(ist('2026-03-12', '09:00')))).toMatchObject({
      ok: false,
    });
  });
});

describe('the claims a pass may hold (parseGatePassClaims)', () => {
  it('keeps a pass of exactly the claims, each within its rule, in the claims\u2019 order', () => {
    const { exp, ...rest } = CLAIMS;
    const reordered = { exp, ...rest };
    expect(Object.keys(parseGatePassClaims(reordered))).toEqual([
      'apt',
      'ver',
      'ref',
      'fac',
      'fnm',
      'tz',
      'veh',
      'day',
      'ws',
      'we',
      'nbf',
      'exp',
    ]);
    expect(parseGatePassClaims({ ...CLAIMS, ref: '', veh: '' })).toMatchObject({ ref: '', veh: '' });
  });

  it.each([
    ['an extra claim', { ...CLAIMS, admin: true }],
    ['a claim from the prototype', { ...CLAIMS, toString: 'x' }],
    ['a missing claim', (({ veh: _veh, ...rest }) => rest)(CLAIMS)],
    ['an empty appointment id', { ...CLAIMS, apt: '' }],
    ['a version below 0', { ...CLAIMS, ver: -1 }],
    ['a version that is not whole', { ...CLAIMS, ver: 1.5 }],
    ['a number as text', { ...CLAIMS, nbf: '1773279000' }],
    ['a day not written YYYY-MM-DD', { ...CLAIMS, day: '12-03-2026' }],
    ['a window start not written HH:MM', { ...CLAIMS, ws: '9:00' }],
    ['a facility name over 200 characters', { ...CLAIMS, fnm: 'x'.repeat(201) }],
    ['a list', [CLAIMS]],
    ['nothing', null],
  ])('refuses %s', (_, value) => {
    expect(() => parseGatePassClaims(value)).toThrow(/Gate pass claims/);
  });
});
