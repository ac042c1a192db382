// A facility's bin code pattern and the ranges it spells (issue #29): the codes are written out by
// hand here, from the pattern's rules, not computed the way the code computes them.
import { describe, expect, it } from 'vitest';
import {
  binCodeOf,
  binCodePatternSchema,
  binRangeCount,
  binRangePlaces,
  binRangeSchema,
  followsPattern,
} from '../../shared/contracts/wms-bins';

const bounds = { aisleFrom: 'A', aisleTo: 'B', rackFrom: 9, rackTo: 10, levelFrom: 0, levelTo: 1 };

describe('bin code patterns', () => {
  it('pads numbers to their width and spells places aisle by aisle, rack by rack, level by level', () => {
    expect(binCodeOf('{aisle}-{rack:2}-{level}', { aisle: 'D', rack: 7, level: 3 })).toBe('D-07-3');
    expect(binCodeOf('{aisle}-{rack:2}-{level}', { aisle: 'D', rack: 107, level: 3 })).toBe('D-107-3');
    expect(binCodeOf('R{rack:3}.{aisle}/{level:2}', { aisle: 'C', rack: 4, level: 0 })).toBe('R004.C/00');
    expect(binRangePlaces('{aisle}-{rack:2}-{level}', bounds).map((p) => p.code)).toEqual([
      'A-09-0',
      'A-09-1',
      'A-10-0',
      'A-10-1',
      'B-09-0',
      'B-09-1',
      'B-10-0',
      'B-10-1',
    ]);
  });

  it('counts a range as aisles x racks x levels', () => {
    expect(binRangeCount(bounds)).toBe(8);
    expect(binRangeCount({ aisleFrom: 'A', aisleTo: 'D', rackFrom: 1, rackTo: 10, levelFrom: 0, levelTo: 3 })).toBe(
      160,
    );
    expect(binRangeCount({ aisleFrom: 'C', aisleTo: 'C', rackFrom: 5, rackTo: 5, levelFrom: 2, levelTo: 2 })).toBe(1);
  });

  it('tells a code that follows the pattern from one that does not', () => {
    expect(followsPattern('{aisle}-{rack:2}-{level}', 'A-01-0')).toBe(true);
    expect(followsPattern('{aisle}-{rack:2}-{level}', 'a-120-12')).toBe(true);
    expect(followsPattern('{aisle}-{rack:2}-{level}', 'A-1-0')).toBe(false);
    expect(followsPattern('{aisle}-{rack:2}-{level}', 'A.01.0')).toBe(false);
    expect(followsPattern('{aisle}-{rack:2}-{level}', 'A-01-0X')).toBe(false);
    expect(followsPattern('{aisle}{rack:3}.{level:2}', 'B012.03')).toBe(true);
    expect(followsPattern('{aisle}{rack:3}.{level:2}', 'B012x03')).toBe(false);
  });

  it('refuses a pattern without each part once, or with other characters between them', () => {
    const message = (p: string) => binCodePatternSchema.safeParse(p).error?.issues[0]?.message;
    expect(message('{aisle}-{rack:2}-{level}')).toBeUndefined();
    expect(message('{aisle}-{rack}')).toBe('A pattern has {aisle}, {rack} and {level} once each');
    expect(message('{aisle}-{rack}-{rack}-{level}')).toBe('A pattern has {aisle}, {rack} and {level} once each');
    expect(message('{aisle}-{rack:9}-{level}')).toBe('A pattern has {aisle}, {rack} and {level} once each');
    expect(message('{aisle} {rack}-{level}')).toBe('Between the parts use only letters, digits and - _ . /');
    expect(message('')).toBe('Bin code pattern is required');
  });

  it('caps a range at 1000 bins and reads letters in either case', () => {
    const range = { zoneId: 'z1', binType: 'pallet', rackFrom: 1, rackTo: 10, levelFrom: 0, levelTo: 3 };
    // 25 aisles (A-Y) x 40 = 1,000 is allowed; 26 (A-Z) x 40 = 1,040 is not.
    expect(binRangeSchema.safeParse({ ...range, aisleFrom: 'a', aisleTo: 'y' }).data).toMatchObject({
      aisleFrom: 'A',
      aisleTo: 'Y',
    });
    expect(binRangeSchema.safeParse({ ...range, aisleFrom: 'A', aisleTo: 'Z' }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['range'],
        message: 'One range makes at most 1000 bins; this one would make 1040',
      }),
    ]);
  });
});
