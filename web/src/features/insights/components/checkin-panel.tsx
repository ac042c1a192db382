import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { GenerateQrButton, useCheckins } from '../../checkins';
import { useMetrics } from '../api/insights';
import { relativeTime } from '../../../lib/relative-time';

export function CheckinPanel({ canGenerate }: { canGenerate: boolean }) {
  const metrics = useMetrics();
  const checkins = useCheckins();
  const gate = metrics.data?.gate;
  return (
    <Card>
      <CardHeader title="Driver Check-in" action={canGenerate ? <GenerateQrButton /> : undefined} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Gate statistics">
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Today</dt>
            <dd className="text-xl font-bold" data-testid="gate-today">{gate?.checkinsToday ?? '—'}</dd>
          </div>
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Avg to dock</dt>
            <dd className="text-xl font-bold">{gate?.averageToDockMinutes == null ? '—' : `${gate.averageToDockMinutes} min`}</dd>
          </div>
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Manual</dt>
            <dd className="text-xl font-bold">{gate?.manualCheckins ?? '—'}</dd>
          </div>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Recent Check-ins</h3>
          {checkins.isError ? (
            <p className="text-sm text-red-600">Failed to load recent check-ins</p>
          ) : !checkins.data?.length ? (
            <p className="text-sm text-slate-500">No recent check-ins</p>
          ) : (
            <ul className="space-y-2 text-sm" aria-label="Recent check-ins">
              {checkins.data.slice(0, 5).map((c) => (
                <li key={c.id} className="flex justify-between gap-2">
                  <span className="truncate">
                    {c.driverName}
                    {c.vehicleLicense ? ` · ${c.vehicleLicense}` : ''}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {c.checkinMethod.replace('_', ' ')} · {relativeTime(c.checkInTime)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
