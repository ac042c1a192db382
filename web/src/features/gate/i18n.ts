// Texts of gate compliance (issue #21): the decision badge and its override, the refusal at check-in,
// the /configuration section and the dashboard's gate figures. The reasons themselves are the API's
// texts, shown in the reader's language through the server-message catalogue (useServerText).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const gateEn = {
  decisions: {
    ALLOW: 'Gate: allowed',
    HOLD: 'Gate: on hold',
    DENY: 'Gate: denied',
    NOT_CHECKED: 'Gate: not checked',
  },
  reasons: 'Gate check reasons',
  allowedByOverride: 'Allowed by override',
  overridden: 'By {{by}} at {{at}}: {{reason}}',
  override: 'Override',
  overrideTitle: 'Override gate hold',
  overrideText:
    'The truck was held at the gate for the reasons below. Say why it may go on; the override and the checks are kept in the audit trail.',
  overrideReason: 'Reason for the override *',
  overrideSave: 'Let the truck through',
  overrideDone: 'Gate hold overridden',
  overrideFailed: 'Failed to override the hold',
  refused: 'Entry refused at the gate',
  refusedText: 'Fix these before the truck can check in:',
  fields: { driverLicense: 'Driving licence number', ewayBill: 'E-way bill number' },
  settings: {
    title: 'Gate compliance (ULIP)',
    description:
      "Check the truck (VAHAN), the driver's licence (SARATHI), the FASTag and the e-way bill against the government registries at check-in.",
    enabled: 'Run gate checks at check-in',
    baseUrl: 'ULIP address *',
    username: 'ULIP username *',
    password: 'ULIP password',
    passwordSaved: 'A password is saved; leave empty to keep it.',
    checks: 'Checks',
    sources: {
      VAHAN: 'VAHAN (vehicle registration)',
      SARATHI: 'SARATHI (driving licence)',
      FASTAG: 'FASTag',
      EWAYBILL: 'E-way bill',
    },
    outcomes: 'Outcome per failed check',
    rules: {
      REGISTRATION_INACTIVE: 'Registration not active',
      FITNESS_EXPIRED: 'Fitness expired',
      INSURANCE_EXPIRED: 'Insurance expired',
      PUC_EXPIRED: 'PUC expired',
      TAX_EXPIRED: 'Road tax expired',
      PERMIT_EXPIRED: 'Permit expired',
      LICENCE_INVALID: 'Licence not valid',
      LICENCE_NO_TRANSPORT: 'Licence without transport class',
      FASTAG_BLACKLISTED: 'FASTag blacklisted',
      FASTAG_INACTIVE: 'FASTag inactive',
      EWAYBILL_CANCELLED: 'E-way bill cancelled',
      EWAYBILL_EXPIRED: 'E-way bill expired',
      EWAYBILL_OTHER_VEHICLE: 'E-way bill for another vehicle',
    },
    hold: 'Hold',
    deny: 'Deny',
    cacheHours: 'Keep registry answers for (hours) *',
    offlineDeviceHours: 'Offline window of a gate device (hours)',
    offlinePhoneMinutes: "Offline window of a driver's phone (minutes)",
    save: 'Save gate settings',
    saved: 'Gate settings saved',
    failed: 'Failed to save gate settings',
  },
  today: { title: 'Gate checks today', allowed: 'Allowed', held: 'Held', denied: 'Denied', overridden: 'Overridden' },
  driver: { fix: 'Please fix before you reach the gate:' },
} as const;

export const gateText = defineCatalogue('gate', gateEn, () => import('./i18n.hi').then((m) => m.gate));

// Texts of the gate screen (issue #31): passes read and verified on the device, the revocation
// list's age, the device clock, and the outbox of check-ins waiting to sync. A refusal's reason is
// the shared pass module's text, shown through the server-message catalogue like the API's.
/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const gatePassEn = {
  title: 'Gate',
  description: 'Read a gate pass with the camera or type its code. Passes are checked on this device, even offline.',
  facility: 'Gate at facility *',
  chooseFacility: 'Choose the facility this gate stands at',
  online: 'Online',
  offline: 'Offline: check-ins wait on this device and sync when the network returns',
  revocationsAsOf: 'Revocations as of {{time}}',
  noKit: 'This device has no pass keys for the facility yet. Connect to the network once to fetch them.',
  staleRevocations:
    'The revocation list is older than {{minutes}} minutes: a pass revoked since {{time}} would still be accepted here.',
  clockSkew:
    "This device's clock is {{minutes}} minutes off the server's time. Set the clock: passes are checked against it.",
  maxAge: 'Warn when revocations are older than (minutes) *',
  maxAgeInvalid: 'Enter a whole number of minutes from 1 to 1440',
  code: 'Gate pass code',
  codeHint: 'Scanned codes are filled in here; a typed code works too.',
  verify: 'Verify pass',
  scan: 'Scan with camera',
  cameraUnavailable: 'The camera is not available on this device. Type the code instead.',
  stopCamera: 'Stop camera',
  valid: 'Valid gate pass',
  refused: 'Pass refused',
  verifiedIn: 'Checked on this device in {{ms}} ms',
  reference: 'Booking',
  vehicle: 'Vehicle',
  window: 'Window',
  checkIn: 'Check in',
  alreadyQueued: 'This pass was already checked in at this gate at {{time}}.',
  queued: 'Check-in recorded at {{time}}',
  outbox: 'Gate check-ins on this device',
  outboxEmpty: 'No check-ins at this gate yet.',
  sealedByOthers:
    'Check-ins queued by another user on this device: {{count}}. They are sent when that user signs in again.',
  gateTime: 'At the gate {{time}}',
  states: {
    waiting: 'Waiting to sync',
    synced: 'Synced',
    conflict: 'Conflict: needs your decision',
    resolved: 'Resolved',
  },
  checksPending: 'Checks pending',
  sendAgain: 'Send again',
  markResolved: 'Mark resolved',
  openGate: 'Open the gate screen',
  driverCheckIn: 'Check in with this pass',
  driverCheckInQueued: 'Saved on this phone: your check-in is sent when the network returns.',
  driverNotToday: 'This gate pass is for {{day}}, not today. Check in on that day.',
} as const;

export const gatePassText = defineCatalogue('gatePass', gatePassEn, () => import('./i18n.hi').then((m) => m.gatePass));
