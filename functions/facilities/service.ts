// Facility rules the handlers share: which facility a request means, its slots for a day, slot edits.
import type { Actor } from '../lib/audit';
import { config } from '../lib/config';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { ApiRequest } from '../lib/http';
import { resolveFacility, type Facility } from './facility.store';
import { facilityOfLink } from '../tenancy';
import { listHolidays, listSlotRecords, updateSlot } from './slot.store';
import { getItem } from '../lib/dynamo';
import { slotKeys } from './slot.store';
import { daySlots, parseSlotId } from './slot-rules';
import type { Slot, slotUpdateSchema } from '../../shared/contracts/slots';
import type * as z from 'zod';
import { hasStarted } from '../../shared/time';
import { isId } from '../../shared/ids';

/**
 * The facility a request is about. Signed in: the user's tenant, `facilityId` or the default one.
 * Guests: the facility link's token (tenancy, issue #18), or a 'tenantId/facilityId' code (the
 * platform's guest facility when the link names none; GUEST_FACILITY is set for the demo only).
 */
export async function facilityForRequest(req: ApiRequest, facilityId?: string): Promise<Facility> {
  if (req.user) return resolveFacility(req.user.tenantId, facilityId || 'default');
  if (req.query.facility && !req.query.facility.includes('/')) return facilityOfLink(req.query.facility);
  const code = req.query.facility || config.guestFacility;
  const [tenantId, id] = (code ?? '').split('/');
  if (!isId(tenantId) || !isId(id)) throw new NotFoundError('This booking link is not valid');
  const facility = await resolveFacility(tenantId, id).catch(() => null);
  if (!facility || !facility.isActive) throw new NotFoundError('This booking link is not valid');
  return facility;
}

export async function isHoliday(facility: Facility, date: string): Promise<boolean> {
  return Boolean(await getItem(slotKeys.holiday(facility.tenantId, facility.id, date)));
}

export async function slotsOf(facility: Facility, date: string, now = new Date()): Promise<Slot[]> {
  const [stored, holiday] = await Promise.all([listSlotRecords(facility.tenantId, facility.id, date), isHoliday(facility, date)]);
  return daySlots(facility, date, stored, holiday, now);
}

export const SLOT_STARTED = 'This slot has already started; only slots still to come can be changed';

/** Blocks, unblocks or resizes a slot still to come; one whose window has started is history (issue #14.5). */
export async function editSlot(facility: Facility, slotIdText: string, changes: z.output<typeof slotUpdateSchema>, actor: Actor, now = new Date()): Promise<Slot | undefined> {
  const parsed = parseSlotId(slotIdText);
  if (!parsed) throw new NotFoundError('Slot not found');
  const slot = (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === parsed.startTime);
  if (!slot) throw new NotFoundError('Slot not found');
  if (hasStarted(facility.timeZone, slot.slotDate, slot.startTime, now)) throw new ConflictError(SLOT_STARTED);
  await updateSlot(facility.tenantId, slot, changes, actor, now);
  return (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === slot.startTime);
}

export { listHolidays };
