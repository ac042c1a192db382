// Facility rules the handlers share: which facility a request means, its slots for a day, slot edits.
import type { Actor } from '../lib/audit';
import { config } from '../lib/config';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { ApiRequest } from '../lib/http';
import { resolveFacility, type Facility } from './facility.store';
import { facilityOfLink } from './facility-links';
import { listSlotRecords, updateSlot } from './slot.store';
import { listHolidays } from './holiday.store';
import { getItem } from '../lib/dynamo';
import { slotKeys } from './slot.store';
import { daySlots, parseSlotId } from './slot-rules';
import type { Slot, slotUpdateSchema } from '../../shared/contracts/slots';
import type * as z from 'zod/mini';
import { hasStarted } from '../../shared/time';

/**
 * The facility a request is about. Signed in: the user's tenant, `facilityId` or the default one.
 * Guests: only through a facility link's token (tenancy, issue #18), which can be revoked; never a
 * 'tenantId/facilityId' code, since tenant ids are not secret (issue #28.5). GUEST_FACILITY (a link
 * token, set for the demo only) is the link when the visitor names none.
 */
export async function facilityForRequest(req: ApiRequest, facilityId?: string): Promise<Facility> {
  if (req.user) return resolveFacility(req.user.tenantId, facilityId || 'default');
  return facilityOfLink(req.query.facility || config.guestFacility || '');
}

export async function isHoliday(facility: Facility, date: string): Promise<boolean> {
  return Boolean(await getItem(slotKeys.holiday(facility.tenantId, facility.id, date)));
}

export async function slotsOf(facility: Facility, date: string, now = new Date()): Promise<Slot[]> {
  const [stored, holiday] = await Promise.all([
    listSlotRecords(facility.tenantId, facility.id, date),
    isHoliday(facility, date),
  ]);
  return daySlots(facility, date, stored, holiday, now);
}

export const SLOT_STARTED = 'This slot has already started; only slots still to come can be changed';

/** Blocks, unblocks or resizes a slot still to come; one whose window has started is history (issue #14.5). */
export async function editSlot(
  facility: Facility,
  slotIdText: string,
  changes: z.output<typeof slotUpdateSchema>,
  actor: Actor,
  now = new Date(),
): Promise<Slot | undefined> {
  const parsed = parseSlotId(slotIdText);
  if (!parsed) throw new NotFoundError('Slot not found');
  const slot = (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === parsed.startTime);
  if (!slot) throw new NotFoundError('Slot not found');
  if (hasStarted(facility.timeZone, slot.slotDate, slot.startTime, now)) throw new ConflictError(SLOT_STARTED);
  await updateSlot(facility.tenantId, slot, changes, actor, now);
  return (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === slot.startTime);
}

export { listHolidays };
