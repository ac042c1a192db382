// Whether a facility has appointment types yet (issue #53, the set-up checklist): without one, a booking
// link's form offers no type, so no booking takes a door's time by its load.
import { listStored } from './setup.store';

export async function hasAppointmentTypes(tenantId: string, facilityId: string): Promise<boolean> {
  return (await listStored('type', tenantId, facilityId)).length > 0;
}
