// What other domains may use of passes (docs/architecture.md §1): issuing and verifying an
// appointment's gate pass, the facility's keys, and the revocation item of a cancellation or reschedule.
export { gatePassKeys, issueGatePass, rotateGatePassKey, verifyPassAtServer } from './pass';
export { gatePassRevocationPut } from './pass-revocation.store';
