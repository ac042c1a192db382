// /yard: occupied docks, waiting trucks and free spots from the live yard, the layout, activity;
// Refresh Layout reloads the live yard, Assign Spots parks the waiting trucks.
import { MapPin, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { YardLayout } from '../components/yard-layout';
import { useYard } from '../api/yard';
import { useSession } from '../../../lib/session';
import { relativeTime } from '../../../lib/relative-time';
import { useToast } from '../../../lib/toast';
import { useAssignSpots } from '../api/assign-spots';

export function YardRoute() {
  const { hasPermission } = useSession();
  const { toast } = useToast();
  const yard = useYard();
  const assign = useAssignSpots();
  const y = yard.data;
  const refresh = async () => {
    const result = await yard.refetch();
    toast(result.isError ? { title: 'Refresh failed', description: 'Failed to load the yard', variant: 'destructive' } : { title: 'Yard layout data has been refreshed' });
  };
  const cards = [
    { label: 'Occupied Docks', value: y ? `${y.occupiedDocks}/${y.totalDocks}` : '—' },
    { label: 'Waiting Trucks', value: y ? String(y.waitingTrucks) : '—' },
    { label: 'Available Spots', value: y ? String(y.availableSpots) : '—' },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Yard Management</h1>
          <p className="text-sm text-slate-600">Spots are numbered from the gate: Assign Spots parks each waiting truck on the free spot nearest it.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={yard.isFetching} onClick={() => void refresh()}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Refresh Layout
          </Button>
          {hasPermission('yard:write') && (
            <Button disabled={assign.isPending} onClick={() => assign.mutate()}>
              <MapPin className="h-4 w-4" aria-hidden /> Assign Spots
            </Button>
          )}
        </div>
      </div>
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
