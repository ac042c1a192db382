// Appointment types and custom booking fields of a facility (issue #32): what a load is, how long it
// takes at the door (its duration rule, on the facility's slot grid), which doors and vehicles take
// it, and the extra questions a booking answers. The rules that both the server and the booking forms
// apply (a load's duration, a field's value) live here, once.
import * as z from 'zod/mini';
import { LOAD_TYPES } from './appointments';
import { VEHICLE_TYPES } from './appointments-guest';
import { requiredText, seenRevision } from './fields';
import { isValidDate } from '../time';
import { FIELD_KINDS, type FieldValue } from './booking-fields';

export { FIELD_KINDS, fieldValuesSchema } from './booking-fields';
export type { BookedField, FieldKind, FieldValue } from './booking-fields';

export const DURATION_UNITS = ['pallet', 'unit'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const MINUTES_PER_DAY = 24 * 60;
/** The most a per-unit rule may be asked to count (pallets or units of one load). */
export const MAX_RULE_QUANTITY = 10_000;

const minutes = (message: string) =>
  z.coerce
    .number({ error: message })
    .check(z.int('Must be a whole number'), z.gte(0, message), z.lte(100_000, message));

export const durationRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('fixed'), minutes: minutes('Enter the minutes a load takes') }),
    z
      .strictObject({
        kind: z.literal('per-unit'),
        unit: z.enum(DURATION_UNITS, { error: 'Count by pallet or by unit' }),
        minutesPerUnit: minutes('Enter the minutes per pallet or unit'),
        minMinutes: minutes('Enter the shortest time a load takes'),
        maxMinutes: minutes('Enter the longest time a load takes'),
        maxQuantity: z.coerce
          .number({ error: 'Enter the most pallets or units one load may have' })
          .check(
            z.int('Must be a whole number'),
            z.gte(1, 'Enter the most pallets or units one load may have'),
            z.lte(MAX_RULE_QUANTITY, `At most ${MAX_RULE_QUANTITY}`),
          ),
      })
      .check(
        z.refine((r) => r.maxMinutes >= r.minMinutes, {
          message: 'The longest time must not be shorter than the shortest',
          path: ['maxMinutes'],
        }),
      ),
  ],
  { error: 'Choose fixed minutes or minutes per pallet or unit' },
);
export type DurationRule = z.output<typeof durationRuleSchema>;

const roundUpToGrid = (m: number, grid: number) => Math.ceil(m / grid) * grid;

/** The minutes a load of `quantity` takes by the rule, rounded up to the facility's slot grid. */
export function loadMinutes(rule: DurationRule, quantity: number | null, grid: number): number {
  if (rule.kind === 'fixed') return roundUpToGrid(rule.minutes, grid);
  const raw = Math.min(Math.max((quantity ?? 0) * rule.minutesPerUnit, rule.minMinutes), rule.maxMinutes);
  return roundUpToGrid(raw, grid);
}

export const DURATION_ZERO = 'This rule gives 0 minutes for some loads: every load must take some time';
export const DURATION_OVER_A_DAY = 'This rule gives more than a day (1440 minutes) for some loads';

/** Why a rule cannot be set up on this grid (null: it can): every allowed quantity must take 1 minute to a day. */
export function durationRuleProblem(rule: DurationRule, grid: number): string | null {
  // The duration only grows with the quantity, so the smallest and largest allowed loads decide.
  const shortest = loadMinutes(rule, 1, grid);
  const longest = loadMinutes(rule, rule.kind === 'fixed' ? 1 : rule.maxQuantity, grid);
  if (shortest <= 0) return DURATION_ZERO;
  if (longest > MINUTES_PER_DAY) return DURATION_OVER_A_DAY;
  return null;
}

export const QUANTITY_REQUIRED = 'Enter the number of pallets or units for this appointment type';

/** Why a load's quantity does not fit the type (null: it does). */
export function quantityProblem(rule: DurationRule, quantity: number | null): string | null {
  if (rule.kind === 'fixed') return null;
  if (quantity === null || quantity < 1) return QUANTITY_REQUIRED;
  if (quantity > rule.maxQuantity) return `This appointment type takes at most ${rule.maxQuantity} per load`;
  return null;
}

const optionalName = z.pipe(
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(80, 'Must be at most 80 characters')))),
  z.transform((v) => (v ? v : null)),
);

export const appointmentTypeInputSchema = z.strictObject({
  name: requiredText('Name is required', 80),
  nameHi: optionalName,
  direction: z.enum(LOAD_TYPES, { error: 'Direction must be inbound or outbound' }),
  vehicleTypes: z
    .array(z.enum(VEHICLE_TYPES, { error: 'Unknown vehicle type' }))
    .check(z.maxLength(VEHICLE_TYPES.length)),
  doorIds: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))).check(z.maxLength(500)),
  durationRule: durationRuleSchema,
});
export type AppointmentTypeInput = z.input<typeof appointmentTypeInputSchema>;
export const appointmentTypeUpdateSchema = z.extend(appointmentTypeInputSchema, { revision: seenRevision });

export interface AppointmentType extends z.output<typeof appointmentTypeInputSchema> {
  id: string;
  facilityId: string;
  revision: number;
  updatedAt: string;
}

const fieldText = (max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)))),
    z.transform((v) => (v ? v : null)),
  );

/**
 * What every booking form at a facility asks already (its key and its label as the forms show it, with
 * the other spellings staff write): a custom field that repeats one would ask the same thing twice
 * (issue #53, item 5), so set-up refuses it.
 */
export const BUILT_IN_BOOKING_FIELDS: readonly { key: string; labels: readonly string[] }[] = [
  { key: 'poNumber', labels: ['PO number', 'Purchase order number'] },
  { key: 'bolNumber', labels: ['BOL number', 'Bill of lading number'] },
  { key: 'palletCount', labels: ['Pallet count', 'Pallets'] },
  { key: 'cartonCount', labels: ['Carton count', 'Cartons'] },
  { key: 'quantity', labels: ['PO quantity (units)', 'PO quantity'] },
  { key: 'loadType', labels: ['Load type'] },
  { key: 'priority', labels: ['Priority'] },
  { key: 'specialInstructions', labels: ['Special instructions'] },
  { key: 'handlingEquipmentNotes', labels: ['Handling equipment notes'] },
  { key: 'vehicleNumber', labels: ['Vehicle number'] },
  { key: 'vehicleType', labels: ['Vehicle type'] },
  { key: 'capacityTons', labels: ['Capacity (tons)'] },
  { key: 'driverName', labels: ['Driver name'] },
  { key: 'driverLicense', labels: ['Driving license', 'Driving licence', 'Driving licence number'] },
  { key: 'mobileNumber', labels: ['Mobile number'] },
  { key: 'ownerName', labels: ['Owner name'] },
  { key: 'ownerContactNumber', labels: ['Owner contact number'] },
  { key: 'goodsType', labels: ['Goods type'] },
  { key: 'ewayBill', labels: ['E-way bill', 'E-way bill number'] },
];

/** A label as compared with the built-in fields: case, spaces and punctuation do not count ("P.O. Number" = "poNumber"). */
const comparable = (label: string) =>
  label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
const BUILT_IN_BY_NAME = new Map(
  BUILT_IN_BOOKING_FIELDS.flatMap((f) => [f.key, ...f.labels].map((name) => [comparable(name), f.labels[0]!])),
);
/** The built-in field a custom field's label repeats (its label as the forms show it), or null. */
export const builtInFieldRepeated = (label: string | null): string | null =>
  (label && BUILT_IN_BY_NAME.get(comparable(label))) || null;
export const repeatsBuiltInMessage = (builtIn: string) =>
  `This repeats the built-in field "${builtIn}", which every booking asks already`;

export const bookingFieldInputSchema = z
  .strictObject({
    label: requiredText('Label is required', 80),
    labelHi: fieldText(80),
    kind: z.enum(FIELD_KINDS, { error: 'Choose text, number, date, dropdown or checkbox' }),
    /** The types it is asked for; empty: every booking at the facility. */
    typeIds: z._default(
      z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))).check(z.maxLength(100)),
      [],
    ),
    options: z._default(z.array(requiredText('An option cannot be empty', 80)).check(z.maxLength(50)), []),
    requiredForStaff: z._default(z.boolean(), false),
    requiredForCarriers: z._default(z.boolean(), false),
    hiddenFromCarriers: z._default(z.boolean(), false),
    pattern: fieldText(200),
    min: z._default(z.optional(z.nullable(z.number())), null),
    max: z._default(z.optional(z.nullable(z.number())), null),
    message: fieldText(200),
    messageHi: fieldText(200),
    uniquePerFacility: z._default(z.boolean(), false),
  })
  .check(
    z.superRefine((f, ctx) => {
      for (const path of ['label', 'labelHi'] as const) {
        const builtIn = builtInFieldRepeated(f[path]);
        if (builtIn) ctx.addIssue({ code: 'custom', path: [path], message: repeatsBuiltInMessage(builtIn) });
      }
      if (f.kind === 'dropdown' && f.options.length < 1)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'A dropdown needs at least one option' });
      if (f.hiddenFromCarriers && f.requiredForCarriers)
        ctx.addIssue({
          code: 'custom',
          path: ['requiredForCarriers'],
          message: 'A field hidden from carriers cannot be required for them',
        });
      if (f.pattern !== null) {
        if (f.kind !== 'text')
          ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'Only a text field can have a pattern' });
        else
          try {
            new RegExp(f.pattern);
          } catch {
            ctx.addIssue({
              code: 'custom',
              path: ['pattern'],
              message: 'This pattern is not a valid regular expression',
            });
          }
      }
      if ((f.min !== null || f.max !== null) && f.kind !== 'number')
        ctx.addIssue({ code: 'custom', path: ['min'], message: 'Only a number field can have a range' });
      if (f.min !== null && f.max !== null && f.max < f.min)
        ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum must not be below the minimum' });
      if (f.uniquePerFacility && (f.kind === 'checkbox' || f.kind === 'dropdown'))
        ctx.addIssue({
          code: 'custom',
          path: ['uniquePerFacility'],
          message: 'Only a text, number or date field can be unique',
        });
    }),
  );
export type BookingFieldInput = z.input<typeof bookingFieldInputSchema>;
export const bookingFieldUpdateSchema = z.strictObject({
  field: bookingFieldInputSchema,
  revision: seenRevision,
});

export interface BookingField extends z.output<typeof bookingFieldInputSchema> {
  id: string;
  facilityId: string;
  revision: number;
  updatedAt: string;
}

/** A facility's types and booking fields, as its settings and booking forms read them. */
export interface BookingSetup {
  facilityId: string;
  slotMinutes: number;
  types: AppointmentType[];
  fields: BookingField[];
}

/** Who answers the fields: staff see them all, carriers (signed-in or guests) not the hidden ones. */
export type FieldAudience = 'staff' | 'carrier';

/** The fields a booking of `typeId` at the facility asks `audience` for. */
export const fieldsAsked = (fields: BookingField[], typeId: string | null, audience: FieldAudience) =>
  fields.filter(
    (f) =>
      (!f.typeIds.length || (typeId !== null && f.typeIds.includes(typeId))) &&
      !(audience === 'carrier' && f.hiddenFromCarriers),
  );

const isBlank = (v: FieldValue | undefined) => v === undefined || v === null || v === '' || v === false;

/** A field's message in a language: its own (when it has one) or the generic one given. */
export interface FieldProblem {
  en: string;
  hi: string | null;
}

/** Why a value does not fit its field (null: it does), with the field's own message where it has one. */
export function fieldValueProblem(
  field: BookingField,
  value: FieldValue | undefined,
  audience: FieldAudience,
): FieldProblem | null {
  const required = audience === 'staff' ? field.requiredForStaff : field.requiredForCarriers;
  if (isBlank(value)) return required ? { en: `${field.label} is required`, hi: null } : null;
  const own = (generic: string): FieldProblem => ({ en: field.message ?? generic, hi: field.messageHi });
  switch (field.kind) {
    case 'checkbox':
      return typeof value === 'boolean' ? null : own('Must be yes or no');
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n)) return own('Must be a number');
      if ((field.min !== null && n < field.min) || (field.max !== null && n > field.max))
        return own(`Must be between ${field.min ?? '…'} and ${field.max ?? '…'}`);
      return null;
    }
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? null : own('Use a date in the form YYYY-MM-DD');
    case 'dropdown':
      return typeof value === 'string' && field.options.includes(value) ? null : own('Choose one of the options');
    default:
      if (typeof value !== 'string') return own('Must be text');
      return field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value.trim())
        ? own('Not in the expected form')
        : null;
  }
}

/** A field's value as stored: numbers as numbers, text trimmed. */
export function storedValue(field: BookingField, value: FieldValue): string | number | boolean {
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'checkbox') return Boolean(value);
  return String(value).trim();
}
