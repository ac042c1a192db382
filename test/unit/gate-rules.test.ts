// Gate compliance rules (issue #21): the number formats checked before any registry call, ULIP's
// answers read into records (VAHAN's XML inside JSON included), and the decision with its reasons.
import { describe, expect, it } from 'vitest';
import { isDrivingLicenceNumber, isEwayBillNumber, isVehicleNumber } from '../../shared/vehicle-numbers';
import { isValidGstin } from '../../shared/gstin';
import { DEFAULT_RULE_OUTCOMES } from '../../shared/contracts/gate';
import { decide } from '../../functions/gate/rules';
import { ewaybillInstant, registryDate } from '../../functions/gate/registry/envelope';
import { vahan } from '../../functions/gate/registry/vahan';
import { fastag } from '../../functions/gate/registry/fastag';
import { ewaybill } from '../../functions/gate/registry/ewaybill';
import { sarathi } from '../../functions/gate/registry/sarathi';
import type { SourceResult, VahanRecord } from '../../functions/gate/registry/port';

const now = new Date('2026-11-23T06:00:00Z'); // 11:30 in India
const ctx = { now, timeZone: 'Asia/Kolkata', outcomes: DEFAULT_RULE_OUTCOMES, vehicleNumber: 'MH12AB1234' };
const cleanVahan: VahanRecord = {
  registrationNumber: 'MH12AB1234',
  status: 'ACTIVE',
  fitnessUpto: '2027-01-01',
  insuranceUpto: '2027-01-01',
  taxUpto: '2027-01-01',
  permitUpto: '2027-01-01',
  pucUpto: '2026-11-23',
  vehicleClass: 'HGV',
};
const ok = <S extends SourceResult['source']>(source: S, record: unknown): SourceResult => ({
  source,
  subject: 'x',
  ok: true,
  record: record as never,
  cached: false,
});

describe('number formats', () => {
  it('accepts Indian plates, Bharat series, licences and 12-digit e-way bills; refuses the rest', () => {
    for (const v of ['MH12AB1234', 'DL1CAB1234', 'mh 12 ab 1234', 'KA05M1234', '22BH1234AA', 'MH04-AB-1234'])
      expect(isVehicleNumber(v), v).toBe(true);
    for (const v of ['MH05K3J9A', 'XX12AB1234', 'MH12AB123', 'B', '22BH12AA', 'MH12ABCD1234'])
      expect(isVehicleNumber(v), v).toBe(false);
    for (const v of ['MH1220200012345', 'up65 2017 0011111', 'MH-12-2020-0012345'])
      expect(isDrivingLicenceNumber(v), v).toBe(true);
    for (const v of ['L1', 'MH12202000123', 'ZZ1220200012345', 'MH1218200012345'])
      expect(isDrivingLicenceNumber(v), v).toBe(false);
    expect(isEwayBillNumber('1111 0000 0001')).toBe(true);
    expect(isEwayBillNumber('11110000001')).toBe(false);
    expect(isEwayBillNumber('11110000000A')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
  });
});

describe('reading ULIP answers', () => {
  const envelope = (response: unknown) => ({ code: '200', message: 'Success', response: [{ response }] });
  const call = (answer: unknown) => async () => answer;

  it('parses the XML VAHAN answers inside its JSON, dates as ISO days', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><VehicleDetails><rc_regn_no>MH12AB1234</rc_regn_no><rc_status>ACTIVE</rc_status><rc_fit_upto>18-Oct-2027</rc_fit_upto><rc_pucc_upto>01-Nov-2026</rc_pucc_upto><rc_insurance_upto>31/12/2026</rc_insurance_upto></VehicleDetails>';
    const record = await vahan.lookup(call(envelope(xml)), 'MH12AB1234');
    expect(record).toMatchObject({
      registrationNumber: 'MH12AB1234',
      status: 'ACTIVE',
      fitnessUpto: '2027-10-18',
      pucUpto: '2026-11-01',
      insuranceUpto: '2026-12-31',
      taxUpto: null,
    });
  });

  it('makes the source unavailable on HTML, broken XML, an empty record or an error code', async () => {
    await expect(vahan.lookup(call(envelope('<html><body>502')), 'X')).rejects.toThrow(/not an XML document/);
    await expect(
      vahan.lookup(call(envelope('<VehicleDetails><rc_regn_no></rc_regn_no></VehicleDetails>')), 'X'),
    ).rejects.toThrow(/empty record/);
    await expect(vahan.lookup(call(envelope('')), 'X')).rejects.toThrow(/empty record/);
    await expect(fastag.lookup(call({ code: '500', response: [] }), 'X')).rejects.toThrow(/answered code 500/);
    await expect(ewaybill.lookup(call(envelope({ ewbNo: '1', status: 'WHAT' })), 'X')).rejects.toThrow(/empty record/);
    await expect(sarathi.lookup(call('garbage'), 'X')).rejects.toThrow(/not a ULIP envelope/);
  });

  it('reads e-way bill times as India time and registry dates in their three forms', () => {
    expect(ewaybillInstant('22/11/2026 06:00:00 PM')).toBe('2026-11-22T12:30:00.000Z');
    expect(ewaybillInstant('22/11/2026 12:15:00 AM')).toBe('2026-11-21T18:45:00.000Z');
    expect(registryDate('5-Jan-2027')).toBe('2027-01-05');
    expect(registryDate('nonsense')).toBeNull();
  });
});

describe('the gate decision', () => {
  it('allows when every check passes (a validity date of today is still valid)', () => {
    const d = decide(
      [ok('VAHAN', cleanVahan), ok('FASTAG', { vehicleNumber: 'MH12AB1234', tagStatus: 'ACTIVE', lastCrossing: null })],
      ctx,
    );
    expect(d.decision).toBe('ALLOW');
    expect(d.reasons).toEqual([]);
    expect(d.checks.map((c) => c.status)).toEqual(['ok', 'ok']);
  });

  it('holds an expired fitness, insurance, PUC, tax or permit, one reason each', () => {
    const d = decide([ok('VAHAN', { ...cleanVahan, fitnessUpto: '2026-11-22', pucUpto: '2026-11-01' })], ctx);
    expect(d.decision).toBe('HOLD');
    expect(d.reasons.map((r) => [r.code, r.message])).toEqual([
      ['FITNESS_EXPIRED', 'Fitness certificate of MH12AB1234 expired on 2026-11-22'],
      ['PUC_EXPIRED', 'PUC certificate of MH12AB1234 expired on 2026-11-01'],
    ]);
  });

  it('denies a blacklisted FASTag, a cancelled, expired or other-vehicle e-way bill', () => {
    expect(
      decide([ok('FASTAG', { vehicleNumber: 'MH12AB1234', tagStatus: 'BLACKLISTED', lastCrossing: null })], ctx)
        .reasons[0],
    ).toMatchObject({ code: 'FASTAG_BLACKLISTED', outcome: 'DENY' });
    expect(
      decide(
        [ok('EWAYBILL', { ewbNumber: '111100000003', status: 'CANCELLED', validUpto: null, vehicleNumber: null })],
        ctx,
      ).decision,
    ).toBe('DENY');
    const expired = decide(
      [
        ok('EWAYBILL', {
          ewbNumber: '111100000002',
          status: 'ACTIVE',
          validUpto: '2026-11-22T12:30:00.000Z',
          vehicleNumber: 'MH12AB1234',
        }),
      ],
      ctx,
    );
    expect(expired.decision).toBe('DENY');
    expect(expired.reasons[0]!.message).toBe('E-way bill 111100000002 expired at 18:00 on 2026-11-22');
    const other = decide(
      [
        ok('EWAYBILL', {
          ewbNumber: '111100000004',
          status: 'ACTIVE',
          validUpto: '2026-11-24T12:30:00.000Z',
          vehicleNumber: 'KA01ZZ9999',
        }),
      ],
      ctx,
    );
    expect(other.reasons.map((r) => r.message)).toEqual(['E-way bill 111100000004 is for vehicle KA01ZZ9999']);
  });

  it('holds a licence without a transport class or with its transport validity passed; a licence not active', () => {
    const lic = (over: object) =>
      ok('SARATHI', {
        dlNumber: 'MH1220200012345',
        status: 'ACTIVE',
        classes: ['LMV', 'TRANS'],
        transportValidUpto: '2028-01-01',
        nonTransportValidUpto: '2040-01-01',
        ...over,
      });
    expect(decide([lic({})], ctx).decision).toBe('ALLOW');
    expect(decide([lic({ classes: ['LMV', 'MCWG'] })], ctx).reasons[0]).toMatchObject({
      code: 'LICENCE_NO_TRANSPORT',
      outcome: 'HOLD',
    });
    expect(decide([lic({ transportValidUpto: '2026-11-01' })], ctx).reasons[0]!.code).toBe('LICENCE_NO_TRANSPORT');
    expect(decide([lic({ status: 'SUSPENDED' })], ctx).reasons[0]!.message).toBe(
      'Driving licence MH1220200012345 is not valid (SUSPENDED)',
    );
  });

  it('holds on a silent source and names it, never allowing or denying on silence alone', () => {
    const d = decide(
      [ok('VAHAN', cleanVahan), { source: 'FASTAG', subject: 'MH12AB1234', ok: false, error: 'timed out after 5 s' }],
      ctx,
    );
    expect(d.decision).toBe('HOLD');
    expect(d.reasons).toEqual([
      expect.objectContaining({
        code: 'SOURCE_UNAVAILABLE',
        source: 'FASTAG',
        message: 'FASTag did not answer; checked again at the next try',
      }),
    ]);
    expect(d.checks[1]).toMatchObject({ status: 'unavailable', error: 'timed out after 5 s' });
  });

  it("follows the tenant's rules: the strictest outcome wins, and a rule set to DENY denies", () => {
    const strict = { ...ctx, outcomes: { ...DEFAULT_RULE_OUTCOMES, PUC_EXPIRED: 'DENY' as const } };
    const puc = ok('VAHAN', { ...cleanVahan, pucUpto: '2026-11-01' });
    expect(decide([puc], ctx).decision).toBe('HOLD');
    expect(decide([puc], strict).decision).toBe('DENY');
    expect(
      decide([puc, ok('FASTAG', { vehicleNumber: 'MH12AB1234', tagStatus: 'BLACKLISTED', lastCrossing: null })], ctx)
        .decision,
    ).toBe('DENY');
    expect(decide([], ctx).decision).toBe('NOT_CHECKED');
  });
});
