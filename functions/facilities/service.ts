// Facility rules the handlers share: which facility a request means, its slots for a day.
import { config } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import type { ApiRequest } from '../lib/http';
import { resolveFacility, type Facility } from './facility.store';
import { listHolidays, listSlotRecords } from './slot.store';
import { getItem } from '../lib/dynamo';
import { slotKeys } from './slot.store';
import { daySlots } from './slot-rules';
import type { Slot } from '../../shared/contracts/slots';
import { isId } from '../../shared/ids';

/**
 * The facility a request is about. Signed in: the user's tenant, `facilityId` or the default one.
 * Guests: the booking link's `facility` ('tenantId/facilityId'), else the platform's guest facility.
 */
export async function facilityForRequest(req: ApiRequest, facilityId?: string): Promise<Facility> {
  if (req.user) return resolveFacility(req.user.tenantId, facilityId || 'default');
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

export { listHolidays };
