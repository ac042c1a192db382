// The detention rules (issue #57), one module: from a truck's timeline, its window on the facility's
// clock and the facility's terms for its vehicle class, how long it was kept and why, what the hub
// owes the carrier (detention past the free time) and what the carrier owes the hub (the late fee).
//
// - The free time's clock starts at gate-in, or at the window's start for a truck that came early
//   (the hub does not pay for a truck that chose to wait). A truck past its window's start plus the
//   grace loses the guarantee: no detention, and the late fee if the hub charges one; so does a
//   no-show.
// - Every minute from gate-in to gate-out (or to now, while the truck is in) has one cause: waiting
//   for a door until it is at the door (or its work starts), the work at the door until it is
//   finished, the documents until they are done, then the hub holding a truck that is done.
// - Documents late on the carrier's side are the carrier's minutes: they neither use the free time
//   nor count as detention.
// - Detention is charged per started hour: 61 minutes past the free time are two hours.
import type { DetentionCause, DetentionTerms, DocumentsParty, TimelineEvent } from '../../shared/contracts/detention';
import { DETENTION_CAUSES } from '../../shared/contracts/detention';
import { instantOf, localDateTime } from '../../shared/time';

const MINUTE = 60_000;

export interface DetentionCase {
  /** The appointment's window start on the facility's clock. */
  window: { date: string; startTime: string };
  timeZone: string;
  /** The timeline's times as they stand (corrections applied), by event; absent: not happened. */
  stamps: Partial<Record<TimelineEvent, Date>>;
  /** Who held the documents up, when someone did (null: nobody said). */
  documentsLateParty: DocumentsParty | null;
  /** The appointment was marked a no-show. */
  noShow: boolean;
  terms: DetentionTerms;
  /** For a truck still in: its dwell so far. */
  now: Date;
}

export type ArrivalOutcome = 'early' | 'on_time' | 'late' | 'no_show' | 'not_yet';

export interface DetentionAssessment {
  /** The facility's day the truck came in (its window's day until it does). */
  day: string;
  arrival: ArrivalOutcome;
  /** Minutes after the window's start the truck came in (negative: early). */
  lateByMinutes: number | null;
  /** Still in: the figures run to now. */
  open: boolean;
  dwellMinutes: number | null;
  doorWaitMinutes: number | null;
  atDoorMinutes: number | null;
  /** Where the free time starts counting; null: no guarantee (late, no-show, not come). */
  clockStartsAt: Date | null;
  /** When the free time ran out and detention began; null: it has not (or cannot). */
  detentionStartsAt: Date | null;
  /** Every minute of the dwell, by cause. */
  minutesByCause: Record<DetentionCause, number>;
  /** Minutes that are the carrier's own (its late documents). */
  carrierMinutes: number;
  /** The minutes past the free time, by cause. */
  detentionMinutesByCause: Record<DetentionCause, number>;
  detentionMinutes: number;
  /** Started hours of detention. */
  chargedHours: number;
  /** What the hub owes the carrier. */
  detentionPaise: number;
  /** What the carrier owes the hub. */
  lateFeePaise: number;
}

interface Segment {
  cause: DetentionCause;
  from: number;
  to: number;
  carriers: boolean;
}

const byCause = (): Record<DetentionCause, number> =>
  Object.fromEntries(DETENTION_CAUSES.map((c) => [c, 0])) as Record<DetentionCause, number>;

const minutesBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / MINUTE));

/** The dwell from gate-in to `end`, cut into its causes (each event at the earliest where times disagree). */
function segmentsOf(c: DetentionCase, gateIn: number, end: number): Segment[] {
  const at = (event: TimelineEvent) => c.stamps[event]?.getTime();
  const clamp = (t: number | undefined) => (t === undefined ? undefined : Math.min(Math.max(t, gateIn), end));
  const doorAt = clamp(at('at_door') ?? at('work_started'));
  const workDone = doorAt === undefined ? undefined : clamp(at('work_finished'));
  const documentsDone = workDone === undefined ? undefined : clamp(at('documents_done'));
  const carriersDocuments = c.documentsLateParty === 'carrier';
  const bounds: { cause: DetentionCause; from: number | undefined; carriers?: boolean }[] = [
    { cause: 'door_wait', from: gateIn },
    { cause: 'at_door', from: doorAt },
    { cause: 'documents', from: documentsDone === undefined ? undefined : workDone, carriers: carriersDocuments },
    { cause: 'hub_hold', from: documentsDone ?? workDone },
  ];
  const known = bounds.filter((b): b is typeof b & { from: number } => b.from !== undefined);
  return known.map((b, i) => ({
    cause: b.cause,
    from: Math.max(b.from, known[i - 1]?.from ?? b.from),
    to: Math.max(b.from, known[i + 1]?.from ?? end),
    carriers: b.carriers ?? false,
  }));
}

export function assessDetention(c: DetentionCase): DetentionAssessment {
  const windowStart = instantOf(c.window.date, c.window.startTime, c.timeZone).getTime();
  const gateIn = c.stamps.gate_in?.getTime();
  const none: DetentionAssessment = {
    day: c.window.date,
    arrival: c.noShow ? 'no_show' : 'not_yet',
    lateByMinutes: null,
    open: false,
    dwellMinutes: null,
    doorWaitMinutes: null,
    atDoorMinutes: null,
    clockStartsAt: null,
    detentionStartsAt: null,
    minutesByCause: byCause(),
    carrierMinutes: 0,
    detentionMinutesByCause: byCause(),
    detentionMinutes: 0,
    chargedHours: 0,
    detentionPaise: 0,
    lateFeePaise: c.noShow ? c.terms.lateFeePaise : 0,
  };
  if (gateIn === undefined) return none;

  const gateOut = c.stamps.gate_out?.getTime();
  const end = Math.max(gateIn, gateOut ?? c.now.getTime());
  const lateBy = gateIn - windowStart;
  const late = lateBy > c.terms.graceMinutes * MINUTE;
  const arrival: ArrivalOutcome = late ? 'late' : lateBy < 0 ? 'early' : 'on_time';
  const segments = segmentsOf(c, gateIn, end);

  const minutesByCause = byCause();
  let carrierMinutes = 0;
  for (const s of segments) {
    minutesByCause[s.cause] += minutesBetween(s.from, s.to);
    if (s.carriers) carrierMinutes += minutesBetween(s.from, s.to);
  }
  const doorAt = segments.find((s) => s.cause === 'at_door');
  const doorLeft = segments.find((s) => s.cause === 'documents' || s.cause === 'hub_hold');

  // The free time, then detention: the hub's minutes from the clock's start, in the order they came.
  const clockStartsAt = late ? null : Math.max(gateIn, windowStart);
  const detentionMinutesByCause = byCause();
  let detentionStartsAt: number | null = null;
  if (clockStartsAt !== null) {
    let free = c.terms.freeMinutes;
    for (const s of segments) {
      if (s.carriers) continue;
      const from = Math.max(s.from, clockStartsAt);
      const own = minutesBetween(from, s.to);
      const used = Math.min(free, own);
      free -= used;
      detentionMinutesByCause[s.cause] += own - used;
      // The first minute past the free time: where the hub's clock ran out inside this segment.
      if (own > used && detentionStartsAt === null) detentionStartsAt = from + used * MINUTE;
    }
  }
  const detentionMinutes = DETENTION_CAUSES.reduce((sum, cause) => sum + detentionMinutesByCause[cause], 0);
  const chargedHours = Math.ceil(detentionMinutes / 60);

  return {
    day: localDateTime(new Date(gateIn), c.timeZone).date,
    arrival,
    lateByMinutes: Math.round(lateBy / MINUTE),
    open: gateOut === undefined,
    dwellMinutes: minutesBetween(gateIn, end),
    doorWaitMinutes: minutesBetween(gateIn, doorAt?.from ?? end),
    atDoorMinutes: doorAt ? minutesBetween(doorAt.from, doorLeft?.from ?? end) : null,
    clockStartsAt: clockStartsAt === null ? null : new Date(clockStartsAt),
    detentionStartsAt: detentionStartsAt === null ? null : new Date(detentionStartsAt),
    minutesByCause,
    carrierMinutes,
    detentionMinutesByCause,
    detentionMinutes,
    chargedHours,
    detentionPaise: chargedHours * c.terms.ratePaisePerHour,
    lateFeePaise: late ? c.terms.lateFeePaise : 0,
  };
}

/**
 * The detention rupees (paise) of a truck by cause, for the figures (issue #57.4): the charged sum split
 * by each cause's share of the detention minutes, rounded down to the paisa; the paise the rounding
 * leaves go to the cause with the most minutes (the first in DETENTION_CAUSES' order on a tie), so the
 * causes add up to what is charged.
 */
export function detentionPaiseByCause(
  a: Pick<DetentionAssessment, 'detentionMinutesByCause' | 'detentionMinutes' | 'detentionPaise'>,
): Record<DetentionCause, number> {
  const paise = byCause();
  if (a.detentionMinutes <= 0 || a.detentionPaise <= 0) return paise;
  let largest: DetentionCause = DETENTION_CAUSES[0];
  for (const cause of DETENTION_CAUSES) {
    paise[cause] = Math.floor((a.detentionPaise * a.detentionMinutesByCause[cause]) / a.detentionMinutes);
    if (a.detentionMinutesByCause[cause] > a.detentionMinutesByCause[largest]) largest = cause;
  }
  paise[largest] += a.detentionPaise - DETENTION_CAUSES.reduce((sum, cause) => sum + paise[cause], 0);
  return paise;
}
