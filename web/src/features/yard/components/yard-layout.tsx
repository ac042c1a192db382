// The yard live view: loading docks (6 columns), waiting area (8 columns), legend, dock
// utilisation, the selected spot with Assign Truck; drag an occupied spot's truck to another spot.
import { useRef, useState } from 'react';
import { Maximize2, RefreshCw, Truck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { inputClasses } from '../../../components/ui/field';
import { useMoveYardAsset, useYard, type LiveDoor, type YardSpotView } from '../api/yard';
import { useToast } from '../../../lib/toast';

const DOOR_STYLE: Record<LiveDoor['status'], string> = {
  available: 'border-green-300 bg-green-50 text-green-800',
  occupied: 'border-blue-300 bg-blue-50 text-blue-800',
  loading: 'border-amber-300 bg-amber-50 text-amber-800',
  maintenance: 'border-red-300 bg-red-50 text-red-800',
};
const SPOT_STYLE: Record<YardSpotView['status'], string> = {
  empty: 'border-slate-200 bg-white text-slate-500',
  occupied: 'border-blue-300 bg-blue-100 text-blue-900',
  maintenance: 'border-red-300 bg-red-50 text-red-700',
};

/** Utilisation colour: green under 70 %, yellow under 85 %, red otherwise. */
export function utilizationTone(percent: number) {
  return percent < 70 ? 'bg-green-500' : percent < 85 ? 'bg-amber-500' : 'bg-red-500';
}

export function YardLayout({ canEdit }: { canEdit: boolean }) {
  const { toast } = useToast();
  const yard = useYard();
  const move = useMoveYardAsset();
  const [selected, setSelected] = useState<string | null>(null);
  const [asset, setAsset] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const data = yard.data;
  const spot = data?.spots.find((s) => s.id === selected) ?? null;

  const refresh = async () => {
    await yard.refetch();
    toast({ title: 'Yard layout data has been refreshed' });
  };

  return (
    <div ref={panel} className="bg-white">
      <Card>
        <CardHeader
          title="Yard Layout"
          description={data ? `${data.facilityName} · live` : undefined}
          action={
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => void refresh()}>
                <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void panel.current?.requestFullscreen?.()}>
                <Maximize2 className="h-4 w-4" aria-hidden /> Full Screen
              </Button>
            </div>
          }
        />
        <CardBody className="space-y-4">
          {!data ? (
            <p className="text-sm text-slate-500">{yard.isError ? 'Failed to load the yard' : 'Loading...'}</p>
          ) : (
            <>
              <section aria-label="Loading Docks">
                <h3 className="mb-2 text-sm font-semibold">Loading Docks</h3>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                  {data.doors.map((d) => (
                    <div key={d.id} className={`rounded-md border p-2 text-center text-xs ${DOOR_STYLE[d.status]}`} data-testid="dock" data-status={d.status}>
                      <div className="font-semibold">{d.doorNumber}</div>
                      <div className="truncate">{d.status === 'available' ? 'Empty' : d.status === 'maintenance' ? 'Maintenance' : (d.assetId ?? 'Occupied')}</div>
                    </div>
                  ))}
                </div>
              </section>
              <section aria-label="Waiting Area">
                <h3 className="mb-2 text-sm font-semibold">Waiting Area</h3>
                <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
                  {data.spots.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      aria-pressed={selected === s.id}
                      aria-label={`Spot ${s.spotNumber}${s.currentAssetId ? ` ${s.currentAssetId}` : ''}`}
                      draggable={canEdit && s.status === 'occupied'}
                      onDragStart={(e) => e.dataTransfer.setData('text/plain', JSON.stringify({ from: s.id, asset: s.currentAssetId }))}
                      onDragOver={(e) => canEdit && e.preventDefault()}
                      onDrop={(e) => {
                        e.preventDefault();
                        const { from, asset: moving } = JSON.parse(e.dataTransfer.getData('text/plain') || '{}') as { from?: string; asset?: string };
                        if (!from || !moving || from === s.id) return;
                        move.mutate({ spotId: s.id, status: 'occupied', assetId: moving });
                      }}
                      onClick={() => setSelected((cur) => (cur === s.id ? null : s.id))}
                      className={`rounded-md border p-2 text-center text-xs ${SPOT_STYLE[s.status]} ${selected === s.id ? 'ring-2 ring-blue-600' : ''}`}
                      data-testid="spot"
                    >
                      <div className="font-semibold">{s.spotNumber}</div>
                      <div className="truncate">{s.status === 'occupied' ? (s.currentAssetId ?? 'Truck') : s.status === 'maintenance' ? 'Maint.' : 'Empty'}</div>
                    </button>
                  ))}
                </div>
              </section>
              <div className="flex flex-wrap gap-3 text-xs" aria-label="Legend">
                {[
                  ['bg-green-100', 'Available'],
                  ['bg-blue-100', 'Occupied'],
                  ['bg-amber-100', 'Loading'],
                  ['bg-red-100', 'Maintenance'],
                ].map(([c, l]) => (
                  <span key={l} className="flex items-center gap-1">
                    <span className={`h-3 w-3 rounded ${c}`} />
                    {l}
                  </span>
                ))}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="rounded-md border border-slate-200 p-3">
                  <h3 className="text-sm font-semibold">Dock Utilization</h3>
                  <p className="mt-1 text-2xl font-bold" data-testid="dock-utilization">
                    {data.occupiedDocks} of {data.totalDocks} · {data.utilization}%
                  </p>
                  <div className="mt-2 h-2 rounded bg-slate-100">
                    <div className={`h-2 rounded ${utilizationTone(data.utilization)}`} style={{ width: `${data.utilization}%` }} />
                  </div>
                </div>
                <div className="rounded-md border border-slate-200 p-3" aria-label="Selected Spot">
                  <h3 className="text-sm font-semibold">Selected Spot</h3>
                  {!spot ? (
                    <p className="mt-1 text-sm text-slate-500">Click a spot to select it</p>
                  ) : (
                    <div className="mt-1 space-y-2 text-sm">
                      <div>
                        <span className="font-semibold">{spot.spotNumber}</span> · {spot.status}
                        {spot.currentAssetId && (
                          <span className="ml-1 inline-flex items-center gap-1">
                            <Truck className="h-3.5 w-3.5" aria-hidden />
                            {spot.currentAssetId}
                          </span>
                        )}
                      </div>
                      {canEdit && spot.status === 'empty' && (
                        <div className="flex gap-2">
                          <input aria-label="Vehicle number" placeholder="MH12AB1234" value={asset} onChange={(e) => setAsset(e.target.value.toUpperCase())} className={inputClasses} />
                          <Button size="sm" disabled={!asset.trim()} onClick={() => move.mutate({ spotId: spot.id, status: 'occupied', assetId: asset.trim() }, { onSuccess: () => setAsset('') })}>
                            Assign Truck
                          </Button>
                        </div>
                      )}
                      {canEdit && spot.status === 'occupied' && (
                        <Button size="sm" variant="secondary" onClick={() => move.mutate({ spotId: spot.id, status: 'empty', assetId: null })}>
                          Release spot
                        </Button>
                      )}
                    </div>
                  )}
                </div>
              </div>
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
