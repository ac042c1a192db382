// Facilities, dock doors, labour in-charges and equipment (docs/architecture.md §1, facilities).
// Messages are the spec's texts.
import * as z from 'zod/mini';

// A facility's address as one line, without schemas (facility-address.ts): lists show it without loading zod.
export { facilityAddressLine } from './facility-address';
import { isValidTimeZone, toMinutes, DEFAULT_TIME_ZONE } from '../time';
import {
  changesSome,
  NOTHING_TO_CHANGE,
  nonNegativeInt,
  optionalText,
  requiredText,
  seenRevision,
  timeOfDay,
} from './fields';

export const SLOT_MINUTE_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;

const facilityFields = {
  name: requiredText('Facility name is required', 120),
  address: requiredText('Address is required', 300),
  city: optionalText(80),
  state: optionalText(80),
  country: optionalText(80),
  zipCode: optionalText(20),
  contactEmail: z.pipe(
    z.nullable(z.optional(z.union([z.literal(''), z.email('Valid email required').check(z.maxLength(254))]))),
    z.transform((v) => (v ? v.toLowerCase() : null)),
  ),
  contactPhone: optionalText(20),
  operatingHoursStart: timeOfDay('Start time is required'),
  operatingHoursEnd: timeOfDay('End time is required'),
  totalDockDoors: nonNegativeInt('Must be non-negative').check(z.lte(500, 'At most 500 dock doors')),
  timeZone: z.string().check(z.trim(), z.refine(isValidTimeZone, 'Unknown time zone')),
  slotMinutes: z.coerce.number().check(
    z.int(),
    z.refine(
      (v) => (SLOT_MINUTE_CHOICES as readonly number[]).includes(v),
      'Slot length must be one of 15, 30, 45, 60, 90, 120, 180 or 240 minutes',
    ),
  ),
  slotCapacity: z.coerce
    .number()
    .check(
      z.int('Must be a whole number'),
      z.gte(1, 'Each slot takes at least 1 booking'),
      z.lte(100, 'At most 100 bookings per slot'),
    ),
};

const hoursInOrder = (v: { operatingHoursStart?: string; operatingHoursEnd?: string }) =>
  !v.operatingHoursStart || !v.operatingHoursEnd || toMinutes(v.operatingHoursEnd) > toMinutes(v.operatingHoursStart);
const HOURS_ORDER = { message: 'Closing time must be after opening time', path: ['operatingHoursEnd'] };

/** An Indian PIN code: six digits, the first not 0. Checked where the facility is in India (or no country is given). */
export const PIN_CODE = /^[1-9]\d{5}$/;
const inIndia = (country: string | null | undefined) => !country || /^india$/i.test(country.trim());
const pinCodeValid = (v: { country?: string | null; zipCode?: string | null }) =>
  !v.zipCode || !inIndia(v.country) || PIN_CODE.test(v.zipCode);
const PIN_CODE_FORMAT = { message: 'PIN code must be 6 digits', path: ['zipCode'] };

/** A new facility: what is left out takes the defaults. */
export const facilityInputSchema = z
  .strictObject({
    ...facilityFields,
    totalDockDoors: z._default(facilityFields.totalDockDoors, 0),
    timeZone: z._default(facilityFields.timeZone, DEFAULT_TIME_ZONE),
    slotMinutes: z._default(facilityFields.slotMinutes, 60),
    slotCapacity: z._default(facilityFields.slotCapacity, 2),
  })
  .check(z.refine(hoursInOrder, HOURS_ORDER), z.refine(pinCodeValid, PIN_CODE_FORMAT));
export type FacilityInput = z.input<typeof facilityInputSchema>;

/**
 * An edit of a facility: only the fields it carries (no defaults, so a field left out is kept as it
 * is), at least one of them, and the revision the editing form loaded (`seenRevision`).
 */
export const facilityUpdateSchema = z
  .extend(z.partial(z.strictObject({ ...facilityFields })), { revision: seenRevision })
  .check(
    z.refine(hoursInOrder, HOURS_ORDER),
    z.refine(pinCodeValid, PIN_CODE_FORMAT),
    z.refine(changesSome(Object.keys(facilityFields)), { message: NOTHING_TO_CHANGE, path: ['_'] }),
  );
export type FacilityUpdate = z.output<typeof facilityUpdateSchema>;

export const DOOR_TYPES = ['standard', 'refrigerated', 'oversized', 'hazmat'] as const;
/** The number of a facility's n-th dock door as Add Facility and sign-up create them: D01, D02, … D120. */
export const dockDoorNumber = (n: number) => `D${String(n).padStart(2, '0')}`;
export const DOOR_STATUSES = ['available', 'occupied', 'maintenance'] as const;
const feet = z.optional(
  z.union([
    z.literal(''),
    z.null(),
    z.coerce.number({ error: 'Must be positive' }).check(z.gt(0, 'Must be positive'), z.lte(50, 'At most 50 ft')),
  ]),
);
const positiveFeet = z.pipe(
  feet,
  z.transform((v) => (v === '' || v === undefined ? null : v)),
);
/** In an edit, a limit left out is kept; empty clears it. */
const editedFeet = z.pipe(
  feet,
  z.transform((v) => (v === '' ? null : v)),
);

export const dockDoorInputSchema = z.strictObject({
  facilityId: z
    .string({ error: 'Facility is required' })
    .check(z.trim(), z.minLength(1, 'Facility is required'), z.maxLength(64)),
  doorNumber: requiredText('Door number is required', 20),
  doorType: z._default(z.enum(DOOR_TYPES, { error: 'Door type is required' }), 'standard'),
  maxVehicleHeight: positiveFeet,
  maxVehicleWidth: positiveFeet,
  status: z._default(z.enum(DOOR_STATUSES), 'available'),
});
export type DockDoorInput = z.input<typeof dockDoorInputSchema>;

/** An edit of a dock door: its type, limits and status (its number is its claim within the facility and stays). */
export const dockDoorUpdateSchema = z
  .strictObject({
    doorType: z.optional(z.enum(DOOR_TYPES, { error: 'Door type is required' })),
    maxVehicleHeight: editedFeet,
    maxVehicleWidth: editedFeet,
    status: z.optional(z.enum(DOOR_STATUSES, { error: `Status must be one of ${DOOR_STATUSES.join(', ')}` })),
    revision: seenRevision,
  })
  .check(
    z.refine(changesSome(['doorType', 'maxVehicleHeight', 'maxVehicleWidth', 'status']), {
      message: NOTHING_TO_CHANGE,
      path: ['_'],
    }),
  );

export const laborInchargeInputSchema = z.strictObject({
  name: requiredText('Name is required', 120),
  specialization: optionalText(80),
});
export const equipmentInputSchema = z.strictObject({
  name: requiredText('Equipment name is required', 120),
  type: requiredText('Equipment type is required', 60),
  capacity: optionalText(40),
  notes: optionalText(300),
});

/** A facility as stored and as the API returns it. */
export interface Facility {
  id: string;
  tenantId: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  country: string | null;
  zipCode: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  operatingHoursStart: string;
  operatingHoursEnd: string;
  timeZone: string;
  totalDockDoors: number;
  /** Dock doors actually recorded for the facility. */
  doorCount: number;
  slotMinutes: number;
  slotCapacity: number;
  isActive: boolean;
  createdAt: string;
  updatedAt?: string;
  /** functions/lib/revision.ts; a facility from before revisions has none (revision 0). */
  revision?: number;
  /** In the list: the tenant's home facility, whose today the staff screens start on. */
  isDefault?: boolean;
}
