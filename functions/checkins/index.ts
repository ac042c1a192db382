// What other domains may use of checkins (docs/architecture.md §1); nothing else of it is imported from outside.
export { checkInAppointment } from './check-in';
export { changeAppointmentStatus, changeCheckinStatus } from './on-site';
export { checkinStatusCheck, listCheckins, listCheckinsSince, listFacilityCheckins } from './checkin.store';
export { getAppointmentCheckin } from './checkin.store';
export { eraseDriverFromCheckins } from './erase-person';
// Staff's door plan (functions/planner, issue #58.2) gives a truck waiting in holding its door as staff do.
export { assignCheckinDoor } from './assign-door';
// The holding area's call forward (functions/holding, issue #58.3) takes the door back from a driver who did not come.
export { withdrawCheckinDoor } from './withdraw-door';
