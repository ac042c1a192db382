// GSTIN checks (real GSTINs of Indian companies) and the tenancy rules without I/O (issue #18).
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, isGstStateCode, isValidGstin } from '../../shared/gstin';
import { asMember, readOnlyReason, trialEnd } from '../../functions/tenancy/rules';
import { signupSchema, TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { permissionsFor } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';

// Published GSTINs: the GST portal's own example, Reliance Industries (Maharashtra) and others.
const REAL = ['27AAPFU0939F1ZV', '27AAACR5055K1Z7', '29AAGCB7383J1Z4', '24AAACC1206D1ZM', '27AADCB2230M1ZT'];

describe('GSTIN', () => {
  it('accepts real GSTINs, in any case and with spaces around', () => {
    for (const gstin of REAL) expect(isValidGstin(gstin), gstin).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
  });

  it('computes the mod-36 check character of real GSTINs', () => {
    for (const gstin of REAL) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it('refuses every single-character change of the check digit', () => {
    const base = REAL[0]!.slice(0, 14);
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') if (c !== 'V') expect(gstinProblem(base + c)).toBe('check');
  });

  it('names what is wrong: length, form, state code, check digit', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('length');
    expect(gstinProblem('27AAPFU0939F1ZVX')).toBe('length');
    expect(gstinProblem('2AAAPFU0939F1ZV')).toBe('form');
    expect(gstinProblem('27AAPF00939F1ZV')).toBe('form');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('form');
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('form');
    expect(gstinProblem('00AAPFU0939F1ZV')).toBe('state');
    expect(gstinProblem('39AAPFU0939F1ZV')).toBe('state');
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
  });

  it('knows the state codes 01-38, 97 and 99', () => {
    expect(['01', '27', '38', '97', '99'].every(isGstStateCode)).toBe(true);
    expect(['00', '39', '96', '98', '1', 'AB'].some(isGstStateCode)).toBe(false);
  });

  it('is optional at sign-up but checked when given', () => {
    const body = {
      companyName: 'A',
      firstName: 'B',
      lastName: 'C',
      email: 'a@b.in',
      phoneNumber: '9876543210',
      password: 'Secret123',
      facilityName: 'F',
      facilityCity: 'Pune',
      facilityState: 'MH',
      dockDoors: 2,
    };
    expect(signupSchema.safeParse(body).success).toBe(true);
    expect(signupSchema.safeParse({ ...body, gstin: '' }).data?.gstin).toBeNull();
    expect(signupSchema.safeParse({ ...body, gstin: '27aapfu0939f1zv' }).data?.gstin).toBe('27AAPFU0939F1ZV');
    expect(signupSchema.safeParse({ ...body, gstin: '27AAPFU0939F1ZW' }).success).toBe(false);
    expect(signupSchema.safeParse({ ...body, password: 'a@b.in1' }).success).toBe(false);
    expect(signupSchema.safeParse(body).data?.timeZone).toBe('Asia/Kolkata');
  });
});

describe('trial and plan', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('ends the trial 30 days after it starts', () => {
    expect(trialEnd(now)).toBe('2026-12-23T10:00:00.000Z');
  });

  it('is read-only after the trial until a plan is set; the demo (no trial) never is', () => {
    expect(readOnlyReason({ plan: null, trialEndsAt: '2026-11-24T00:00:00.000Z' }, now)).toBeNull();
    expect(readOnlyReason({ plan: null, trialEndsAt: '2026-11-23T10:00:00.000Z' }, now)).toBe(TENANCY_TEXTS.trialEnded);
    expect(readOnlyReason({ plan: 'growth', trialEndsAt: '2026-01-01T00:00:00.000Z' }, now)).toBeNull();
    expect(readOnlyReason({ plan: null, trialEndsAt: null }, now)).toBeNull();
    expect(readOnlyReason(null, now)).toBeNull();
  });
});

describe('membership', () => {
  it("acts with the membership's role in the other tenant, without the home tenant's carrier or driver links", () => {
    const home = {
      id: 'u1',
      tenantId: 'home',
      role: 'admin',
      roles: ['admin'],
      permissions: permissionsFor(['admin']),
      status: 'active',
      driverId: 'd1',
      carrierId: 'c1',
    } as SessionUser;
    const member = asMember(home, { tenantId: 'other', role: 'spectator' });
    expect(member).toMatchObject({
      tenantId: 'other',
      role: 'spectator',
      roles: ['spectator'],
      driverId: null,
      carrierId: null,
    });
    expect(member.permissions).toEqual(permissionsFor(['spectator']));
    expect(asMember({ ...home, status: 'pending' }, { tenantId: 'other', role: 'admin' }).permissions).toEqual([]);
  });
});
