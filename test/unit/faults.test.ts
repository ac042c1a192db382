// The local stack's fault switch (functions/local/faults.ts, issue #55): FAULTS read as written or
// refused with a message that says what is wrong; never on outside local mode.
import { describe, expect, it } from 'vitest';
import { FaultsSettingError, parseFaults, readFaults } from '../../functions/local/faults';
import { injectOutboundFaults } from '../../functions/lib/outbound';

describe('FAULTS', () => {
  it('reads kinds, pinned faults and rates, and the seed', () => {
    expect(parseFaults('dynamo.write:0.05, dynamo.tx.conflict:1,api.drop:0', '42')).toEqual({
      rates: { 'dynamo.write': 0.05, 'dynamo.tx.conflict': 1, 'api.drop': 0 },
      seed: 42,
    });
  });

  it('all: every kind at the rate', () => {
    expect(parseFaults('all:0.2', '1').rates).toEqual({
      'dynamo.read': 0.2,
      'dynamo.write': 0.2,
      'dynamo.tx': 0.2,
      'api.drop': 0.2,
      'stream.duplicate': 0.2,
      'stream.late': 0.2,
      'worker.stop': 0.2,
      outbound: 0.2,
      s3: 0.2,
    });
  });

  it.each([
    ['dynamo.writes:0.1', 'FAULTS: no fault "dynamo.writes" (faults: dynamo.read, '],
    ['dynamo.write=0.1', 'FAULTS: "dynamo.write=0.1" is not kind:rate (for example dynamo.tx:0.05, rate 0 to 1)'],
    ['s3:1.5', 'FAULTS: the rate of s3 must be from 0 to 1, not 1.5'],
    ['s3:0..1', 'FAULTS: the rate of s3 must be from 0 to 1, not 0..1'],
  ])('refuses %s with a message that says what is wrong', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(FaultsSettingError);
    expect(() => parseFaults(spec)).toThrow(message);
  });

  it('refuses a seed that is not a whole number', () => {
    expect(() => parseFaults('s3:0.1', 'abc')).toThrow('FAULTS_SEED must be a whole number of 0 or more, not "abc"');
  });

  it('draws a seed when none is given', () => {
    expect(Number.isSafeInteger(parseFaults('s3:0.1').seed)).toBe(true);
  });

  it('is off without FAULTS, and refused without STAGE=local', () => {
    expect(readFaults({ STAGE: 'local' })).toBeNull();
    expect(readFaults({ STAGE: 'local', FAULTS: 'api.drop:0.1', FAULTS_SEED: '7' })).toEqual({
      rates: { 'api.drop': 0.1 },
      seed: 7,
    });
    for (const STAGE of [undefined, 'prod', 'LOCAL'])
      expect(() => readFaults({ STAGE, FAULTS: 'api.drop:0.1' })).toThrow(
        'FAULTS is set but STAGE is not local: faults are injected in the local stack only',
      );
  });

  it('the outbound port takes no fault hook outside local mode', () => {
    const stage = process.env.STAGE;
    process.env.STAGE = 'prod';
    try {
      expect(() => injectOutboundFaults((_req, exchange) => exchange())).toThrow(
        'Outbound faults are injected in the local stack only (STAGE=local)',
      );
    } finally {
      process.env.STAGE = stage;
    }
  });
});
