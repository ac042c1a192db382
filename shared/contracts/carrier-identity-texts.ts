// The answers' texts of a platform carrier's routes (issue #59), apart from the schemas: the session
// lookup every function runs (functions/carrier-identity/session.ts) reads the store, which needs only
// these, so no function's bundle takes the carrier's schemas with it. Hindi in shared/i18n.
export const CARRIER_IDENTITY_TEXTS = {
  gstinRequired: 'GSTIN is required',
  gstinTaken: 'A carrier with this GSTIN is already registered on DockSaathi',
  phoneTaken: 'This mobile number already belongs to a carrier on DockSaathi',
  inviteWhom: 'Give the carrier’s GSTIN or mobile number',
  alreadyLinked: 'This carrier is already linked to your hub',
  alreadyInvited: 'This carrier has already been invited by your hub',
  carrierTaken: 'This carrier record of your hub is already linked to another carrier',
  noInvitation: 'Invitation not found',
  noRequest: 'Link request not found',
  alreadyAsked: 'You have already asked this hub to link',
  notLinked: 'Your carrier is not linked to this hub',
  noLink: 'This carrier is not linked to your hub',
  hubNotFound: 'Hub not found',
  carrierRecordRequired: 'Choose the carrier record of your hub to link',
  carrierRecordNotFound: 'Carrier record not found',
  personNotFound: 'Person not found',
  ownerStays: 'The owner cannot be removed',
  roleInvalid: 'Role must be dispatcher',
  noCarrier: 'No carrier on DockSaathi has this GSTIN or mobile number. Ask the carrier to register first.',
} as const;
