// Personal data never reaches a log line (issue #36, DPDP Act): the one masking module. The logger's
// formatter (functions/lib/logger.ts) passes every attribute of every line through maskPersonalData:
// values of fields that name a person or carry a message are replaced whole, and in any other text
// Indian mobile numbers (+91 forms too), driving licence and vehicle numbers and e-mail addresses are
// replaced where they appear. What is left (ids, statuses, counts, timings) is what operators need.

/** Fields whose whole value is a person's name, contact or words: replaced, whatever they hold. */
const PERSONAL_FIELDS = new Set(
  [
    'name',
    'firstName',
    'lastName',
    'fullName',
    'driverName',
    'contactName',
    'guestName',
    'recipientName',
    'ownerName',
    'phone',
    'phoneNumber',
    'mobileNumber',
    'contactPhone',
    'email',
    'contactEmail',
    'to',
    'body',
    'text',
    'html',
    'licenseNumber',
    'driverLicense',
    'licence',
    'vehicleNumber',
    'vehicleLicense',
  ].map((k) => k.toLowerCase()),
);

export const MASKED = {
  field: '[personal data]',
  phone: '[phone]',
  licence: '[licence]',
  vehicle: '[vehicle]',
  email: '[email]',
} as const;

// Order matters: a licence (MH1220200012345) would otherwise be read as a vehicle number and digits.
const PATTERNS: [RegExp, string][] = [
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, MASKED.email],
  // MH12 2020 0012345, MH-1220200012345: state, RTO, year of issue, 7-digit serial.
  [/(?<![A-Z0-9])[A-Z]{2}[\s-]?[0-9]{2}[\s-]?(?:19|20)[0-9]{2}[\s-]?[0-9]{7}(?![0-9])/gi, MASKED.licence],
  // +91 98765 43210, +91-9876543210, 0091 9876543210, 09876543210, 9876543210.
  [/(?<![0-9A-Z])(?:(?:\+|00)91[\s-]?|0)?[6-9][0-9]{4}[\s-]?[0-9]{5}(?![0-9])/gi, MASKED.phone],
  // MH12AB1234, MH 12 AB 1234, DL1CAB1234; Bharat series 22BH1234AA.
  [/(?<![A-Z0-9])[A-Z]{2}[\s-]?[0-9]{1,2}[\s-]?[A-Z]{0,3}[\s-]?[0-9]{4}(?![0-9])/gi, MASKED.vehicle],
  [/(?<![A-Z0-9])[0-9]{2}[\s-]?BH[\s-]?[0-9]{4}[\s-]?[A-Z]{1,2}(?![A-Z0-9])/gi, MASKED.vehicle],
];

/** Text with every phone, licence, vehicle number and e-mail address in it replaced. */
export function maskText(text: string): string {
  return PATTERNS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/**
 * A copy of a log attribute with personal data masked: known personal fields replaced whole, every
 * other string searched for numbers and addresses; objects and arrays to any depth. `asError` turns an
 * Error into plain attributes (the formatter's own shape) before it is masked.
 */
export function maskPersonalData(
  value: unknown,
  asError: (error: Error) => unknown = (e) => ({ name: e.name, message: e.message, stack: e.stack }),
  seen = new WeakSet<object>(),
): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    // An error's `name` is its class (TypeError), not a person's.
    const { name, ...rest } = asError(value) as Record<string, unknown>;
    return { name, ...(maskPersonalData(rest, asError, seen) as object) };
  }
  if (Array.isArray(value)) return value.map((v) => maskPersonalData(v, asError, seen));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      PERSONAL_FIELDS.has(key.toLowerCase()) && v !== null && v !== undefined && v !== ''
        ? MASKED.field
        : maskPersonalData(v, asError, seen),
    ]),
  );
}

/** A person's identifying values, as an erasure looks for them in stored text. */
export interface PersonTraces {
  name: string;
  phone?: string | null;
  licence?: string | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern matching the person's whole name, mobile number in any written form, and licence; with
 * `parts`, each part of the name too (a greeting by first name), used only inside a record that holds
 * a whole trace, so another "Kumar" elsewhere is never touched.
 */
function tracePattern({ name, phone, licence }: PersonTraces, parts = false): RegExp {
  const whole = name.trim().replace(/\s+/g, ' ');
  const names = parts ? [whole, ...whole.split(' ').filter((p) => p.length >= 3)] : [whole];
  const alternatives = names.filter(Boolean).map((p) => `\\b${escapeRegExp(p)}\\b`);
  const digits = phone?.replace(/\D/g, '').slice(-10);
  if (digits?.length === 10) alternatives.push(`(?:(?:\\+|00)?91[\\s-]?|0)?${[...digits].join('[\\s-]?')}`);
  const plainLicence = licence?.replace(/[\s.-]/g, '');
  if (plainLicence) alternatives.push([...plainLicence].map(escapeRegExp).join('[\\s.-]?'));
  return new RegExp(alternatives.join('|'), 'gi');
}

/**
 * A copy of a stored record with every trace of the person replaced by their pseudonym, in any text at
 * any depth (a message body's greeting, a check-in's notes, an audit image); counts, times and ids stay.
 */
export function scrubPerson<T>(value: T, person: PersonTraces, pseudonym: string): T {
  if (!holdsTraceOf(value, person)) return value;
  const pattern = tracePattern(person, true);
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(pattern, pseudonym);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    return v;
  };
  return scrub(value) as T;
}

/** Whether a stored record holds any trace of the person. */
export const holdsTraceOf = (value: unknown, person: PersonTraces): boolean =>
  tracePattern(person).test(JSON.stringify(value));
