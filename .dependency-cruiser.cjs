// The dependency direction of docs/architecture.md §1, enforced (`npm run deps:check`, part of
// `npm test`). Layers, bottom to top: the kernel (shared/, functions/lib/, web/src/lib and
// web/src/components), the domains (functions/<d>/, web/src/features/<f>/), the composition (the
// handlers' route table functions/registry.ts and functions/api.ts, the workers registry
// functions/workers.ts, the local stack functions/local/, CDK lib/ and bin/, the SPA's web/src/app).
// A domain uses only the domains DOMAINS lists for it, and only through their index.ts.
// `scripts/deps-graph.ts` draws docs/domain-graph.md from the same lists.

/**
 * Which server domains each domain may use (through their index.ts). Written down, not derived: a new
 * arrow is a decision, made here and in docs/architecture.md. The lists must form no circle
 * (scripts/deps-graph.ts checks it and ranks the domains by them).
 */
const DOMAINS = {
  notifications: [],
  carriers: ['consent'],
  facilities: [],
  platform: [],
  vitals: [],
  // The door plan (issue #58): its core is pure; its proposals (#58.2) read the day (doors, types, appointments,
  // trip estimates) and apply a plan through the appointments' door rule and the check-in's door assignment.
  planner: ['appointment-types', 'appointments', 'checkins', 'facilities', 'trips'],
  // The holding area's call forward (issue #58.3): the queue is the check-ins without a door; a free door is
  // given through the check-in's door assignment, the driver told through messaging.
  holding: ['appointments', 'checkins', 'facilities', 'messaging'],
  consent: [],
  references: ['facilities', 'notifications'],
  passes: ['facilities'],
  'appointment-types': ['facilities'],
  'booking-links': ['appointment-types', 'appointments', 'carriers', 'consent', 'facilities', 'messaging'],
  appointments: ['appointment-types', 'carriers', 'consent', 'facilities', 'notifications', 'passes', 'references'],
  gate: ['appointments', 'facilities', 'passes'],
  messaging: ['appointments', 'carriers', 'consent', 'facilities', 'passes'],
  integrations: ['appointments', 'carriers', 'facilities'],
  users: ['carriers', 'consent', 'facilities', 'messaging'],
  contact: ['messaging'],
  tenancy: ['appointment-types', 'appointments', 'booking-links', 'carriers', 'facilities', 'messaging', 'users'],
  auth: ['messaging', 'tenancy', 'users'],
  checkins: ['appointments', 'consent', 'facilities', 'gate', 'notifications', 'passes', 'tenancy', 'users'],
  wms: ['appointments', 'checkins', 'facilities', 'references'],
  yard: ['appointments', 'checkins', 'facilities'],
  insights: ['appointments', 'checkins', 'detention', 'facilities', 'notifications', 'yard'],
  trips: ['appointments', 'facilities', 'gate', 'messaging', 'notifications'],
  // Dwell and detention both ways (issue #57): a truck's times from its appointment, check-in and trip,
  // assessed under its facility's terms; a carrier's monthly statement names the carrier (issue #57.3).
  detention: ['appointments', 'carriers', 'checkins', 'facilities', 'trips'],
  ops: ['carriers', 'facilities', 'tenancy', 'users'],
  series: ['appointment-types', 'appointments', 'carriers', 'facilities', 'tenancy', 'users'],
  // WhatsApp and SMS conversations (issue #56): a driver books, changes, cancels and checks in by chat.
  chat: [
    'appointment-types',
    'appointments',
    'booking-links',
    'carriers',
    'checkins',
    'consent',
    'facilities',
    'messaging',
    'passes',
    'trips',
    'users',
  ],
  // A platform carrier (issue #59): signs in by auth's code flow, books at each linked hub through the
  // hub's appointments, holds drivers as each hub's carrier drivers, and shows their passes.
  // A driver's erasure and export reach each linked hub through its privacy use cases; its owner
  // hears of a hub's invitation by messaging's system SMS.
  'carrier-identity': [
    'appointment-types',
    'appointments',
    'auth',
    'carriers',
    'facilities',
    'messaging',
    'passes',
    'privacy',
    'users',
  ],
  privacy: [
    'appointments',
    'carriers',
    'checkins',
    'consent',
    'gate',
    'integrations',
    'messaging',
    'notifications',
    'trips',
    'users',
  ],
};

/** The server folders that are not domains: the kernel and the local stack (composition). */
const NOT_DOMAINS = ['lib', 'local'];

const alternatives = (names) => names.join('|');

/** Each domain's rule: no import of a domain it may not use. */
const domainRules = Object.entries(DOMAINS).map(([domain, uses]) => ({
  name: `domain-direction:${domain}`,
  severity: 'error',
  comment: `${domain} may use only ${uses.length ? uses.join(', ') : 'the kernel'} (docs/architecture.md §1)`,
  from: { path: `^functions/${domain}/` },
  to: {
    path: '^functions/[^/]+/',
    pathNot: `^functions/(${alternatives([domain, ...uses, ...NOT_DOMAINS])})/`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself again through its imports (types included).',
      from: { path: '^(functions|shared|web/src|scripts|lib|bin)/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-known',
      severity: 'error',
      comment: 'Every folder of functions/ is a domain written down in DOMAINS, the kernel or the local stack.',
      from: { path: '^functions/' },
      to: {
        path: '^functions/[^/]+/',
        pathNot: `^functions/(${alternatives([...Object.keys(DOMAINS), ...NOT_DOMAINS])})/`,
      },
    },
    ...domainRules,
    {
      name: 'domain-only-through-index',
      severity: 'error',
      comment: 'Another domain is used only through its index.ts.',
      from: { path: '^functions/([^/]+)/', pathNot: '^functions/local/' },
      to: { path: `^functions/(?!$1/)(?!(${alternatives(NOT_DOMAINS)})/)[^/]+/(?!index\\.ts$)` },
    },
    {
      name: 'store-only-in-own-domain',
      severity: 'error',
      comment: 'A store (keys, conditions) is imported only by its own domain; others go through index.ts.',
      from: { path: '^(functions|scripts|lib|bin)/', pathNot: '^functions/([^/]+)/' },
      to: { path: '\\.store\\.ts$' },
    },
    {
      name: 'store-only-in-own-domain',
      severity: 'error',
      comment: 'A store (keys, conditions) is imported only by its own domain; others go through index.ts.',
      from: { path: '^functions/([^/]+)/' },
      to: { path: '\\.store\\.ts$', pathNot: '^functions/$1/' },
    },
    {
      name: 'kernel-imports-no-domain',
      severity: 'error',
      comment: 'The kernel (functions/lib, shared) imports no domain and no composition.',
      from: { path: '^(functions/lib|shared)/' },
      to: { path: '^(functions/(?!lib/)|web/|lib/|bin/|scripts/)' },
    },
    {
      name: 'domain-imports-no-composition',
      severity: 'error',
      comment:
        'A domain is imported by the composition, never the other way round; its handler.ts alone defines itself through functions/api.ts (the HTTP kernel bound to auth).',
      from: { path: '^functions/[^/]+/', pathNot: '^functions/(local|lib)/' },
      to: { path: '^(functions/(registry|workers)\\.ts|functions/local/|lib/|bin/|scripts/)' },
    },
    {
      name: 'api-only-from-handlers',
      severity: 'error',
      comment: 'functions/api.ts (which binds auth) is imported by handlers and the composition only.',
      from: { path: '^functions/[^/]+/', pathNot: '(^functions/local/|/handler\\.ts$)' },
      to: { path: '^functions/api\\.ts$' },
    },
    {
      name: 'handler-only-from-composition',
      severity: 'error',
      comment: "A domain's handler.ts is a Lambda entry: only the route table and the local stack import it.",
      from: { path: '^(functions|shared|web|scripts)/', pathNot: '^functions/(registry\\.ts|local/)' },
      to: { path: '^functions/[^/]+/handler\\.ts$' },
    },
    {
      name: 'web-imports-no-server',
      severity: 'error',
      comment: 'The SPA imports shared/ and itself, never server code.',
      from: { path: '^web/' },
      to: { path: '^(functions|lib|bin|scripts)/' },
    },
    {
      name: 'feature-only-through-index',
      severity: 'error',
      comment: 'Another web feature is used only through its index.ts.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/(?!$1/)[^/]+/(?!index\\.tsx?$)' },
    },
    {
      name: 'web-kernel-imports-no-feature',
      severity: 'error',
      comment: 'web/src/lib and web/src/components are the SPA kernel: no feature, no app shell.',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'feature-imports-no-app',
      severity: 'error',
      comment: 'Features are composed by web/src/app (router, shells), never the other way round.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(app/|main\\.tsx$)' },
    },
    {
      name: 'product-imports-no-tests',
      severity: 'error',
      comment: 'Tests use the product; the product uses no test code (scripts may, e.g. the bench fakes).',
      from: { path: '^(functions|shared|web/src|lib|bin)/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist[^/]*|\\.bench)/' },
    // Type-only imports count: a circle through types is still a circle in the design.
    tsPreCompilationDeps: true,
    // tsconfig.base.json's paths (@shared/*) resolve for every folder; the node and web configs add nothing to resolution.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};

// For scripts/deps-graph.ts; not enumerable, so dependency-cruiser's schema does not see it.
Object.defineProperty(module.exports, 'DOMAINS', { value: DOMAINS, enumerable: false });
