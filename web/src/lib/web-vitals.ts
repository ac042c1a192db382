// Field web vitals (issue #34): LCP, INP and CLS as this browser measures them (the `web-vitals`
// package), sent to POST /api/vitals when the page is hidden (the moment the library gives its final
// values, and the last one a phone reliably gives a page), by sendBeacon so leaving the page does not
// cancel it. Nothing personal: the screen's route pattern, never the address; a device class from
// the viewport, the processor count and the connection; each metric's value and rating.
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { DeviceClass, VitalsReport } from '@shared/contracts/vitals';
import { routePatternOf } from '@shared/contracts/vitals-routes';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** What the device is: a phone on a slow network or with few cores is the driver's entry-level Android. */
export function deviceClassOf(device: {
  viewportWidth: number;
  cores: number | undefined;
  connection: NetworkInformation | undefined;
}): DeviceClass {
  if (device.viewportWidth < 768) {
    const slowNetwork = ['slow-2g', '2g', '3g'].includes(device.connection?.effectiveType ?? '');
    return slowNetwork || device.connection?.saveData || (device.cores ?? 8) <= 4 ? 'phone-slow' : 'phone';
  }
  return device.viewportWidth < 1280 ? 'tablet' : 'desktop';
}

/** Marks the page whose figures are being reported (an attribute: two bundles share the page). */
const REPORTING = 'data-web-vitals';

/** Metrics waiting to be sent, by the screen they were measured on (each metric's latest value). */
const pending = new Map<string, Map<Metric['name'], Metric>>();

function keep(metric: Metric) {
  if (metric.name !== 'LCP' && metric.name !== 'INP' && metric.name !== 'CLS') return;
  const route = routePatternOf(location.pathname);
  const metrics = pending.get(route) ?? new Map<Metric['name'], Metric>();
  metrics.set(metric.name, metric);
  pending.set(route, metrics);
}

function send() {
  const device = deviceClassOf({
    viewportWidth: window.innerWidth,
    cores: navigator.hardwareConcurrency,
    connection: (navigator as Navigator & { connection?: NetworkInformation }).connection,
  });
  for (const [route, metrics] of pending) {
    const report: VitalsReport = {
      route,
      device,
      metrics: [...metrics.values()].map((m) => ({
        name: m.name as VitalsReport['metrics'][number]['name'],
        value: m.value,
        rating: m.rating,
      })),
    };
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/vitals', body))
      void fetch('/api/vitals', { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
  }
  pending.clear();
}

export function reportWebVitals() {
  // Once per page: the static landing page's script reports from the start (a bundle of its own), and the
  // app it may start in the same document must not report the same figures again.
  if (document.documentElement.hasAttribute(REPORTING)) return;
  document.documentElement.setAttribute(REPORTING, '');
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  // After the library's own listeners (registered above), so their final values are kept before sending.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
}
