// GS1 element strings as a scanner hands them over (GS1-128, GS1 DataMatrix, GS1 QR): with or without
// the symbology identifier (]C1, ]d2, ]Q3), FNC1 as the GS character (\x1d), or the human-readable
// form with parentheses "(01)...(10)...". Pure: the receiving form fills product, lot and expiry.

import { validGtin } from '../../../../shared/contracts/wms-gtin';

const GS = '\x1d';

/** Application identifiers with a fixed data length; the others run to a GS or the end. */
const FIXED: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};
/** Variable-length AIs this parser knows (their maximum length). */
const VARIABLE: Record<string, number> = {
  '10': 20,
  '21': 20,
  '22': 20,
  '30': 8,
  '37': 8,
  '240': 30,
  '241': 30,
  '400': 30,
};

export interface Gs1Data {
  gtin: string | null;
  lot: string | null;
  /** (17) as YYYY-MM-DD; day 00 means the last day of the month. */
  expiry: string | null;
  serial: string | null;
  count: number | null;
}

function date(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function elements(raw: string): [string, string][] | null {
  const text = raw.trim().replace(/^\](C1|e0|d2|Q3|J1)/, '');
  if (text.startsWith('(')) {
    const found = [...text.matchAll(/\((\d{2,4})\)([^(]*)/g)].map(
      (m) => [m[1]!, m[2]!.replace(GS, '')] as [string, string],
    );
    return found.length && found.map(([a, v]) => `(${a})${v}`).join('') === text.replaceAll(GS, '') ? found : null;
  }
  const out: [string, string][] = [];
  let rest = text.startsWith(GS) ? text.slice(1) : text;
  while (rest.length) {
    const ai = [2, 3].map((n) => rest.slice(0, n)).find((a) => a in FIXED || a in VARIABLE);
    if (!ai) return null;
    rest = rest.slice(ai.length);
    if (ai in FIXED) {
      const value = rest.slice(0, FIXED[ai]);
      if (value.length !== FIXED[ai]) return null;
      out.push([ai, value]);
      // GS1's group separator (ASCII 29) ends a variable-length field: a control character by definition.
      // eslint-disable-next-line no-control-regex
      rest = rest.slice(FIXED[ai]).replace(/^\x1d/, '');
    } else {
      const end = rest.indexOf(GS);
      const value = end < 0 ? rest : rest.slice(0, end);
      if (!value || value.length > VARIABLE[ai]!) return null;
      out.push([ai, value]);
      rest = end < 0 ? '' : rest.slice(end + 1);
    }
  }
  return out;
}

/** The GS1 data of a scanned string, or null when it is not a GS1 element string with a GTIN or lot. */
export function parseGs1(raw: string): Gs1Data | null {
  const parsed = elements(raw);
  if (!parsed) return null;
  const get = (ai: string) => parsed.find(([a]) => a === ai)?.[1] ?? null;
  const gtin = get('01');
  if (gtin && !validGtin(gtin)) return null;
  const expiryRaw = get('17');
  const data: Gs1Data = {
    gtin,
    lot: get('10'),
    expiry: expiryRaw ? date(expiryRaw) : null,
    serial: get('21'),
    count: get('30') ? Number(get('30')) : null,
  };
  return data.gtin || data.lot ? data : null;
}

/** The codes a GTIN may be stored as on a product: GTIN-14, and without its leading zeros (EAN-13, UPC-A). */
export function gtinCandidates(gtin: string): string[] {
  const trimmed = gtin.replace(/^0+/, '');
  return [...new Set([gtin, trimmed.padStart(13, '0'), trimmed.padStart(12, '0'), trimmed])].filter(
    (c) => c.length >= 8,
  );
}
