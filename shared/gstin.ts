// GSTIN (Goods and Services Tax Identification Number) checks, shared by sign-up and gate compliance.
// Form: 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter), the entity number
// (1-9 or A-Z), 'Z' (fixed for regular taxpayers), and a check character computed mod 36 over the
// first 14 characters (the Luhn mod-N algorithm with factors 1, 2, 1, 2 ...).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FORM = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** State and union territory codes 01-38, 97 (other territory) and 99 (centre jurisdiction). */
export function isGstStateCode(code: string): boolean {
  const n = Number(code);
  return /^\d{2}$/.test(code) && ((n >= 1 && n <= 38) || n === 97 || n === 99);
}

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'length' | 'form' | 'state' | 'check';

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  length: 'GSTIN must be exactly 15 characters',
  form: 'GSTIN must look like 27AAPFU0939F1ZV: state code, PAN, entity number, Z and a check character',
  state: 'GSTIN must start with a valid state code (01-38, 97 or 99)',
  check: 'GSTIN check digit does not match. Please check the number for typing mistakes',
};

/** Why a GSTIN is not valid, or null when it is (upper-cases and trims first). */
export function gstinProblem(value: string): GstinProblem | null {
  const gstin = value.trim().toUpperCase();
  if (gstin.length !== 15) return 'length';
  const match = FORM.exec(gstin);
  if (!match) return 'form';
  if (!isGstStateCode(match[1]!)) return 'state';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'check';
}

export const isValidGstin = (value: string) => gstinProblem(value) === null;
