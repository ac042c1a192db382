// The statuses of an appointment and of its check-in, and the one machine that moves both (issue
// #28.2): plain values and rules, apart from the schemas (appointments.ts re-exports them), so that a
// screen showing a status does not load zod with them.
export const APPOINTMENT_STATUSES = [
  'pending_approval',
  'scheduled',
  'arrived',
  'loading',
  'unloading',
  'departed',
  'cancelled',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** The statuses of a truck on site: it holds its dock door until it departs. */
export const ON_SITE_STATUSES: readonly AppointmentStatus[] = ['arrived', 'loading', 'unloading'];
/** Booked and not yet gone, cancelled or missed: a booking awaiting approval already holds its door. */
export const OPEN_STATUSES: readonly AppointmentStatus[] = ['pending_approval', 'scheduled', ...ON_SITE_STATUSES];

/** The check-in's statuses (shared/contracts/checkins.ts re-exports them with the check-in). */
export const CHECKIN_STATUSES = ['checked_in', 'at_dock', 'loading', 'unloading', 'completed', 'departed'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];

/**
 * The on-site life of a truck (issue #28.2): ONE machine drives both of its records. Each stage
 * names the appointment's status and the check-in's (none before arrival), and the stages it may
 * move to; a status change of either record is a move of the stage, written to both records. The
 * work at the door ends with `completed` (the appointment is over: departed, its door released);
 * a truck turned away leaves from `checked_in`. The two status flows below are read off this table.
 */
export const TRUCK_STAGES = {
  // A carrier's booking at a facility that approves them (issue #32): it holds its door and reference
  // like a scheduled one; staff approve it (scheduled) or refuse it with a reason (cancelled).
  pending_approval: { appointment: 'pending_approval', checkin: null, next: ['scheduled', 'cancelled'] },
  scheduled: { appointment: 'scheduled', checkin: null, next: ['checked_in', 'cancelled', 'no_show'] },
  checked_in: { appointment: 'arrived', checkin: 'checked_in', next: ['at_dock', 'loading', 'unloading', 'departed'] },
  at_dock: { appointment: 'arrived', checkin: 'at_dock', next: ['loading', 'unloading'] },
  loading: { appointment: 'loading', checkin: 'loading', next: ['completed', 'departed'] },
  unloading: { appointment: 'unloading', checkin: 'unloading', next: ['completed', 'departed'] },
  completed: { appointment: 'departed', checkin: 'completed', next: ['departed'] },
  departed: { appointment: 'departed', checkin: 'departed', next: [] },
  cancelled: { appointment: 'cancelled', checkin: null, next: [] },
  no_show: { appointment: 'no_show', checkin: null, next: [] },
} as const satisfies Record<
  string,
  { appointment: AppointmentStatus; checkin: CheckinStatus | null; next: readonly string[] }
>;
export type TruckStage = keyof typeof TRUCK_STAGES;
const STAGES = Object.keys(TRUCK_STAGES) as TruckStage[];
const nextOf = (stage: TruckStage) => TRUCK_STAGES[stage].next as readonly TruckStage[];

/** The stage of an appointment and its check-in (none: an appointment moved without one). */
export function truckStage(appointment: AppointmentStatus, checkin: CheckinStatus | null): TruckStage {
  if (checkin) return STAGES.find((s) => TRUCK_STAGES[s].checkin === checkin)!;
  // Without a check-in, the stage the appointment's status first names (arrived: just checked in).
  return STAGES.find((s) => TRUCK_STAGES[s].appointment === appointment)!;
}

/**
 * The stage a status change of one record moves to, or null when the machine does not allow it. An
 * appointment status names the stage of the same name where there is one (loading -> departed is
 * the truck leaving, not the work completing).
 */
export function nextStage(
  from: TruckStage,
  change: { appointment: AppointmentStatus } | { checkin: CheckinStatus },
): TruckStage | null {
  const options = nextOf(from);
  if ('checkin' in change) return options.find((s) => TRUCK_STAGES[s].checkin === change.checkin) ?? null;
  const matching = options.filter(
    (s) => TRUCK_STAGES[s].appointment === change.appointment && TRUCK_STAGES[from].appointment !== change.appointment,
  );
  return matching.find((s) => s === change.appointment) ?? matching[0] ?? null;
}

/** Which status changes of one record the machine allows, read off TRUCK_STAGES (for screens and tests). */
function flowOf<S extends string>(statuses: readonly S[], recordOf: (stage: TruckStage) => S | null) {
  return Object.fromEntries(
    statuses.map((status) => {
      const to = STAGES.filter((s) => recordOf(s) === status).flatMap((s) => nextOf(s).map(recordOf));
      return [status, [...new Set(to)].filter((t): t is S => t !== null && t !== status)];
    }),
  ) as unknown as Record<S, readonly S[]>;
}

/**
 * The appointment's status flow the server enforces (from TRUCK_STAGES); the UI offers the spec's
 * three actions from it. Only a scheduled appointment can be cancelled, and only through its own call
 * (with a reason).
 */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = flowOf(
  APPOINTMENT_STATUSES,
  (s) => TRUCK_STAGES[s].appointment,
);
/** The check-in's status flow (from TRUCK_STAGES). */
export const CHECKIN_TRANSITIONS: Record<CheckinStatus, readonly CheckinStatus[]> = flowOf(
  CHECKIN_STATUSES,
  (s) => TRUCK_STAGES[s].checkin,
);

export function canTransition(from: string, to: string): boolean {
  return (STATUS_TRANSITIONS[from as AppointmentStatus] ?? []).includes(to as AppointmentStatus);
}
