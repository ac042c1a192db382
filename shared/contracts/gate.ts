// Gate compliance (issue #21): which registry checks a tenant runs at check-in (VAHAN, SARATHI,
// FASTag, e-way bill through ULIP), what each failed check gives (HOLD or DENY), the decision a
// check-in carries, and the override of a hold.
import * as z from 'zod/mini';
import { isDrivingLicenceNumber, isEwayBillNumber, normalizeRegistryNumber, NUMBER_MESSAGES } from '../vehicle-numbers';

export const GATE_SOURCES = ['VAHAN', 'SARATHI', 'FASTAG', 'EWAYBILL'] as const;
export type GateSource = (typeof GATE_SOURCES)[number];
export const GATE_SOURCE_NAMES: Record<GateSource, string> = {
  VAHAN: 'VAHAN (vehicle registration)',
  SARATHI: 'SARATHI (driving licence)',
  FASTAG: 'FASTag',
  EWAYBILL: 'E-way bill',
};

/** A failed check a tenant can set to HOLD or DENY; a source that did not answer always holds. */
export const GATE_RULES = [
  'REGISTRATION_INACTIVE',
  'FITNESS_EXPIRED',
  'INSURANCE_EXPIRED',
  'PUC_EXPIRED',
  'TAX_EXPIRED',
  'PERMIT_EXPIRED',
  'LICENCE_INVALID',
  'LICENCE_NO_TRANSPORT',
  'FASTAG_BLACKLISTED',
  'FASTAG_INACTIVE',
  'EWAYBILL_CANCELLED',
  'EWAYBILL_EXPIRED',
  'EWAYBILL_OTHER_VEHICLE',
] as const;
export type GateRule = (typeof GATE_RULES)[number];
export type GateReasonCode = GateRule | 'SOURCE_UNAVAILABLE';
export type RuleOutcome = 'HOLD' | 'DENY';

/** The defaults: a blacklisted tag or a bad e-way bill denies; papers and licence hold. */
export const DEFAULT_RULE_OUTCOMES: Record<GateRule, RuleOutcome> = {
  REGISTRATION_INACTIVE: 'HOLD',
  FITNESS_EXPIRED: 'HOLD',
  INSURANCE_EXPIRED: 'HOLD',
  PUC_EXPIRED: 'HOLD',
  TAX_EXPIRED: 'HOLD',
  PERMIT_EXPIRED: 'HOLD',
  LICENCE_INVALID: 'HOLD',
  LICENCE_NO_TRANSPORT: 'HOLD',
  FASTAG_BLACKLISTED: 'DENY',
  FASTAG_INACTIVE: 'HOLD',
  EWAYBILL_CANCELLED: 'DENY',
  EWAYBILL_EXPIRED: 'DENY',
  EWAYBILL_OTHER_VEHICLE: 'DENY',
};

/** The reasons in English, values in order ({0}...); the SPA has them in its catalogue by code. */
export const GATE_REASON_TEXTS: Record<GateReasonCode, string> = {
  REGISTRATION_INACTIVE: 'Vehicle registration of {0} is not active ({1})',
  FITNESS_EXPIRED: 'Fitness certificate of {0} expired on {1}',
  INSURANCE_EXPIRED: 'Insurance of {0} expired on {1}',
  PUC_EXPIRED: 'PUC certificate of {0} expired on {1}',
  TAX_EXPIRED: 'Road tax of {0} was paid up to {1}',
  PERMIT_EXPIRED: 'Permit of {0} expired on {1}',
  LICENCE_INVALID: 'Driving licence {0} is not valid ({1})',
  LICENCE_NO_TRANSPORT: 'Driving licence {0} has no valid transport class',
  FASTAG_BLACKLISTED: 'FASTag of {0} is blacklisted',
  FASTAG_INACTIVE: 'FASTag of {0} is not active',
  EWAYBILL_CANCELLED: 'E-way bill {0} is cancelled',
  EWAYBILL_EXPIRED: 'E-way bill {0} expired at {1} on {2}',
  EWAYBILL_OTHER_VEHICLE: 'E-way bill {0} is for vehicle {1}',
  SOURCE_UNAVAILABLE: '{0} did not answer; checked again at the next try',
};

export const GATE_DECISIONS = ['ALLOW', 'HOLD', 'DENY', 'NOT_CHECKED'] as const;
export type GateDecision = (typeof GATE_DECISIONS)[number];

export interface GateReason {
  code: GateReasonCode;
  source: GateSource;
  outcome: RuleOutcome;
  /** The values of the text, in order (vehicle or document number first). */
  values: string[];
  /** The English text (GATE_REASON_TEXTS with its values). */
  message: string;
}

/** One registry look-up: what was asked, and a short summary of the answer (no personal data). */
export interface GateCheck {
  source: GateSource;
  subject: string;
  status: 'ok' | 'failed' | 'unavailable';
  cached: boolean;
  summary: Record<string, string | null>;
  error: string | null;
}

export interface GateOverride {
  /** The username of who let the truck through; `name` is their name as the screen shows it (absent before #29.7). */
  by: string;
  name?: string;
  at: string;
  reason: string;
}

export { heldAtGate } from './gate-hold';

export interface GateOutcome {
  decision: GateDecision;
  reasons: GateReason[];
  checks: GateCheck[];
  checkedAt: string;
  override: GateOverride | null;
}

export const CACHE_HOURS = { min: 1, max: 72, default: 12 } as const;

/**
 * How old a check-in synced from the gate may be (issue #52.4): hours for a signed-in gate device (a
 * guard's tablet offline for a shift), minutes for a driver's own phone (it sends as soon as it has data).
 */
export const OFFLINE_WINDOW = {
  deviceHours: { min: 1, max: 48, default: 12 },
  phoneMinutes: { min: 1, max: 120, default: 15 },
} as const;
const DEVICE_HOURS_TEXT = 'Offline window of a gate device must be between 1 and 48 hours';
const PHONE_MINUTES_TEXT = "Offline window of a driver's phone must be between 1 and 120 minutes";

const checksSchema = z.strictObject({
  VAHAN: z.boolean(),
  SARATHI: z.boolean(),
  FASTAG: z.boolean(),
  EWAYBILL: z.boolean(),
});
const outcomesSchema = z.strictObject(
  Object.fromEntries(
    GATE_RULES.map((r) => [r, z.enum(['HOLD', 'DENY'], { error: 'Outcome must be HOLD or DENY' })]),
  ) as Record<GateRule, z.ZodMiniEnum<{ HOLD: 'HOLD'; DENY: 'DENY' }>>,
);

/** /configuration's gate section; an empty password keeps the one saved. */
export const gateSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  baseUrl: z.string({ error: 'ULIP address is required' }).check(
    z.trim(),
    z.minLength(1, 'ULIP address is required'),
    z.maxLength(300),
    z.refine((v) => /^https?:\/\/[^\s]+$/.test(v), 'ULIP address must start with https://'),
  ),
  username: z
    .string({ error: 'ULIP username is required' })
    .check(z.trim(), z.minLength(1, 'ULIP username is required'), z.maxLength(120)),
  password: z._default(z.optional(z.string().check(z.maxLength(200, 'Must be at most 200 characters'))), ''),
  checks: checksSchema,
  outcomes: outcomesSchema,
  cacheHours: z.coerce
    .number({ error: 'Cache hours must be a number' })
    .check(
      z.int('Cache hours must be a whole number'),
      z.gte(CACHE_HOURS.min, 'Cache hours must be between 1 and 72'),
      z.lte(CACHE_HOURS.max, 'Cache hours must be between 1 and 72'),
    ),
  offlineDeviceHours: z._default(
    z.coerce
      .number({ error: DEVICE_HOURS_TEXT })
      .check(
        z.int(DEVICE_HOURS_TEXT),
        z.gte(OFFLINE_WINDOW.deviceHours.min, DEVICE_HOURS_TEXT),
        z.lte(OFFLINE_WINDOW.deviceHours.max, DEVICE_HOURS_TEXT),
      ),
    OFFLINE_WINDOW.deviceHours.default,
  ),
  offlinePhoneMinutes: z._default(
    z.coerce
      .number({ error: PHONE_MINUTES_TEXT })
      .check(
        z.int(PHONE_MINUTES_TEXT),
        z.gte(OFFLINE_WINDOW.phoneMinutes.min, PHONE_MINUTES_TEXT),
        z.lte(OFFLINE_WINDOW.phoneMinutes.max, PHONE_MINUTES_TEXT),
      ),
    OFFLINE_WINDOW.phoneMinutes.default,
  ),
});
export type GateSettingsInput = z.input<typeof gateSettingsSchema>;

/** What a GET answers: never the password, only whether one is saved. */
export interface GateSettingsView {
  configured: boolean;
  enabled: boolean;
  baseUrl: string;
  username: string;
  hasPassword: boolean;
  checks: Record<GateSource, boolean>;
  outcomes: Record<GateRule, RuleOutcome>;
  cacheHours: number;
  offlineDeviceHours: number;
  offlinePhoneMinutes: number;
  updatedAt: string | null;
}

export const OVERRIDE_REASON_MIN = 10;
export const gateOverrideSchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason for the override (minimum 10 characters)' })
    .check(
      z.trim(),
      z.minLength(OVERRIDE_REASON_MIN, 'Please give a reason for the override (minimum 10 characters)'),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
});

/** The optional driving licence and e-way bill a check-in may carry, checked for form here. */
export const licenceField = z
  .pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(30, 'Must be at most 30 characters')))),
    z.transform((v) => (v ? normalizeRegistryNumber(v) : null)),
  )
  .check(z.refine((v) => v === null || isDrivingLicenceNumber(v), NUMBER_MESSAGES.licence));
export const ewayBillField = z
  .pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(20, 'Must be at most 20 characters')))),
    z.transform((v) => (v ? normalizeRegistryNumber(v) : null)),
  )
  .check(z.refine((v) => v === null || isEwayBillNumber(v), NUMBER_MESSAGES.ewayBill));

export interface GateDayFigures {
  date: string;
  allowed: number;
  held: number;
  denied: number;
  overridden: number;
}
