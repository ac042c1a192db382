// Field web vitals (issue #34): what the SPA reports of a page view (LCP, INP, CLS, measured by the
// `web-vitals` package in the user's browser) and what the admins' insights screen reads back. A
// report carries no personal data: the screen's route pattern (never the address, which may hold a
// booking link or an invitation token), a device class, and each metric's value and rating; any
// other field is refused.
import * as z from 'zod/mini';
import { VITALS_ROUTES } from './vitals-routes';

export { OTHER_ROUTE, routePatternOf, VITALS_ROUTES } from './vitals-routes';

export const VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** What the device is, from the viewport, the processor count and the connection (no identifier). */
export const DEVICE_CLASSES = ['phone-slow', 'phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** The largest value taken of each metric (ms; CLS unitless): beyond it a value is a broken measurement. */
export const VITAL_MAX: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 50 };

const metricSchema = z
  .strictObject({
    name: z.enum(VITAL_METRICS, { error: 'Metric must be LCP, INP or CLS' }),
    value: z.number({ error: 'Value must be a number' }).check(z.gte(0, 'Value must be 0 or more')),
    rating: z.enum(VITAL_RATINGS, { error: 'Rating is not one the browser gives' }),
  })
  .check(z.refine((m) => m.value <= VITAL_MAX[m.name], { message: 'Value is out of range', path: ['value'] }));

export const vitalsReportSchema = z.strictObject({
  route: z.string({ error: 'Route is required' }).check(
    z.minLength(1, 'Route is required'),
    z.refine((r) => VITALS_ROUTES.includes(r), 'Route must be a screen of the app, not an address'),
  ),
  device: z.enum(DEVICE_CLASSES, { error: 'Device class is not known' }),
  metrics: z.array(metricSchema, { error: 'Metrics are required' }).check(
    z.minLength(1, 'Metrics are required'),
    z.maxLength(VITAL_METRICS.length, 'Each metric may be reported once'),
    z.refine((ms) => new Set(ms.map((m) => m.name)).size === ms.length, 'Each metric may be reported once'),
  ),
});
export type VitalsReport = z.output<typeof vitalsReportSchema>;

/** The last days the insights screen shows. */
export const VITALS_DAYS = 7;

/** One route's 75th percentile of each metric over the last VITALS_DAYS days, per device class and for all. */
export interface RouteVitals {
  route: string;
  device: DeviceClass | 'all';
  /** p75 (ms; CLS unitless), the page views counted, and the share of them the browser rated good (0-1). */
  metrics: Partial<Record<VitalMetric, { p75: number; count: number; good: number }>>;
}

export interface VitalsFigures {
  from: string;
  to: string;
  routes: RouteVitals[];
}
