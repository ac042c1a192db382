import { Card, CardBody } from '../../../components/ui/card';
import { useMetrics } from '../api/insights';

/** Average wait: up to 15 min on target, up to 30 above target, otherwise needs attention. */
export function waitLabel(minutes: number | null) {
  if (minutes === null) return 'No dock arrivals yet today';
  return minutes <= 15 ? 'On target' : minutes <= 30 ? 'Above target' : 'Needs attention';
}

/** On-time rate: 90 or more excellent, 80 or more good, otherwise needs improvement. */
export function onTimeLabel(rate: number | null) {
  if (rate === null) return 'No arrivals yet today';
  return rate >= 90 ? 'Excellent' : rate >= 80 ? 'Good' : 'Needs improvement';
}

export function MetricCards() {
  const metrics = useMetrics();
  if (metrics.isError) return <p className="text-sm text-red-600">Failed to load dashboard metrics. Please try again.</p>;
  if (!metrics.data) return <p className="text-sm text-slate-500">{metrics.isLoading ? 'Loading...' : 'No metrics data available'}</p>;
  const m = metrics.data;
  const cards = [
    { label: 'Active Appointments', value: String(m.activeAppointments), note: 'Today' },
    { label: 'Available Docks', value: `${m.availableDocks}/${m.totalDocks}`, note: `${m.occupiedDocks} in use` },
    { label: 'Avg Wait Time', value: m.avgWaitTimeMinutes === null ? '—' : `${m.avgWaitTimeMinutes} min`, note: waitLabel(m.avgWaitTimeMinutes) },
    { label: 'On-Time Rate', value: m.onTimeRate === null ? '—' : `${m.onTimeRate}%`, note: onTimeLabel(m.onTimeRate) },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.label}>
          <CardBody>
            <div className="text-sm text-slate-500">{c.label}</div>
            <div className="mt-1 text-2xl font-bold" data-testid={`metric-${c.label}`}>
              {c.value}
            </div>
            <div className="text-xs text-slate-500">{c.note}</div>
          </CardBody>
        </Card>
      ))}
    </div>
  );
}
