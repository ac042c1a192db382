// Who sees and acts on which records, for the functions and the SPA alike: facility staff
// (appointments:read / appointments:write) see and act on the whole tenant's records; anyone else
// (a driver, a carrier-side booker) only on the records that name their own driver (or carrier).
export interface Viewer {
  permissions: readonly string[];
  driverId?: string | null;
  carrierId?: string | null;
}

interface Owned {
  driverId?: string | null;
  carrierId?: string | null;
}

/** Staff who read every appointment, check-in and reschedule request of the tenant. */
export const seesAll = (viewer: Viewer) => viewer.permissions.includes('appointments:read');

/** Staff who book, cancel and check in for anyone. */
export const actsForAll = (viewer: Viewer) => viewer.permissions.includes('appointments:write');

/** The record names the viewer's own driver; for a carrier-side booker (linked to a carrier, not a driver), their carrier. */
export const owns = (viewer: Viewer, record: Owned) =>
  viewer.driverId
    ? record.driverId === viewer.driverId
    : Boolean(viewer.carrierId && record.carrierId === viewer.carrierId);

/** Gate staff who check in any truck of the tenant: they check trucks in and see every appointment (a security officer checks arrivals in without booking them). */
export const checksInForAll = (viewer: Viewer) => viewer.permissions.includes('checkins:write') && seesAll(viewer);

export const canSee = (viewer: Viewer, record: Owned) => seesAll(viewer) || owns(viewer, record);

export const canActOn = (viewer: Viewer, record: Owned) => actsForAll(viewer) || owns(viewer, record);

/** The records of a list the viewer may see. */
export const visibleTo = <T extends Owned>(viewer: Viewer, records: T[]): T[] =>
  seesAll(viewer) ? records : records.filter((r) => owns(viewer, r));
