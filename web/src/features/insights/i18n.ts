// Texts of the operations dashboard, the notification bell and the analytics screen
// (web/src/lib/i18n/catalogue.ts); the spec's English texts verbatim.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const insightsEn = {
  minutes: '{{value}} min',
  dashboard: {
    subtitle: 'Live view of your docks, yard and gate.',
    firstGreeting: 'Welcome to DockSaathi, {{name}}',
    firstSubtitle: 'Your hub is ready. The checklist below shows what to set up before the first truck comes.',
    newAppointment: 'New Appointment',
    exportReport: 'Export Report',
  },
  metrics: {
    failed: 'Failed to load dashboard metrics. Please try again.',
    noData: 'No metrics data available',
    today: 'Today',
    inUse: '{{count}} in use',
    cards: {
      activeAppointments: 'Active Appointments',
      availableDocks: 'Available Docks',
      avgWaitTime: 'Avg Wait Time',
      onTimeRate: 'On-Time Rate',
    },
    wait: {
      none: 'No dock arrivals yet today',
      onTarget: 'On target',
      aboveTarget: 'Above target',
      needsAttention: 'Needs attention',
    },
    onTime: {
      none: 'No arrivals yet today',
      excellent: 'Excellent',
      good: 'Good',
      needsImprovement: 'Needs improvement',
    },
  },
  dwell: {
    today: 'Dwell and detention today',
    todayDescription: 'Trucks that came in today and have left · {{facility}}',
    failed: 'Failed to load the dwell figures',
    empty: 'No truck has come and left yet',
    label: 'Dwell and detention',
    trucks: 'Trucks',
    median: 'Median dwell',
    p90: 'P90 dwell',
    overTwoHours: 'Over 2 hours',
    onTime: 'Arrived on time',
    byCause: 'Detention by cause',
    cause: 'Cause',
    hours: 'Hours',
    rupees: 'Detention ₹',
    total: 'Total',
    hoursValue: '{{value}} h',
    causes: {
      door_wait: 'Waiting for a door',
      at_door: 'Unloading',
      documents: 'Documents',
      hub_hold: 'Hub hold',
    },
  },
  schedule: {
    title: "Today's Schedule",
    dockFilter: 'Dock filter',
    allDocks: 'All docks',
    failed: "Failed to load today's schedule. Please refresh the page.",
    empty: 'No appointments scheduled for today',
    listLabel: "Today's schedule",
    guest: 'Guest',
    dock: 'Dock {{door}}',
    noDock: 'No dock',
    loadTypes: { inbound: 'Inbound Delivery', outbound: 'Outbound Pickup' },
  },
  notifications: {
    title: 'Live Notifications',
    failed: 'Failed to load notifications',
    empty: 'No recent notifications',
    listLabel: 'Notifications',
    showLess: 'Show less',
    viewAll: 'View All',
    bellUnread: '{{label}} ({{count}} new)',
  },
  quickActions: {
    title: 'Quick Actions',
    manualCheckin: 'Manual Check-in',
    reportIssue: 'Report Issue',
    exportDaily: 'Export Daily Report',
    exportStarted: 'Export started',
    exportStartedText: "Today's appointments are downloading as a CSV file.",
    appointment: 'Appointment',
    selectAppointment: "Select today's appointment",
    whatHappened: 'What happened?',
    recordIssue: 'Record issue',
  },
  checkin: {
    title: 'Driver Check-in',
    gateStats: 'Gate statistics',
    today: 'Today',
    avgToDock: 'Avg to dock',
    manual: 'Manual',
    recent: 'Recent Check-ins',
    recentFailed: 'Failed to load recent check-ins',
    recentEmpty: 'No recent check-ins',
    recentLabel: 'Recent check-ins',
    methods: { qr_code: 'qr code', manual: 'manual', tablet: 'tablet' },
  },
} as const;

export const insightsText = defineCatalogue('insights', insightsEn, () => import('./i18n.hi').then((m) => m.insights));
// Listed here so the catalogue tests find it; fetched only with /analytics (tree-shaken from the dashboard).
export { insightsAnalyticsText } from './analytics-i18n';
