// Carriers and their drivers (docs/architecture.md §1, carriers). Messages are the spec's texts.
import * as z from 'zod/mini';
import { changesSome, NOTHING_TO_CHANGE, optionalText, requiredText, seenRevision } from './fields';
import { driverReachFields } from './messaging-drivers';
import { gstin } from './tenancy';

export const SERVICE_TYPES = [
  { value: 'LTL', label: 'LTL (Less Than Truckload)' },
  { value: 'FTL', label: 'FTL (Full Truckload)' },
  { value: 'Refrigerated', label: 'Refrigerated' },
  { value: 'Hazmat', label: 'Hazmat' },
  { value: 'Expedited', label: 'Expedited' },
  { value: 'Intermodal', label: 'Intermodal' },
  { value: 'Local Delivery', label: 'Local Delivery' },
  { value: 'Cross Docking', label: 'Cross Docking' },
] as const;
const SERVICE_TYPE_VALUES = SERVICE_TYPES.map((s) => s.value) as [string, ...string[]];

export const carrierInputSchema = z.strictObject({
  name: requiredText('Carrier name is required', 120),
  contactEmail: z.pipe(
    z.nullable(z.optional(z.union([z.literal(''), z.email('Valid email required').check(z.maxLength(254))]))),
    z.transform((v) => (v ? v.toLowerCase() : null)),
  ),
  contactPhone: optionalText(20),
  gstin,
  serviceTypes: z.pipe(
    z
      .array(z.enum(SERVICE_TYPE_VALUES, { error: 'Unknown service type' }), {
        error: 'Please select at least one service type',
      })
      .check(z.minLength(1, 'Please select at least one service type'), z.maxLength(SERVICE_TYPES.length)),
    z.transform((v) => [...new Set(v)]),
  ),
});
export type CarrierInput = z.input<typeof carrierInputSchema>;

/** An edit of a carrier: the fields it carries (at least one), and the revision its form loaded. */
export const carrierUpdateSchema = z
  .extend(z.partial(carrierInputSchema), { revision: seenRevision })
  .check(z.refine(changesSome(Object.keys(carrierInputSchema.shape)), { message: NOTHING_TO_CHANGE, path: ['_'] }));

export const driverInputSchema = z.strictObject({
  carrierId: z
    .string({ error: 'Carrier is required' })
    .check(z.trim(), z.minLength(1, 'Carrier is required'), z.maxLength(64)),
  name: requiredText('Driver name is required', 120),
  phone: optionalText(20),
  licenseNumber: requiredText('License number is required', 30),
  // How the driver is messaged (issues #15, #29.3): channels in fallback order and the language.
  ...driverReachFields,
});
export type DriverInput = z.input<typeof driverInputSchema>;

/** An edit of a driver (who stays with their carrier): the fields it carries, and the revision its form loaded. */
const driverFields = z.omit(driverInputSchema, { carrierId: true });
export const driverUpdateSchema = z
  .extend(z.partial(driverFields), { revision: seenRevision })
  .check(z.refine(changesSome(Object.keys(driverFields.shape)), { message: NOTHING_TO_CHANGE, path: ['_'] }));

/** A driver's own choice in the driver app (PATCH /api/driver/preferences): channels and language, from the revision loaded. */
const driverReach = z.strictObject(driverReachFields);
export const driverPreferencesSchema = z
  .extend(z.partial(driverReach), { revision: seenRevision })
  .check(z.refine(changesSome(Object.keys(driverReach.shape)), { message: NOTHING_TO_CHANGE, path: ['_'] }));
export type DriverPreferencesInput = z.input<typeof driverPreferencesSchema>;

/** What an approved account books for: its carrier, and for a driver their driver record; how it was found. */
export interface AccountLink {
  carrierId: string;
  carrierName: string;
  driverId: string | null;
  driverName: string | null;
  how: 'chosen' | 'licence' | 'phone' | 'email' | 'created';
}
