// Recording a page view's web vitals (limited per client address: the route is public and takes no
// session), and the admins' figures: each route's p75 of each metric over the last days, per device
// class and for all devices, from the tenant's reports and the public pages'.
import { rateLimit, type Window } from '../lib/throttle';
import { addDays, localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import {
  DEVICE_CLASSES,
  VITAL_METRICS,
  VITALS_DAYS,
  type RouteVitals,
  type VitalsFigures,
  type VitalsReport,
} from '../../shared/contracts/vitals';
import { addHistograms, binOf, p75Of } from './rules';
import { countVital, readVitals, type VitalsBucket, type VitalsOwner } from './vitals.store';

/** A page view sends one report as it is hidden; a person browsing quickly stays far below this. */
export const VITALS_LIMIT: Window = { limit: 120, windowSeconds: 600 };

/** The day a report counts on: India's calendar, as the product's other figures. */
const dayOf = (now: Date) => localDateTime(now, DEFAULT_TIME_ZONE).date;

export async function recordVitals(report: VitalsReport, owner: VitalsOwner, clientAddress: string, now = new Date()) {
  await rateLimit(`VITALS#${clientAddress}`, VITALS_LIMIT, 'Too many reports; try again later', now.getTime());
  const day = dayOf(now);
  await Promise.all(
    report.metrics.map((m) =>
      countVital(
        owner,
        { day, route: report.route, device: report.device, metric: m.name },
        { bin: binOf(m.name, m.value), rating: m.rating },
      ),
    ),
  );
}

function routeFigures(route: string, device: RouteVitals['device'], buckets: VitalsBucket[]): RouteVitals {
  const metrics: RouteVitals['metrics'] = {};
  for (const metric of VITAL_METRICS) {
    const of = buckets.filter((b) => b.metric === metric);
    const p75 = p75Of(metric, addHistograms(of.map((b) => b.histogram)));
    if (!p75) continue;
    const good = of.reduce((s, b) => s + b.ratings.good, 0);
    metrics[metric] = { ...p75, good: good / p75.count };
  }
  return { route, device, metrics };
}

export async function vitalsFigures(tenantId: string, now = new Date()): Promise<VitalsFigures> {
  const to = dayOf(now);
  const from = addDays(to, 1 - VITALS_DAYS);
  const buckets = (await Promise.all([readVitals({ tenantId }, from, to), readVitals('public', from, to)])).flat();
  const routes = [...new Set(buckets.map((b) => b.route))].sort();
  return {
    from,
    to,
    routes: routes.flatMap((route) => {
      const ofRoute = buckets.filter((b) => b.route === route);
      const devices = DEVICE_CLASSES.filter((d) => ofRoute.some((b) => b.device === d));
      return [
        routeFigures(route, 'all', ofRoute),
        ...devices.map((d) =>
          routeFigures(
            route,
            d,
            ofRoute.filter((b) => b.device === d),
          ),
        ),
      ];
    }),
  };
}
