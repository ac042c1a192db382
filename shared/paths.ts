// The SPA's screen paths (navigation.ts builds the sidebar on them): apart, so a Lambda that links to a
// screen carries the paths and not the sidebar.
/** Every screen path of the SPA, once: the sidebar below, the router and the shells use these. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  auth: '/auth',
  qrCheckin: '/checkin/qr',
  scheduling: '/scheduling',
  booking: '/booking',
  reschedule: '/reschedule',
  /** Standing appointments (issue #32): weekly series and their occurrences. */
  standing: '/standing-appointments',
  yard: '/yard',
  /** Yard moves as tasks (issue #58.4): yard staff's list on a phone. */
  yardTasks: '/yard/tasks',
  driver: '/driver',
  checkin: '/checkin',
  /** The gate screen (issue #31): passes verified on the device, check-ins queued offline. */
  gate: '/gate',
  facilities: '/facilities',
  wms: '/wms',
  carriers: '/carriers',
  analytics: '/analytics',
  integrations: '/integrations',
  testAuth: '/test-auth',
  configuration: '/configuration',
  users: '/users',
  /** Organisation sign-up, invitation acceptance and a facility's booking link (issue #18). */
  signup: '/signup',
  invite: '/invite',
  book: '/book',
  /** A late driver's one-tap reslot link (issue #33), public: /reslot/<token>. */
  reslot: '/reslot',
  /** A gate pass link (issue #31), public: /pass/<token>, from the booking message or the guest's confirmation. */
  pass: '/pass',
  /** A person's message choices (issue #36), public: /privacy/choices/<token>, from the link in a message. */
  privacyChoices: '/privacy/choices',
  /** The check of a detention evidence pack's code (issue #57), public: /verify/<hash>, printed on the pack. */
  verify: '/verify',
  /** A carrier's monthly detention statements (issue #57.3): its own list, a line's truck and disputes. */
  statements: '/statements',
  /** The door plan (issue #58.2): the planner's proposed plan of a facility's day beside today's, applied. */
  doorPlan: '/door-plan',
  /** A platform carrier's sign-in and registration (issue #59), public: one login for every hub. */
  carrierSignIn: '/carrier',
  /** A platform carrier's linked hubs, its bookings across them and its drivers (issue #59). */
  myHubs: '/my-hubs',
  hubBookings: '/my-hubs/bookings',
  carrierDrivers: '/my-hubs/drivers',
  /** A carrier's driver's gate passes of every hub (issue #59). */
  passWallet: '/pass-wallet',
} as const;
