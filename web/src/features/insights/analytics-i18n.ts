// The analytics screen's texts (its figures, reports and the speed of real users), a catalogue of their
// own: fetched with /analytics, not with the dashboard, whose first screen has a 120 KB budget (#34, #53).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./analytics-i18n.hi.ts, fetched only for a Hindi reader. */
export const insightsAnalyticsEn = {
  analytics: {
    title: 'Analytics',
    range: 'Range',
    lastDays: 'Last {{count}} Days',
    exportReport: 'Export Report',
    reports: 'Reports',
    reportNames: {
      'carrier-scorecard': 'Carrier Scorecard',
      'dwell-time': 'Dwell Time Analysis',
      'appointment-audit-log': 'Appointment Audit Log',
      'dock-utilization': 'Dock Utilization Report',
    },
    cards: {
      appointments: 'Appointments',
      onTimeRate: 'On-time rate',
      avgDwell: 'Avg dwell time',
      dockUtilization: 'Dock utilization',
      noShows: 'No-shows',
    },
    dwellTitle: 'Dwell and detention',
    dwellDescription: '{{facility}} · trucks that came in from {{from}} to {{to}} and have left',
    dwellCsv: 'Download these figures (CSV)',
    byCarrier: 'By carrier',
    byDay: 'By day',
    carrier: 'Carrier',
    day: 'Day',
    noCarrier: 'No carrier',
    failed: 'Failed to load analytics',
    perDayTitle: 'Appointments per day',
    perDayDescription: '{{facility}} · {{from}} to {{to}} · inbound {{inbound}}, outbound {{outbound}}',
    perDayChart: 'Appointments per day chart',
  },
  vitals: {
    title: 'Speed for real users',
    description:
      '75th percentile of what browsers measured on each screen, {{from}} to {{to}} (LCP: main content shown; INP: answer to a tap; CLS: layout shift).',
    failed: 'Failed to load the speed figures',
    empty: 'No reports from browsers in the last 7 days',
    label: 'Speed per screen',
    columns: { route: 'Screen', device: 'Device', views: 'Page views' },
    cell: '{{value}} · {{good}}% good',
    devices: {
      all: 'All devices',
      'phone-slow': 'Basic phone or slow network',
      phone: 'Phone',
      tablet: 'Tablet',
      desktop: 'Computer',
    },
    seconds: '{{value}} s',
    milliseconds: '{{value}} ms',
  },
} as const;

export const insightsAnalyticsText = /* @__PURE__ */ defineCatalogue('insightsAnalytics', insightsAnalyticsEn, () =>
  import('./analytics-i18n.hi').then((m) => m.insightsAnalytics),
);
