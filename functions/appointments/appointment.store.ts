// Appointments: each in its own partition (TENANT#<t>#APPT#<id>), found by facility and date through
// GSI1 (TENANT#<t>#FACILITY#<f>#APPTMONTH#<yyyy-mm>, sorted by date and start: a hub's days are its own
// partition, so a tenant of 100 hubs reads none of the others' days, and a month is one Query;
// docs/scale.md §3; until reindexAppointments has run, the days written before also lie under
// TENANT#<t>#APPTDATE#<date>, read beside it), by driver through GSI2 (one without a
// driver record by the person's key for its mobile number, TENANT#<t>#APPTPHONE#<key>), and, while a
// truck is on site at a door, through the sparse GSI3 (TENANT#<t>#FACILITY#<f>#ATDOOR#<date>): the
// live yard reads the few appointments holding doors, not the whole day. Every write of an
// appointment puts the whole item through appointmentItem, so the index keys follow each change.
// Dock door time is reserved with one DOORBLOCK# item per quarter hour in the facility's
// partition, written with attribute_not_exists: two bookings of one door and time cannot both land.
// Each write of an appointment also notes the change in its day's change log (day-changes.store.ts, in
// the same transaction), so a screen polling today's schedule reads what changed since its last poll.
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import {
  batchGet,
  getItem,
  isConditionalCheckFailed,
  queryAll,
  queryPrefix,
  withCompanions,
  withoutKeys,
} from '../lib/dynamo';
import { revised, revisionCondition, revisionOf } from '../lib/revision';
import { facilityKeys, listFacilities } from '../facilities';
import { heldWindow, quarterBlocks } from './rules';
import { ON_SITE_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import { scheduleOrder } from '../../shared/contracts/todays-schedule';
import { tenantPk } from '../lib/table';
import { scheduleChangePuts } from './day-changes.store';
import { phoneKeyOf } from '../lib/person-key';
import { heldAtGate, type GateOutcome } from '../../shared/contracts/gate';

export const appointmentKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'APPT', id), SK: 'APPT' }),
  byDate: (a: Pick<Appointment, 'tenantId' | 'facilityId' | 'scheduledDate' | 'scheduledTimeStart' | 'id'>) => ({
    GSI1PK: byMonthPartition(a.tenantId, a.facilityId, a.scheduledDate.slice(0, 7)),
    GSI1SK: `${a.scheduledDate}#${a.scheduledTimeStart}#${a.id}`,
  }),
  /**
   * The person's appointments: by driver, or (issue #52) an appointment without a driver record that
   * holds a mobile number (a guest's, a walk-in's) by the person's key for that number.
   */
  byPerson: (
    a: Pick<Appointment, 'tenantId' | 'driverId' | 'driverPhone' | 'scheduledDate' | 'scheduledTimeStart' | 'id'> & {
      guest?: Appointment['guest'];
    },
  ) => {
    const GSI2SK = `${a.scheduledDate}#${a.scheduledTimeStart}#${a.id}`;
    if (a.driverId) return { GSI2PK: tenantPk(a.tenantId, 'DRIVER', a.driverId), GSI2SK };
    const phone = a.driverPhone ?? a.guest?.ownerContactNumber;
    const person = phone ? phoneKeyOf(a.tenantId, phone) : null;
    return person ? { GSI2PK: byPhonePartition(a.tenantId, person), GSI2SK } : {};
  },
  atDoor: (a: Appointment) =>
    a.dockDoorId && ON_SITE_STATUSES.includes(a.status)
      ? { GSI3PK: atDoorPartition(a.tenantId, a.facilityId, a.scheduledDate), GSI3SK: `${a.dockDoorId}#${a.id}` }
      : {},
  doorBlock: (tenantId: string, facilityId: string, doorId: string, date: string, block: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `DOORBLOCK#${doorId}#${date}#${block}`,
  }),
};

/** A facility's month of appointments (a day is a key range of it: its sort key is date#start#id). */
const byMonthPartition = (tenantId: string, facilityId: string, month: string) =>
  tenantPk(tenantId, 'FACILITY', facilityId, 'APPTMONTH', month);
/**
 * The date index's key before issue #60: one partition per tenant and date, every facility's day in
 * it (sorted by facility#start#id; the busiest tenant's hubs all read one partition). Appointments not
 * written since keep it until reindexAppointments (reindex.store.ts) moves them; the reads below look there
 * too, so nothing is missed before or during the move. Drop it (and these reads) once every stage has
 * run the move.
 */
const legacyByDatePartition = (tenantId: string, date: string) => tenantPk(tenantId, 'APPTDATE', date);

const byPhonePartition = (tenantId: string, person: string) => tenantPk(tenantId, 'APPTPHONE', person);

const atDoorPartition = (tenantId: string, facilityId: string, date: string) =>
  tenantPk(tenantId, 'FACILITY', facilityId, 'ATDOOR', date);

export function appointmentItem(a: Appointment) {
  return {
    ...appointmentKeys.key(a.tenantId, a.id),
    ...appointmentKeys.byDate(a),
    ...appointmentKeys.byPerson(a),
    ...appointmentKeys.atDoor(a),
    entity: 'appointment',
    ...a,
  };
}

/** The booking reference -> appointment lookup (QR check-in finds a booking by its code). */
export function bookingReferencePut(a: Pick<Appointment, 'tenantId' | 'bookingReference' | 'id'>) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { PK: tenantPk(a.tenantId, 'BOOKREF', a.bookingReference), SK: 'BOOKREF', appointmentId: a.id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function findByBookingReference(tenantId: string, reference: string): Promise<Appointment | null> {
  const ref = await getItem<{ appointmentId: string }>(
    { PK: tenantPk(tenantId, 'BOOKREF', reference.trim().toUpperCase()), SK: 'BOOKREF' },
    true,
  );
  return ref ? getAppointment(tenantId, ref.appointmentId) : null;
}

export function getAppointment(tenantId: string, id: string): Promise<Appointment | null> {
  return getItem<Appointment>(appointmentKeys.key(tenantId, id), true);
}

/** Appointments by id, read consistently (null where none is), in the order of `ids`. */
export function getAppointments(tenantId: string, ids: string[]): Promise<(Appointment | null)[]> {
  return batchGet<Appointment>(
    ids.map((id) => appointmentKeys.key(tenantId, id)),
    true,
  );
}

function queryIndex(index: 'GSI1' | 'GSI2' | 'GSI3', pk: string, skPrefix?: string): Promise<Appointment[]> {
  return queryPrefix<Appointment>(pk, skPrefix ?? '', { index });
}

/** The appointments under a key of the date index, between two sort keys (the whole key without them). */
async function queryDateIndex(pk: string, between?: [string, string]): Promise<Appointment[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: between ? 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to' : 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(between ? { ':from': between[0], ':to': between[1] } : {}) },
  });
  return items.map((item) => withoutKeys<Appointment>(item));
}

/** One of each appointment (the newest as read: the move can be read half-way, on both keys), by date and start. */
function once(items: Appointment[]): Appointment[] {
  const byId = new Map<string, Appointment>();
  for (const a of items) {
    const seen = byId.get(a.id);
    if (!seen || a.updatedAt > seen.updatedAt) byId.set(a.id, a);
  }
  return [...byId.values()].sort(scheduleOrder);
}

/** Every facility of the tenant (one with appointments is never deleted: remove-facility.ts). */
const facilitiesOf = async (tenantId: string, facilityId?: string) =>
  facilityId ? [facilityId] : (await listFacilities(tenantId)).map((f) => f.id);

/**
 * The facilities' appointments of the dates (those starting by `latestStart`, HH:MM, when given), date
 * after date and each in start order. A facility's month is one key of the date index, so a month of
 * days is one Query per facility, whatever the days; the dates' keys from before issue #60 are read too
 * (one facility's range of each, or the whole of each for a read of every facility).
 */
async function datesOf(tenantId: string, dates: readonly string[], facilities: string[], latestStart?: string) {
  if (!dates.length) return [];
  const wanted = new Set(dates);
  const byMonth = new Map<string, string[]>();
  for (const d of wanted) byMonth.set(d.slice(0, 7), [...(byMonth.get(d.slice(0, 7)) ?? []), d]);
  const last = (d: string) => `${d}#${latestStart ? `${latestStart}#` : ''}\uffff`;
  const reads: Promise<Appointment[]>[] = [];
  for (const [month, days] of byMonth) {
    const [first, end] = [days.reduce((x, y) => (x < y ? x : y)), days.reduce((x, y) => (x > y ? x : y))];
    for (const f of facilities)
      reads.push(queryDateIndex(byMonthPartition(tenantId, f, month), [`${first}#`, last(end)]));
  }
  for (const d of wanted) {
    const legacy = legacyByDatePartition(tenantId, d);
    const only = facilities.length === 1 ? facilities[0]! : null;
    const range: [string, string] | undefined = only
      ? [`${only}#`, `${only}#${latestStart ? `${latestStart}#` : ''}\uffff`]
      : undefined;
    reads.push(queryDateIndex(legacy, range));
  }
  const read = (await Promise.all(reads)).flat();
  return once(read.filter((a) => wanted.has(a.scheduledDate) && (!latestStart || a.scheduledTimeStart <= latestStart)));
}

/** The appointments of a date, in start order: of one facility when facilityId is given (a key range of its month), else of each. */
export async function listAppointmentsByDate(
  tenantId: string,
  date: string,
  facilityId?: string,
): Promise<Appointment[]> {
  return datesOf(tenantId, [date], await facilitiesOf(tenantId, facilityId));
}

/**
 * The appointments of several dates, date after date (each in start order), of one facility or of
 * each: one Query per facility and month (and one per date of the key from before the move).
 */
export async function listAppointmentsOfDays(
  tenantId: string,
  dates: readonly string[],
  facilityId?: string,
): Promise<Appointment[]> {
  return datesOf(tenantId, dates, await facilitiesOf(tenantId, facilityId));
}

/**
 * A facility's appointments of a date whose window starts at `latestStart` (HH:MM) or before, in start
 * order: one key range of the date index (its sort key is date#start#id), so a caller that needs only
 * the windows begun or near (the trip watch) does not read the rest of the day.
 */
export function listAppointmentsStartingBy(
  tenantId: string,
  date: string,
  facilityId: string,
  latestStart: string,
): Promise<Appointment[]> {
  return datesOf(tenantId, [date], [facilityId], latestStart);
}

/**
 * The list's gate hold (issue #29): for each appointment whose truck is on site, why its check-in is
 * held at the gate, if it is. Read by key: the check-in's marker in the appointment's own partition
 * (SK 'CHECKIN', written by functions/checkins/checkin.store.ts), then the check-in it names.
 */
export async function withGateHolds(tenantId: string, appointments: Appointment[]): Promise<Appointment[]> {
  const onSite = appointments.filter((a) => ON_SITE_STATUSES.includes(a.status));
  if (!onSite.length) return appointments;
  const markers = await batchGet<{ checkinId: string }>(
    onSite.map((a) => ({ PK: appointmentKeys.key(tenantId, a.id).PK, SK: 'CHECKIN' })),
  );
  const checkinIds = markers.map((m) => m?.checkinId).filter((id): id is string => Boolean(id));
  const checkins = await batchGet<{ appointmentId: string; gate?: GateOutcome | null }>(
    checkinIds.map((id) => ({ PK: tenantPk(tenantId, 'CHECKIN', id), SK: 'CHECKIN' })),
  );
  const holds = new Map<string, string[]>();
  for (const c of checkins)
    if (c && heldAtGate(c.gate))
      holds.set(
        c.appointmentId,
        c.gate!.reasons.map((r) => r.message),
      );
  return appointments.map((a) => {
    const reasons = holds.get(a.id);
    return reasons ? { ...a, gateHold: { reasons } } : a;
  });
}

/** The facility's appointments of a date whose truck is on site at a door (a handful, not the day). */
export function listAppointmentsAtDoors(tenantId: string, facilityId: string, date: string): Promise<Appointment[]> {
  return queryIndex('GSI3', atDoorPartition(tenantId, facilityId, date));
}

export function listDriverAppointments(tenantId: string, driverId: string): Promise<Appointment[]> {
  return queryIndex('GSI2', tenantPk(tenantId, 'DRIVER', driverId));
}

/**
 * The appointments without a driver record that hold the number (issue #52: a guest's booking, a
 * walk-in), through the person index; none for a text that is no mobile number.
 */
export function listAppointmentsByPhone(tenantId: string, phone: string | null | undefined): Promise<Appointment[]> {
  const person = phone ? phoneKeyOf(tenantId, phone) : null;
  return person ? queryIndex('GSI2', byPhonePartition(tenantId, person)) : Promise.resolve([]);
}

/** Which appointments hold the door in the window (empty: the door is free). */
export async function doorHolders(
  tenantId: string,
  facilityId: string,
  doorId: string,
  date: string,
  start: string,
  end: string,
): Promise<string[]> {
  const blocks = quarterBlocks(start, end);
  if (!blocks.length) return [];
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': facilityKeys.partition(tenantId, facilityId),
        ':from': `DOORBLOCK#${doorId}#${date}#${blocks[0]}`,
        ':to': `DOORBLOCK#${doorId}#${date}#${blocks[blocks.length - 1]}`,
      },
      ConsistentRead: true,
    }),
  );
  return [...new Set((res.Items ?? []).map((i) => String(i.appointmentId)))];
}

/** Transaction items that reserve (or free) the quarter hours of a window for an appointment. */
export function blockPuts(keys: { PK: string; SK: string }[], appointmentId: string) {
  return keys.map((key) => ({
    Put: {
      TableName: config.tableName,
      Item: { ...key, appointmentId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }));
}
/** Frees quarter hours the appointment holds; one already gone stays gone, another appointment's is never touched. */
export function blockDeletes(keys: { PK: string; SK: string }[], appointmentId: string) {
  return keys.map((key) => ({
    Delete: {
      TableName: config.tableName,
      Key: key,
      ConditionExpression: 'attribute_not_exists(PK) OR appointmentId = :id',
      ExpressionAttributeValues: { ':id': appointmentId },
    },
  }));
}

/**
 * The quarter hours of its dock door that an appointment holds (`blocks`: only those of them): its
 * window's, or a late truck's door time from its arrival (rules.ts heldWindow).
 */
export function doorBlockKeys(
  a: Pick<
    Appointment,
    'tenantId' | 'facilityId' | 'dockDoorId' | 'scheduledDate' | 'scheduledTimeStart' | 'scheduledTimeEnd' | 'doorTime'
  >,
  blocks?: string[],
) {
  if (!a.dockDoorId) return [];
  const held = heldWindow(a);
  return (blocks ?? quarterBlocks(held.start, held.end)).map((b) =>
    appointmentKeys.doorBlock(a.tenantId, a.facilityId, a.dockDoorId!, held.date, b),
  );
}

/**
 * A changed appointment (its status too), written only if nobody changed it since `before` was read
 * (functions/lib/revision.ts), with the change noted in its day's change log (both days' when it moved).
 */
export function appointmentChangePut(after: Appointment, before: Appointment) {
  return withCompanions(
    {
      Put: {
        TableName: config.tableName,
        Item: appointmentItem(revised(before, after)),
        ...revisionCondition(revisionOf(before)),
      },
    },
    scheduleChangePuts(after, before),
  );
}

/** A new appointment, written only if its id is not taken, with the change noted in its day's change log. */
export function newAppointmentPut(a: Appointment) {
  return withCompanions(
    { Put: { TableName: config.tableName, Item: appointmentItem(a), ConditionExpression: 'attribute_not_exists(PK)' } },
    scheduleChangePuts(a),
  );
}

/**
 * The gate compliance hint of a booking (issue #21), written by the gate's booking worker: only that
 * attribute, and only while the appointment exists; updatedAt is left alone so the status flow's
 * guards are not disturbed by a background check.
 */
export async function setAppointmentGateHint(
  tenantId: string,
  id: string,
  gateHint: Appointment['gateHint'],
): Promise<void> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: appointmentKeys.key(tenantId, id),
        UpdateExpression: 'SET gateHint = :h',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':h': gateHint },
        ReturnValues: 'ALL_NEW',
      }),
    );
    // Noted after the hint (a worker's write: a failed note fails the record, which is tried again).
    const [note] = scheduleChangePuts(Attributes as Appointment);
    await ddb().send(new PutCommand(note!.Put));
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

/** The quarter hours of a door's day held by appointments (one query per door and day). */
export async function heldBlocksOfDay(
  tenantId: string,
  facilityId: string,
  doorId: string,
  date: string,
): Promise<Set<string>> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :day)',
      ExpressionAttributeValues: {
        ':pk': facilityKeys.partition(tenantId, facilityId),
        ':day': `DOORBLOCK#${doorId}#${date}#`,
      },
      ProjectionExpression: 'SK',
      ConsistentRead: true,
    }),
  );
  return new Set((res.Items ?? []).map((i) => String(i.SK).slice(-5)));
}
