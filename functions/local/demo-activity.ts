// Demo activity that agrees with the clock (npm start only): the past week's completed days (some
// trucks late, some held at the hub waiting for a door or for their papers, as a real week has them,
// under the demo hub's detention terms: issue #57), today with the history its hours have had by `now`
// (past windows arrived, worked and departed, the one in progress at the dock, later ones scheduled)
// and the driver account's next appointment tomorrow.
// Every step goes through the services the API uses, at the instant it would have happened, so
// timestamps, punctuality and the computed figures are plausible at any hour: before opening the
// dashboard shows today's schedule with yesterday behind it, just before midnight a finished day.
import { bookAppointment, type ChangeContext } from '../appointments';
import { changeAppointmentStatus, changeCheckinStatus, checkInAppointment } from '../checkins';
import { getFacility } from '../facilities';
import { getUser, findUserByIdentifier, toSessionUser } from '../users';
import { addDays, facilityTimeZone, localDateTime, toMinutes } from '../../shared/time';
import { saveDetentionTerms } from '../detention/terms';
import { recordEvent } from '../detention/entries';
import { getAppointment } from '../appointments';
import { DEMO_FACILITY_ID } from './demo-ids';
import type { DocumentsParty } from '../../shared/contracts/detention';
import type { SessionUser } from '../../shared/contracts/auth';
import type { Checkin, CheckinStatus } from '../../shared/contracts/checkins';

/** Minutes after the window's start at which each step happened. */
type Timeline = readonly [checkIn: number, atDock: number, work: number, completed: number, departed: number];

interface Visit {
  carrierId: string;
  driverId: string;
  door: string | null;
  start: string;
  end: string;
  loadType: 'inbound' | 'outbound';
  vehicle?: string;
  method?: Checkin['checkinMethod'];
  /** Omitted: the truck never came; a no-show once its window has closed. */
  timeline?: Timeline;
  /** The documents were late (by the side named): done just before the truck left, after its wait for them. */
  papersLate?: DocumentsParty;
}

// One working day (08:00-18:00): every truck arrives at or after its window opens (two of them
// late) and leaves by its window's end, so each hour has history behind it and work in progress.
const DAY: Visit[] = [
  {
    carrierId: 'carrier-ganga',
    driverId: 'driver-ajay',
    door: 'door-01',
    start: '08:00',
    end: '09:00',
    loadType: 'inbound',
    vehicle: 'UP65CT4411',
    timeline: [5, 12, 18, 50, 57],
  },
  {
    carrierId: 'carrier-sahyadri',
    driverId: 'driver-manoj',
    door: null,
    start: '08:30',
    end: '09:30',
    loadType: 'inbound',
  },
  {
    carrierId: 'carrier-deccan',
    driverId: 'driver-imran',
    door: 'door-02',
    start: '09:00',
    end: '10:30',
    loadType: 'outbound',
    vehicle: 'TS09EA7720',
    timeline: [10, 25, 30, 80, 88],
  },
  {
    carrierId: 'carrier-sahyadri',
    driverId: 'driver-manoj',
    door: 'door-03',
    start: '10:00',
    end: '11:30',
    loadType: 'inbound',
    vehicle: 'MH12KL9081',
    method: 'qr_code',
    timeline: [20, 30, 35, 80, 90],
  },
  {
    carrierId: 'carrier-ganga',
    driverId: 'driver-ravi',
    door: 'door-04',
    start: '11:00',
    end: '12:30',
    loadType: 'outbound',
    vehicle: 'BR01GB7788',
    timeline: [5, 15, 20, 75, 85],
  },
  {
    carrierId: 'carrier-deccan',
    driverId: 'driver-venkat',
    door: 'door-05',
    start: '12:30',
    end: '14:00',
    loadType: 'inbound',
    vehicle: 'KA03MN4521',
    timeline: [0, 10, 15, 70, 80],
  },
  {
    carrierId: 'carrier-ganga',
    driverId: 'driver-ajay',
    door: 'door-01',
    start: '14:00',
    end: '15:30',
    loadType: 'outbound',
    vehicle: 'UP65CT4411',
    timeline: [5, 15, 20, 75, 85],
  },
  {
    carrierId: 'carrier-deccan',
    driverId: 'driver-imran',
    door: 'door-02',
    start: '15:30',
    end: '17:00',
    loadType: 'inbound',
    vehicle: 'TS09EA7720',
    timeline: [25, 35, 40, 80, 88],
  },
  {
    carrierId: 'carrier-sahyadri',
    driverId: 'driver-manoj',
    door: 'door-03',
    start: '16:30',
    end: '18:00',
    loadType: 'outbound',
    vehicle: 'MH12KL9081',
    method: 'qr_code',
    timeline: [10, 20, 25, 80, 88],
  },
];

/**
 * How a past day differed from the plain DAY, by days ago (yesterday is plain), each written by hand:
 * a visit (its index in DAY) came `late` minutes after its timeline's check-in, was `held` minutes in the
 * holding area before a door was free (only trucks whose door is free for the next hours), or waited
 * `papers` minutes for its documents after the work, with the side that was late with them.
 */
interface DayDifferences {
  late?: Record<number, number>;
  held?: Record<number, number>;
  papers?: Record<number, { minutes: number; lateParty: DocumentsParty }>;
}
const PAST_WEEK: Record<number, DayDifferences> = {
  2: { held: { 0: 150 }, late: { 7: 50 } },
  3: { held: { 5: 200 }, papers: { 3: { minutes: 90, lateParty: 'carrier' } } },
  4: { late: { 4: 70 }, held: { 8: 140 } },
  5: { held: { 2: 180 }, late: { 0: 45 }, papers: { 6: { minutes: 60, lateParty: 'hub' } } },
  6: { papers: { 3: { minutes: 120, lateParty: 'carrier' } }, held: { 4: 160 }, late: { 8: 60 } },
};

/** The visit as it went on a day `daysAgo` (its timeline moved by that day's differences). */
function asOn(daysAgo: number, index: number, visit: Visit): Visit {
  const day = PAST_WEEK[daysAgo];
  if (!day || !visit.timeline) return visit;
  const late = day.late?.[index] ?? 0;
  const held = day.held?.[index] ?? 0;
  const papers = day.papers?.[index];
  const [checkIn, atDock, work, completed, departed] = visit.timeline;
  return {
    ...visit,
    timeline: [
      checkIn + late,
      atDock + late + held,
      work + late + held,
      completed + late + held,
      departed + late + held + (papers?.minutes ?? 0),
    ],
    ...(papers && { papersLate: papers.lateParty }),
  };
}

/**
 * The demo hub's detention terms (issue #57): what a Bhiwandi warehouse and its transporters agree for
 * a 32 ft multi-axle and a 20 ft truck, saved when the demo data is first made.
 */
const DEMO_TERMS = [
  { vehicleClass: 'mxl_32ft', freeMinutes: 120, rateRupees: 600, graceMinutes: 30, lateFeeRupees: 1000 },
  { vehicleClass: 'sxl_20ft', freeMinutes: 90, rateRupees: 400, graceMinutes: 30, lateFeeRupees: 750 },
] as const;

/** Tomorrow: the driver account's next appointment. */
const TOMORROW: Visit[] = [
  {
    carrierId: 'carrier-sahyadri',
    driverId: 'driver-suresh',
    door: 'door-06',
    start: '10:00',
    end: '11:00',
    loadType: 'inbound',
  },
];

/** Dispatchers book the evening before; a booking for tomorrow made before that evening is made now. */
const BOOKED_THE_EVENING_BEFORE = '18:00';

const MINUTE = 60_000;

/** The instant a local date and time of a time zone stands for. */
function instantAt(date: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  let instant = wanted;
  // Two corrections reach the zone's offset at that moment, also across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const local = localDateTime(new Date(instant), timeZone);
    instant += wanted - Date.parse(`${local.date}T${local.time}:00Z`);
  }
  return new Date(instant);
}

/** The past days seeded before today: a week's history. */
export const DEMO_PAST_DAYS = 6;

export async function seedDemoActivity(now = new Date(), pastDays = DEMO_PAST_DAYS) {
  const staff = await findUserByIdentifier('operations');
  const facility = await getFacility(staff?.tenantId ?? '', DEMO_FACILITY_ID);
  if (!staff || !facility) return;
  const user = toSessionUser((await getUser(staff.tenantId, staff.id))!);
  const ctx: ChangeContext = { tenantId: user.tenantId, actor: { userId: user.id, username: user.username } };
  const timeZone = facilityTimeZone(facility);
  const today = localDateTime(now, timeZone).date;
  const aWeekAgo = instantAt(addDays(today, -pastDays - 1), BOOKED_THE_EVENING_BEFORE, timeZone);
  for (const terms of DEMO_TERMS)
    await saveDetentionTerms(
      user.tenantId,
      DEMO_FACILITY_ID,
      { userId: user.id, username: user.username },
      { ...terms, revision: undefined },
      aWeekAgo,
    );
  for (let daysAgo = pastDays; daysAgo >= -1; daysAgo--) {
    const visits = daysAgo === -1 ? TOMORROW : DAY;
    for (const [index, visit] of visits.entries())
      await playVisit(user, ctx, timeZone, addDays(today, -daysAgo), asOn(daysAgo, index, visit), now);
  }
}

/** Books the visit, then takes each step whose time has come by `now`, at that time. */
async function playVisit(user: SessionUser, ctx: ChangeContext, timeZone: string, date: string, v: Visit, now: Date) {
  const evening = instantAt(addDays(date, -1), BOOKED_THE_EVENING_BEFORE, timeZone);
  const appointment = await bookAppointment(
    user,
    {
      facilityId: DEMO_FACILITY_ID,
      carrierId: v.carrierId,
      driverId: v.driverId,
      dockDoorId: v.door,
      laborInchargeId: null,
      scheduledDate: date,
      scheduledTimeStart: v.start,
      scheduledTimeEnd: v.end,
      loadType: v.loadType,
      priority: 'normal',
      bookedBy: 'carrier',
      poNumber: `PO-${date.replaceAll('-', '').slice(2)}-${v.start.replace(':', '')}`,
      bolNumber: null,
      palletCount: 18,
      cartonCount: null,
      estimatedDuration: toMinutes(v.end) - toMinutes(v.start),
      specialInstructions: null,
      handlingEquipmentNotes: null,
    },
    new Date(Math.min(evening.getTime(), now.getTime())),
  );
  if (!v.timeline) {
    const closed = instantAt(date, v.end, timeZone);
    if (closed <= now) await changeAppointmentStatus(ctx, appointment.id, 'no_show', closed);
    return;
  }
  const opened = instantAt(date, v.start, timeZone).getTime();
  const [checkIn, ...later] = v.timeline.map((minutes) => new Date(opened + minutes * MINUTE));
  if (checkIn! > now) return;
  const checkin = await checkInAppointment(
    ctx,
    appointment.id,
    { vehicleLicense: v.vehicle ?? null },
    v.method ?? 'manual',
    checkIn,
  );
  const steps: CheckinStatus[] = [
    'at_dock',
    v.loadType === 'outbound' ? 'loading' : 'unloading',
    'completed',
    'departed',
  ];
  for (const [i, step] of steps.entries()) {
    if (later[i]! > now) return;
    await changeCheckinStatus(ctx, checkin.id, step, later[i]);
  }
  // The papers came late: staff note when they were done (just before the truck left) once it has.
  if (v.papersLate) {
    const left = later.at(-1)!.getTime();
    const booked = (await getAppointment(user.tenantId, appointment.id))!;
    await recordEvent(
      user,
      booked,
      { event: 'documents_done', at: new Date(left - MINUTE).toISOString(), lateParty: v.papersLate },
      new Date(Math.min(left + MINUTE, now.getTime())),
    );
  }
}
