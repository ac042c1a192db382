// What other domains may use of facilities (docs/architecture.md §1); nothing else of it is imported from outside.
export { createDockDoor, doorInServiceCheck, getDockDoor, listDockDoors, newDockDoorPuts } from './dock-door.store';
export type { DockDoor } from './dock-door.store';
export {
  createFacility,
  facilityKeys,
  getFacility,
  listFacilities,
  newFacilityPut,
  resolveFacility,
  updateFacility,
} from './facility.store';
export type { Facility } from './facility.store';
// Add Facility and its delete (refused while doors, bookings or the default depend on it), for the warehouse's view (issue 51).
export { addFacility } from './add-facility';
export { removeFacility } from './remove-facility';
export { assignmentDelete, createResource, listResources, reserveResource } from './resource.store';
export type { Assignment } from './resource.store';
export { facilityForRequest, isHoliday, slotsOf } from './service';
export { parseSlotId } from './slot-rules';
export {
  bookedDayItems,
  dayBookingsUpdate,
  HOLIDAY_CLOSED,
  listCountedDates,
  listSlotRecords,
  readDayBookings,
  setDayBookings,
  setSlotPlaces,
  slotKeys,
  slotPlaceUpdate,
} from './slot.store';
export { createHoliday, listHolidays } from './holiday.store';
// The facility's public link (issue #18): resolved here, shown and rotated by tenancy.
export { facilityOfLink } from './facility-links';
export {
  ensureFacilityLink,
  newFacilityLinkPuts,
  newFacilityLinkToken,
  rotateFacilityLinkToken,
} from './facility-link.store';
