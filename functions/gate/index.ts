// What other domains may use of gate (docs/architecture.md §1): the checks of an arrival or a booking,
// the decision items for a check-in's transaction, and the texts of a refusal.
export { runGateChecks, type GateSubjects } from './run-checks';
export { gateDecisionPut, gateOverridePut, writeGateDecision } from './gate-check.store';
export { reasonErrors } from './rules';
// A driver's rights (issue #36): what the registries answered about their licence, shown and erased.
export { eraseDriverFromGate, gateAnswersAbout } from './erase-person';
// The local stack writes the demo tenant's settings (functions/local/demo-gate.ts).
export { putGateSettings, sealPassword } from './settings.store';
// The trip watch (issue #33) asks FASTag for a vehicle's crossings through the same port and breaker.
export { fastagCrossings, fastagReady } from './fastag-crossings';
// How old a check-in synced from the gate may be (issue #52.4), for checkins' synced pass.
export { gateOfflineWindow } from './settings';
