// /yard: occupied docks, waiting trucks and free spots from the live yard, the layout, activity.
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { YardLayout } from '../../../components/yard-layout';
import { useYard } from '../../../api/operations';
import { useSession } from '../../../lib/session';
import { relativeTime } from '../../../lib/relative-time';

export function YardRoute() {
  const { hasPermission } = useSession();
  const yard = useYard();
  const y = yard.data;
  const cards = [
    { label: 'Occupied Docks', value: y ? `${y.occupiedDocks}/${y.totalDocks}` : '—' },
    { label: 'Waiting Trucks', value: y ? String(y.waitingTrucks) : '—' },
    { label: 'Available Spots', value: y ? String(y.availableSpots) : '—' },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Yard Management</h1>
      <div className="grid gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.label}>
            <CardBody>
              <div className="text-sm text-slate-500">{c.label}</div>
              <div className="text-2xl font-bold" data-testid={`yard-${c.label}`}>{c.value}</div>
            </CardBody>
          </Card>
        ))}
      </div>
      <YardLayout canEdit={hasPermission('yard:write')} />
      <Card>
        <CardHeader title="Recent Activity" />
        <CardBody>
          {!y?.recentActivity.length ? (
            <p className="text-sm text-slate-500">No yard activity yet</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {y.recentActivity.map((a) => (
                <li key={a.id} className="flex justify-between gap-2">
                  <span>{a.text}</span>
                  <span className="shrink-0 text-xs text-slate-500">{relativeTime(a.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
