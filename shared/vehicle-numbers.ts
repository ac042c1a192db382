// Indian vehicle registration, driving licence and e-way bill numbers, checked locally before any
// registry is asked (issue #21): a number that cannot exist is a 400 naming the field, never a ULIP call.
// GSTIN's check digit lives beside it in shared/gstin.ts.

/** State and union territory codes on number plates (and the first two letters of a licence). */
const STATE_CODES = new Set(
  'AN AP AR AS BR CG CH DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD OR PB PY RJ SK TN TR TS UK UP WB'.split(
    ' ',
  ),
);

/** Upper case without spaces, hyphens or dots: 'mh 12-ab 1234' -> 'MH12AB1234'. */
export const normalizeRegistryNumber = (value: string) => value.toUpperCase().replace(/[\s.-]+/g, '');

// MH12AB1234, DL1CAB1234, KA05M1234 (state, RTO, series of 0-3 letters, 4 digits); Bharat series 22BH1234AA.
const VEHICLE = /^([A-Z]{2})[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/;
const BHARAT_SERIES = /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/;
// MH1220200012345: state, RTO (2 digits), year of issue, 7-digit serial.
const LICENCE = /^([A-Z]{2})[0-9]{2}(19|20)[0-9]{2}[0-9]{7}$/;

export const NUMBER_MESSAGES = {
  vehicle: 'Vehicle number must look like MH12AB1234 (state, RTO, series, 4 digits) or 22BH1234AA',
  licence: 'Driving licence number must look like MH1220200012345 (state, RTO, year, 7 digits)',
  ewayBill: 'E-way bill number must be exactly 12 digits',
} as const;

export function isVehicleNumber(value: string): boolean {
  const v = normalizeRegistryNumber(value);
  if (BHARAT_SERIES.test(v)) return true;
  const m = VEHICLE.exec(v);
  return Boolean(m && STATE_CODES.has(m[1]!));
}

export function isDrivingLicenceNumber(value: string): boolean {
  const m = LICENCE.exec(normalizeRegistryNumber(value));
  return Boolean(m && STATE_CODES.has(m[1]!));
}

export const isEwayBillNumber = (value: string) => /^[0-9]{12}$/.test(normalizeRegistryNumber(value));
