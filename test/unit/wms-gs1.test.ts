// GS1 parsing for the receiving form's scan mode: the forms scanners hand over, and refusals.
import { describe, expect, it } from 'vitest';
import { validGtin } from '../../shared/contracts/wms-gtin';
import { gtinCandidates, parseGs1 } from '../../web/src/features/wms/gs1';

describe('parseGs1', () => {
  it('reads GTIN, lot and expiry from a GS1-128 string with FNC1 separators and the symbology identifier', () => {
    expect(parseGs1(']C1010890123456789010LOT-42\x1d17261231')).toEqual({
      gtin: '08901234567890',
      lot: 'LOT-42',
      expiry: '2026-12-31',
      serial: null,
      count: null,
    });
  });

  it('reads the human-readable form with parentheses, and a DataMatrix with the serial last', () => {
    expect(parseGs1('(01)08901234567890(17)270200(10)A1')).toMatchObject({
      gtin: '08901234567890',
      lot: 'A1',
      expiry: '2027-02-28',
    });
    expect(parseGs1(']d2010890123456789017250615\x1d21SER9')).toMatchObject({
      expiry: '2025-06-15',
      serial: 'SER9',
      lot: null,
    });
  });

  it('refuses plain barcodes, a wrong GTIN check digit, bad dates and unknown identifiers', () => {
    expect(parseGs1('8901234567890')).toBeNull();
    expect(parseGs1('SKU-001')).toBeNull();
    expect(parseGs1('010890123456789110LOT')).toBeNull();
    expect(parseGs1('(01)08901234567890(17)261331')).toMatchObject({ expiry: null });
    expect(parseGs1('(99)abc')).toBeNull();
    expect(parseGs1('0108901234')).toBeNull();
  });

  it('checks GTIN check digits and offers the EAN-13 form of a GTIN-14', () => {
    expect(validGtin('8901234567890')).toBe(true);
    expect(validGtin('8901234567891')).toBe(false);
    expect(gtinCandidates('08901234567890')).toContain('8901234567890');
  });

  it('takes GTIN-8, -12, -13 and -14 only, each with its own check digit', () => {
    expect(validGtin('96385074')).toBe(true); // EAN-8
    expect(validGtin('96385075')).toBe(false);
    expect(validGtin('036000291452')).toBe(true); // UPC-A
    expect(validGtin('036000291453')).toBe(false);
    expect(validGtin('10012345678902')).toBe(true); // GTIN-14 case code
    expect(validGtin('10012345678903')).toBe(false);
    // Nine to eleven digits are no GTIN, whatever their last digit.
    expect(validGtin('036000291')).toBe(false);
    expect(validGtin('03600029145')).toBe(false);
    expect(validGtin('8901234A67890')).toBe(false);
  });
});
