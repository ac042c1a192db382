// /analytics: figures computed for the chosen range, appointments per day, carrier scorecard, and
// a CSV export of the scorecard.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { api } from '../../../lib/api-client';

interface Analytics {
  days: number;
  facilityName: string;
  from: string;
  to: string;
  totalAppointments: number;
  completed: number;
  cancelled: number;
  noShows: number;
  onTimeRate: number | null;
  avgDwellMinutes: number | null;
  dockUtilization: number;
  perDay: { date: string; appointments: number }[];
  byLoadType: { inbound: number; outbound: number };
  carriers: { name: string; appointments: number; onTimeRate: number | null; late: number; noShows: number; avgDwellMinutes: number | null }[];
}

const RANGES = [7, 30, 90] as const;
const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

const REPORTS = [
  { name: 'carrier-scorecard', label: 'Carrier Scorecard' },
  { name: 'dwell-time', label: 'Dwell Time Analysis' },
  { name: 'appointment-audit-log', label: 'Appointment Audit Log' },
  { name: 'dock-utilization', label: 'Dock Utilization Report' },
] as const;

/** Downloads a report of the range as CSV from the server. */
function download(name: string, days: number) {
  const link = document.createElement('a');
  link.href = `/api/reports/${name}?days=${days}`;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function AnalyticsRoute() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const analytics = useQuery({ queryKey: ['/api/analytics', days], queryFn: () => api.get<Analytics>(`/api/analytics?days=${days}`) });
  const a = analytics.data;
  const max = Math.max(1, ...(a?.perDay.map((d) => d.appointments) ?? [1]));
  const cards = a
    ? [
        { label: 'Appointments', value: String(a.totalAppointments) },
        { label: 'On-time rate', value: pct(a.onTimeRate) },
        { label: 'Avg dwell time', value: a.avgDwellMinutes === null ? '—' : `${a.avgDwellMinutes} min` },
        { label: 'Dock utilization', value: `${a.dockUtilization}%` },
        { label: 'No-shows', value: String(a.noShows) },
      ]
    : [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Analytics</h1>
        <div className="flex gap-2">
          <select aria-label="Range" value={days} onChange={(e) => setDays(Number(e.target.value) as typeof days)} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            {RANGES.map((r) => (
              <option key={r} value={r}>
                Last {r} Days
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => download('carrier-scorecard', days)}>
            <Download className="h-4 w-4" aria-hidden /> Export Report
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2" aria-label="Reports">
        {REPORTS.map((r) => (
          <Button key={r.name} size="sm" variant="secondary" onClick={() => download(r.name, days)}>
            <Download className="h-4 w-4" aria-hidden /> {r.label}
          </Button>
        ))}
      </div>
      {!a ? (
        <p className="text-sm text-slate-500">{analytics.isError ? 'Failed to load analytics' : 'Loading...'}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-5">
            {cards.map((c) => (
              <Card key={c.label}>
                <CardBody>
                  <div className="text-sm text-slate-500">{c.label}</div>
                  <div className="text-2xl font-bold" data-testid={`analytics-${c.label}`}>{c.value}</div>
                </CardBody>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader title="Appointments per day" description={`${a.facilityName} · ${a.from} to ${a.to} · inbound ${a.byLoadType.inbound}, outbound ${a.byLoadType.outbound}`} />
            <CardBody>
              <div className="flex h-40 items-end gap-0.5" role="img" aria-label="Appointments per day chart">
                {a.perDay.map((d) => (
                  <div key={d.date} title={`${d.date}: ${d.appointments}`} className="flex-1 rounded-t bg-blue-500" style={{ height: `${(d.appointments / max) * 100}%`, minHeight: d.appointments ? 2 : 0 }} />
                ))}
              </div>
            </CardBody>
          </Card>
          <Card id="carrier-scorecard">
            <CardHeader title="Carrier Scorecard" description="On-time, late and no-show from real arrivals" />
            <CardBody className="overflow-x-auto">
              {!a.carriers.length ? (
                <p className="text-sm text-slate-500">No carrier appointments in this range</p>
              ) : (
                <table className="w-full text-sm" aria-label="Carrier scorecard">
                  <thead className="text-left text-slate-500">
                    <tr>
                      <th className="py-2">Carrier</th>
                      <th>Appointments</th>
                      <th>On-time</th>
                      <th>Late</th>
                      <th>No-shows</th>
                      <th>Avg dwell</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {a.carriers.map((c) => (
                      <tr key={c.name}>
                        <td className="py-2 font-medium">{c.name}</td>
                        <td>{c.appointments}</td>
                        <td>{pct(c.onTimeRate)}</td>
                        <td>{c.late}</td>
                        <td>{c.noShows}</td>
                        <td>{c.avgDwellMinutes === null ? '—' : `${c.avgDwellMinutes} min`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardBody>
          </Card>
        </>
      )}
    </div>
  );
}
