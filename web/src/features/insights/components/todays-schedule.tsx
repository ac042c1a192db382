import { useState } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { AppointmentStatusAction, LOAD_TYPE_LABEL, StatusBadge, useTodaysSchedule } from '../../appointments';

const FILTERS = [
  { value: 'all', label: 'All docks', test: () => true },
  { value: 'dock-1', label: 'Dock 1-6', test: (n: number) => n >= 1 && n <= 6 },
  { value: 'dock-7', label: 'Dock 7-12', test: (n: number) => n >= 7 && n <= 12 },
] as const;

export function TodaysSchedule({ canChange }: { canChange: boolean }) {
  const schedule = useTodaysSchedule();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['value']>('all');
  const rule = FILTERS.find((f) => f.value === filter)!;
  const rows = (schedule.data ?? []).filter((a) => filter === 'all' || (a.doorNumber && rule.test(Number(a.doorNumber.replace(/\D/g, '')))));
  return (
    <Card>
      <CardHeader
        title="Today's Schedule"
        action={
          <select aria-label="Dock filter" value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        }
      />
      <CardBody>
        {schedule.isError ? (
          <p className="text-sm text-red-600">Failed to load today's schedule. Please refresh the page.</p>
        ) : !rows.length ? (
          <p className="text-sm text-slate-500">{schedule.isLoading ? 'Loading...' : 'No appointments scheduled for today'}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Today's schedule">
            {rows.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="w-24 font-semibold">{a.scheduledTimeStart}-{a.scheduledTimeEnd}</span>
                <span className="min-w-40 flex-1">
                  {a.carrierName ?? a.driverName ?? 'Guest'} · {LOAD_TYPE_LABEL[a.loadType]} · {a.doorNumber ? `Dock ${a.doorNumber}` : 'No dock'}
                </span>
                <StatusBadge status={a.status} />
                {canChange && (
                  <AppointmentStatusAction id={a.id} status={a.status} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
