// What other domains may use of trips (docs/architecture.md §1); the screens read its routes.
// The local stack seeds a facility's history (functions/local/seed.ts).
export { getTrips } from './trip.store';
// The local stack turns the demo hub's watch on (functions/local/demo-trips.ts).
export { saveWatchSettings } from './watch-settings';
// The local stack's journeys run the watch at a chosen instant (functions/local/dev-trips.ts).
export { watchTrips } from './watch';
// The chat checks a truck in by a shared location near its hub's gate (functions/chat, issue #56).
export { hubLocation } from './watch-settings';
export { haversineKm } from './estimate';
