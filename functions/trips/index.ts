// What other domains may use of trips (docs/architecture.md §1): nothing yet; the screens read its routes.
// The local stack seeds a facility's history (functions/local/seed.ts).
export { getTrips } from './trip.store';
// The local stack turns the demo hub's watch on (functions/local/demo-trips.ts).
export { saveWatchSettings } from './watch-settings';
// The local stack's journeys run the watch at a chosen instant (functions/local/dev-trips.ts).
export { watchTrips } from './watch';
