// The door plan of one facility's day (issue #58): what the planner is given (the day's doors, its
// trucks with their appointment and live state) and what it returns (each truck a door and a start,
// with the solver's status and gap), and the texts of the plans it refuses. Times are minutes from
// the facility's local midnight (shared/time.ts turns them into HH:mm), so a plan is pure arithmetic
// and the caller (a worker) does the clock.
import * as z from 'zod/mini';
import { PRIORITIES } from './appointments';
import { VEHICLE_TYPES } from './appointments-guest';
import { dateString } from './fields';

/** How a plan is made: today's first free door in order, a greedy plan, or the MILP solver (HiGHS). */
export const PLAN_STRATEGIES = ['firstFree', 'greedy', 'solver'] as const;
export type PlanStrategy = (typeof PLAN_STRATEGIES)[number];

/** A minute of the plan's day, from the facility's local midnight (past 24:00 for a night shift). */
const minute = z.number().check(z.int(), z.gte(0), z.lte(2 * 24 * 60));
const ID_REQUIRED = 'An id is required';
const id = z.string({ error: ID_REQUIRED }).check(z.trim(), z.minLength(1, ID_REQUIRED), z.maxLength(64));
const DOOR_NAME_REQUIRED = 'Door name is required';

export const planDoorSchema = z.strictObject({
  id,
  /** The door's number as staff know it ("D05"). */
  name: z.string({ error: DOOR_NAME_REQUIRED }).check(z.trim(), z.minLength(1, DOOR_NAME_REQUIRED), z.maxLength(40)),
  /** The appointment types it takes (null: every type). */
  appointmentTypeIds: z.nullable(z.array(id)),
  /** The vehicles it takes (null: every vehicle). */
  vehicleTypes: z.nullable(z.array(z.enum(VEHICLE_TYPES))),
  opensAt: minute,
  closesAt: minute,
});
export type PlanDoor = z.output<typeof planDoorSchema>;

/** Where a truck is now: on its way (its FASTag ETA, null: none yet), waiting in holding, or at a door. */
export const truckStateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('expected'), etaMinute: z.nullable(minute) }),
  z.strictObject({ kind: z.literal('holding'), arrivedMinute: minute }),
  z.strictObject({
    kind: z.literal('atDoor'),
    doorId: id,
    startedMinute: minute,
    /** When its unload is now expected to end: later than start + length when it overruns. */
    expectedEndMinute: minute,
  }),
]);
export type TruckState = z.output<typeof truckStateSchema>;

export const planTruckSchema = z.strictObject({
  /** The appointment's id. */
  id,
  appointmentTypeId: id,
  vehicleType: z.enum(VEHICLE_TYPES),
  durationMinutes: z.number().check(z.int(), z.gte(1), z.lte(24 * 60)),
  /** The booked window: its start is when the truck is due. */
  windowStart: minute,
  windowEnd: minute,
  priority: z.enum(PRIORITIES),
  state: truckStateSchema,
  /** The door the truck has already been told (a change costs `changePenaltyMinutes`), null: none. */
  toldDoorId: z.nullable(id),
});
export type PlanTruck = z.output<typeof planTruckSchema>;

// Labour and equipment (issue #58.1): the crews on shift by the minute of the day (a minute no period
// covers has no limit but its doors), the facility's equipment by name and count, and the items each
// appointment type needs (one of each). At any minute, the trucks being worked at doors are at most the
// crews on shift, and those whose type needs an item at most its count.
const count = z.number().check(z.int(), z.gte(0), z.lte(999));
const itemName = z.string().check(z.minLength(1), z.maxLength(40));
const key = z.string().check(z.minLength(1), z.maxLength(64));
export const crewPeriodSchema = z.strictObject({ fromMinute: minute, toMinute: minute, crews: count });
export type CrewPeriod = z.output<typeof crewPeriodSchema>;

export const planInputSchema = z.strictObject({
  facilityId: id,
  date: z.string({ error: 'Date is required' }).check(z.trim(), z.minLength(1, 'Date is required')),
  /** The moment the plan is made: nothing starts before it. */
  nowMinute: minute,
  doors: z.array(planDoorSchema).check(z.maxLength(200)),
  trucks: z.array(planTruckSchema).check(z.maxLength(5000)),
  /**
   * What changing a told door costs, in minutes of one truck's waiting. Small by default: a door told at
   * booking is cheap to change before the truck is called (a larger one trades waiting for fewer changes).
   */
  changePenaltyMinutes: z._default(z.number().check(z.gte(0), z.lte(24 * 60)), 5),
  /** The solver's wall-clock budget for the whole day; past it, the rest is planned greedily. */
  timeLimitSeconds: z._default(z.number().check(z.gt(0), z.lte(600)), 4.5),
  /** Crews on shift by period (none: no limit beyond the doors). */
  crews: z._default(z.array(crewPeriodSchema).check(z.maxLength(48)), []),
  /** The facility's equipment: how many of each named item. */
  equipment: z._default(z.record(itemName, count), {}),
  /** What a truck of an appointment type needs: item names, one of each. */
  needs: z._default(z.record(key, z.array(itemName).check(z.maxLength(10))), {}),
  /** Appointment types' names, for messages (absent: the id is shown). */
  typeNames: z._default(z.record(key, z.string().check(z.maxLength(120))), {}),
});
export type PlanInput = z.input<typeof planInputSchema>;
export type ParsedPlanInput = z.output<typeof planInputSchema>;

export interface PlannedTruck {
  truckId: string;
  doorId: string;
  startMinute: number;
  endMinute: number;
  /** Minutes from when the truck is due (the later of its arrival and its booked start) to its start. */
  waitMinutes: number;
  /** Sent to another door than the one it was told. */
  changed: boolean;
  /** Already at its door: kept as it is. */
  fixed: boolean;
}

/** How the solver's part of a plan went (null for the other strategies). */
export interface SolverReport {
  /** optimal: every window proved optimal; feasible: some stopped at the limit with a solution; fallback: greedy used. */
  status: 'optimal' | 'feasible' | 'fallback';
  /** The largest relative MIP gap of a window (0 when all are optimal). */
  gap: number;
  windows: number;
  /** Windows planned greedily (time limit passed or the solver failed there). */
  fallbackWindows: number;
  seconds: number;
  /** Why the plan fell back, when it did (English). */
  message: string | null;
}

export interface DoorPlan {
  strategy: PlanStrategy;
  trucks: PlannedTruck[];
  /** Trucks no door can finish before it closes. */
  unplaced: string[];
  /** Sum over trucks of waiting by priority weight, plus the change penalties. */
  objective: number;
  totalWaitMinutes: number;
  changes: number;
  solver: SolverReport | null;
  seconds: number;
}

export type PlanProblem =
  | { kind: 'no-doors' }
  | { kind: 'no-door-takes'; truckId: string; appointmentTypeId: string; vehicleType: string }
  | { kind: 'unknown-door'; truckId: string; doorId: string }
  | { kind: 'no-equipment'; truckId: string; appointmentTypeId: string; typeName: string; item: string }
  | { kind: 'invalid-input'; detail: string };

export type PlanResult = { ok: true; plan: DoorPlan } | { ok: false; problem: PlanProblem; message: string };

/** The texts of a refused plan and a fallback, in English (Hindi in shared/i18n/server-messages-hi.json). */
export const PLANNER_TEXTS = {
  noDoors: 'No door is open at this facility on this day, so no plan can be made',
  noDoorTakes: (truck: string, type: string, vehicle: string) =>
    `No door takes appointment ${truck} (type ${type}, vehicle ${vehicle}): give a door that type, or the plan stays as it is`,
  unknownDoor: (truck: string, door: string) =>
    `Appointment ${truck} is at door ${door}, which is not a door of this facility`,
  noEquipment: (truck: string, type: string, item: string) =>
    `Appointment ${truck} is of type ${type}, which needs a ${item}, and this facility has none: add one to its equipment, or the plan stays as it is`,
  invalidInput: (detail: string) => `The plan's input is not valid: ${detail}`,
  solverFailed: (detail: string) => `The solver failed (${detail}); the plan was made greedily`,
  timeLimit: 'The solver reached its time limit; the rest of the day was planned greedily',
} as const;

// Proposals through the API (issue #58.2): staff ask for a plan of a facility's day, which a worker
// solves (the solver is kept out of the request's function); they see it beside today's plan and apply
// all of it or some trucks, each through the door rule, refused for a truck changed since.
const facilityDay = {
  facilityId: z
    .string({ error: 'Facility is required' })
    .check(z.trim(), z.minLength(1, 'Facility is required'), z.maxLength(64)),
  date: dateString('Date must be YYYY-MM-DD'),
};
export const proposalRequestSchema = z.strictObject(facilityDay);
export const latestProposalQuerySchema = z.strictObject(facilityDay);
export const applyProposalSchema = z.strictObject({
  /** The trucks (appointment ids) to apply; absent: every change of the proposal. */
  truckIds: z.optional(z.array(id).check(z.minLength(1, 'Choose at least one truck'), z.maxLength(5000))),
});

export const PROPOSAL_STATUSES = ['solving', 'ready', 'failed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A truck's door and start on the facility's clock (HH:mm), null: none yet. */
export interface PlacedAt {
  doorId: string | null;
  doorNumber: string | null;
  start: string;
  end: string;
}

export interface ProposalTruck {
  appointmentId: string;
  bookingReference: string;
  vehicleLicense: string | null;
  state: TruckState['kind'];
  /** The appointment's revision the plan was made from: applying refuses it once it differs. */
  baseRevision: number;
  current: PlacedAt;
  /** null while the plan is solving, or when no door could take it before closing. */
  proposed: PlacedAt | null;
  waitMinutes: number | null;
  /** The proposal moves it (another door or another start). */
  changed: boolean;
  /** What applying did: applied, or refused with the reason (absent: not applied yet). */
  applied?: { outcome: 'applied' | 'refused'; reason: string | null; at: string };
}

export interface PlanProposal {
  id: string;
  facilityId: string;
  date: string;
  status: ProposalStatus;
  strategy: PlanStrategy;
  /** The solver's status and gap (null until solved). */
  solver: SolverReport | null;
  totalWaitMinutes: number | null;
  changes: number | null;
  /** Why the plan failed, when it did (English; translated by the kernel). */
  message: string | null;
  createdAt: string;
  createdBy: string | null;
  solvedAt: string | null;
  trucks: ProposalTruck[];
  /** Made by automatic re-planning, and why (absent or null: asked for by staff). */
  trigger?: ReplanTrigger | null;
}

/** What applying answered, per truck asked for. */
export interface ApplyResult {
  proposalId: string;
  applied: string[];
  refused: { appointmentId: string; reason: string }[];
}

export const PROPOSAL_TEXTS = {
  notFound: 'Plan proposal not found',
  notReady: 'This plan is still being solved; apply it once it is ready',
  failed: 'This plan failed and cannot be applied',
  notInProposal: (id: string) => `Appointment ${id} is not in this plan`,
  changedSince: 'This appointment changed after the plan was made (checked in, moved or cancelled); plan again',
  noChange: 'The plan keeps this truck as it is',
  waitsInHolding: 'This truck waits in the holding area until its door frees; it is called forward then',
} as const;

// Automatic re-planning (issue #58.2): a facility may let the planner re-plan its day by itself when a
// truck's ETA turns it late or early, or an unload overruns. Such a proposal is applied at once, but only
// to trucks still on their way: booked (awaiting approval or scheduled), not checked in. A truck that has
// checked in has been called (it waits in holding to be called forward, or stands at its door); its
// change stays in the proposal for staff to apply.
/** An ETA this many minutes or more past the truck's booked start makes it late; as many before, early. */
export const REPLAN_TOLERANCE_MINUTES = 15;
export const REPLAN_CAUSES = ['late', 'early', 'overrun'] as const;
export type ReplanCause = (typeof REPLAN_CAUSES)[number];

export const plannerSettingsQuerySchema = z.strictObject({
  facilityId: z
    .string({ error: 'Facility is required' })
    .check(z.trim(), z.minLength(1, 'Facility is required'), z.maxLength(64)),
});
/** The texts of the planner settings' labour and equipment (Hindi in shared/i18n/server-messages-hi.json). */
export const PLANNER_SETTINGS_TEXTS = {
  shiftHour: 'A crew shift starts and ends on a whole hour from 0 to 24',
  shiftOrder: 'A crew shift must end after it starts',
  crews: 'Crews must be a whole number from 0 to 999',
  shiftsOverlap: 'Crew shifts overlap: give each hour of the day one number of crews',
  equipmentName: 'Equipment name is required',
  equipmentCount: 'An equipment count must be a whole number from 0 to 999',
  equipmentTwice: 'Each equipment item is listed once',
  typeRequired: 'Choose an appointment type',
  typeTwice: "Each appointment type's needs are listed once",
  needsItem: 'Choose the equipment it needs',
  unknownItem: (item: string) => `${item} is not in the facility's equipment list`,
  unknownType: (type: string) => `Appointment type ${type} is not a type of this facility`,
} as const;

const T = PLANNER_SETTINGS_TEXTS;
const hour = z.number({ error: T.shiftHour }).check(z.int(T.shiftHour), z.gte(0, T.shiftHour), z.lte(24, T.shiftHour));
const equipmentName = z
  .string({ error: T.equipmentName })
  .check(z.trim(), z.minLength(1, T.equipmentName), z.maxLength(40, 'Must be at most 40 characters'));
export const crewShiftSchema = z
  .strictObject({
    fromHour: hour,
    toHour: hour,
    crews: z.number({ error: T.crews }).check(z.int(T.crews), z.gte(0, T.crews), z.lte(999, T.crews)),
  })
  .check(z.refine((s) => s.toHour > s.fromHour, { message: T.shiftOrder, path: ['toHour'] }));
export const equipmentCountSchema = z.strictObject({
  name: equipmentName,
  count: z
    .number({ error: T.equipmentCount })
    .check(z.int(T.equipmentCount), z.gte(0, T.equipmentCount), z.lte(999, T.equipmentCount)),
});
export const typeNeedsSchema = z.strictObject({
  appointmentTypeId: z
    .string({ error: T.typeRequired })
    .check(z.trim(), z.minLength(1, T.typeRequired), z.maxLength(64, T.typeRequired)),
  items: z.array(equipmentName, { error: T.needsItem }).check(z.minLength(1, T.needsItem), z.maxLength(10)),
});
export type CrewShift = z.output<typeof crewShiftSchema>;
export type EquipmentCount = z.output<typeof equipmentCountSchema>;
export type TypeNeeds = z.output<typeof typeNeedsSchema>;

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const plannerSettingsSaveSchema = z
  .strictObject({
    autoReplan: z.boolean({ error: 'Automatic re-planning must be on or off' }),
    /** Crews on shift by hour of the day (empty: no limit beyond the doors); absent: kept as saved. */
    crews: z.optional(z.array(crewShiftSchema).check(z.maxLength(24))),
    /** The facility's equipment by name and count; absent: kept as saved. */
    equipment: z.optional(z.array(equipmentCountSchema).check(z.maxLength(30))),
    /** What trucks of each appointment type need (items of the equipment list); absent: kept as saved. */
    needs: z.optional(z.array(typeNeedsSchema).check(z.maxLength(100))),
    /** The revision the form loaded (functions/lib/revision.ts); absent: saved over whatever is stored. */
    revision: z.optional(z.number().check(z.int(), z.gte(0))),
  })
  .check(
    z.superRefine((v, ctx) => {
      const shifts = v.crews ?? [];
      shifts.forEach((s, i) => {
        if (shifts.some((o, j) => j < i && o.fromHour < s.toHour && s.fromHour < o.toHour))
          ctx.addIssue({ code: 'custom', message: T.shiftsOverlap, path: ['crews', i, 'fromHour'] });
      });
      const items = v.equipment ?? [];
      items.forEach((e, i) => {
        if (items.some((o, j) => j < i && sameName(o.name, e.name)))
          ctx.addIssue({ code: 'custom', message: T.equipmentTwice, path: ['equipment', i, 'name'] });
      });
      const needs = v.needs ?? [];
      needs.forEach((n, i) => {
        if (needs.some((o, j) => j < i && o.appointmentTypeId === n.appointmentTypeId))
          ctx.addIssue({ code: 'custom', message: T.typeTwice, path: ['needs', i, 'appointmentTypeId'] });
        // Checked against the equipment sent with it (the stored list when none is sent: settings.ts).
        if (v.equipment)
          n.items.forEach((item, k) => {
            if (!items.some((e) => sameName(e.name, item)))
              ctx.addIssue({ code: 'custom', message: T.unknownItem(item), path: ['needs', i, 'items', k] });
          });
      });
    }),
  );
export type PlannerSettingsSave = z.output<typeof plannerSettingsSaveSchema>;

export interface PlannerSettingsView {
  facilityId: string;
  autoReplan: boolean;
  crews: CrewShift[];
  equipment: EquipmentCount[];
  needs: TypeNeeds[];
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** What made the planner re-plan by itself (absent on a proposal staff asked for). */
export interface ReplanTrigger {
  cause: ReplanCause;
  appointmentId: string;
  bookingReference: string | null;
  /** late, early: the truck's ETA (HH:mm on the facility's clock); overrun: when its unload should have ended. */
  at: string | null;
}
