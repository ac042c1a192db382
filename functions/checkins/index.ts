// What other domains may use of checkins (docs/architecture.md §1); nothing else of it is imported from outside.
export { changeCheckinStatus, checkInAppointment } from './check-in';
export { checkinStatusCheck, listCheckins, listCheckinsSince, listFacilityCheckins } from './checkin.store';
