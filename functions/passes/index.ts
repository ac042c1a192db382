// What other domains may use of passes (docs/architecture.md §1): issuing and verifying an
// appointment's gate pass, the facility's keys, the revocation item of a cancellation or reschedule,
// and the short link to a pass (the booking message's, the public pass page's).
export { gatePassKeys, issueGatePass, rotateGatePassKey, verifyPassAtServer } from './pass';
export { gatePassRevocationPut } from './pass-revocation.store';
export { newPassLink, openPassLink } from './pass-link';
