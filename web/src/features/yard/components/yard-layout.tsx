// The yard live view: loading docks (6 columns), waiting area (8 columns), legend, dock
// utilisation, the selected spot with Assign Truck; drag an occupied spot's truck to another spot.
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
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

/** The words every tile shows, looked up once per language rather than once per tile. */
function useTileWords() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      spot: t('yard.layout.spotWord'),
      truck: t('yard.layout.truck'),
      empty: t('yard.layout.empty'),
      maintenance: t('yard.layout.maintenance'),
      maintenanceShort: t('yard.layout.maintenanceShort'),
    }),
    [t],
  );
}
type TileWords = ReturnType<typeof useTileWords>;

/** One spot of the waiting area; a truck is dragged from an occupied spot and dropped on another. */
const SpotTile = memo(function SpotTile({
  spot: s,
  selected,
  canEdit,
  words,
  onSelect,
  onDropTruck,
}: {
  spot: YardSpotView;
  selected: boolean;
  canEdit: boolean;
  words: TileWords;
  onSelect: (spotId: string) => void;
  onDropTruck: (spotId: string, assetId: string) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      draggable={canEdit && s.status === 'occupied'}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', JSON.stringify({ from: s.id, asset: s.currentAssetId }))}
      onDragOver={(e) => canEdit && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const { from, asset: moving } = JSON.parse(e.dataTransfer.getData('text/plain') || '{}') as {
          from?: string;
          asset?: string;
        };
        if (!from || !moving || from === s.id) return;
        onDropTruck(s.id, moving);
      }}
      onClick={() => onSelect(s.id)}
      className={`rounded-md border p-2 text-center text-xs [contain-intrinsic-size:auto_3.5rem] [content-visibility:auto] ${SPOT_STYLE[s.status]} ${selected ? 'ring-2 ring-blue-600' : ''}`}
      data-testid="spot"
    >
      {/* The name is what the tile shows ('Spot Y06 GJ05EF9012', 'Spot Y07 Empty'): the word 'Spot' is for screen readers only. */}
      <div className="font-semibold">
        <span className="sr-only">{words.spot} </span>
        {s.spotNumber}
      </div>{' '}
      <div className="truncate">
        {s.status === 'occupied' ? (
          (s.currentAssetId ?? words.truck)
        ) : s.status === 'maintenance' ? (
          <abbr title={words.maintenance}>{words.maintenanceShort}</abbr>
        ) : (
          words.empty
        )}
      </div>
    </button>
  );
});

/** The spots of a phone's or a tablet's first screen (4 or 8 to a row), drawn in the yard's first paint. */
const FIRST_PAINT_SPOTS = 48;

/**
 * How many of `count` spots to draw: the first screen's at the first render, then all of them in a
 * render the browser may interrupt (a transition), and later counts as a deferred value.
 */
function useSpotsShown(count: number): number {
  const [firstPaintDone, setFirstPaintDone] = useState(false);
  useEffect(() => {
    startTransition(() => setFirstPaintDone(true));
  }, []);
  const deferred = useDeferredValue(count);
  return firstPaintDone ? deferred : Math.min(count, FIRST_PAINT_SPOTS);
}

/**
 * The waiting area's spots. A yard holds hundreds: the first screen's spots are drawn at once and the
 * rest right after, in a render the browser may interrupt (useSpotsShown), so the yard's first
 * paint does not wait on tiles below the fold (issue #34). The browser then lays out and paints only
 * the spots near the screen (content-visibility), while every spot is in the page for search and
 * screen readers.
 */
function SpotGrid({
  spots,
  ...tile
}: {
  spots: YardSpotView[];
  selected: string | null;
  canEdit: boolean;
  words: TileWords;
  onSelect: (spotId: string) => void;
  onDropTruck: (spotId: string, assetId: string) => void;
}) {
  const shown = useSpotsShown(spots.length);
  return (
    <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
      {spots.slice(0, shown).map((s) => (
        <SpotTile
          key={s.id}
          spot={s}
          selected={tile.selected === s.id}
          canEdit={tile.canEdit}
          words={tile.words}
          onSelect={tile.onSelect}
          onDropTruck={tile.onDropTruck}
        />
      ))}
    </div>
  );
}

export function YardLayout({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const yard = useYard();
  const move = useMoveYardAsset();
  const [selected, setSelected] = useState<string | null>(null);
  const [asset, setAsset] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const data = yard.data;
  const spot = data?.spots.find((s) => s.id === selected) ?? null;

  const words = useTileWords();
  // Stable across renders, so a refetch or a new selection repaints only the tiles that changed.
  const select = useCallback((id: string) => setSelected((cur) => (cur === id ? null : id)), []);
  const { mutate } = move;
  const dropTruck = useCallback(
    (spotId: string, assetId: string) => mutate({ spotId, status: 'occupied', assetId }),
    [mutate],
  );

  const refresh = async () => {
    await yard.refetch();
    toast({ title: t('yard.refreshed') });
  };

  return (
    <div ref={panel} className="bg-white">
      <Card>
        <CardHeader
          title={t('yard.layout.title')}
          description={data ? t('yard.layout.live', { facility: data.facilityName }) : undefined}
          action={
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => void refresh()}>
                <RefreshCw className="h-4 w-4" aria-hidden /> {t('yard.layout.refresh')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void panel.current?.requestFullscreen?.()}>
                <Maximize2 className="h-4 w-4" aria-hidden /> {t('yard.layout.fullScreen')}
              </Button>
            </div>
          }
        />
        <CardBody className="space-y-4">
          {!data ? (
            <p className="text-sm text-slate-500">{yard.isError ? t('yard.loadFailed') : t('common.loading')}</p>
          ) : (
            <>
              <section aria-label={t('yard.layout.loadingDocks')}>
                <h3 className="mb-2 text-sm font-semibold">{t('yard.layout.loadingDocks')}</h3>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                  {data.doors.map((d) => (
                    <div
                      key={d.id}
                      className={`rounded-md border p-2 text-center text-xs ${DOOR_STYLE[d.status]}`}
                      data-testid="dock"
                      data-status={d.status}
                    >
                      <div className="font-semibold">{d.doorNumber}</div>
                      <div className="truncate">
                        {d.status === 'available'
                          ? t('yard.layout.empty')
                          : d.status === 'maintenance'
                            ? t('yard.layout.maintenance')
                            : d.move?.kind === 'to_door'
                              ? t('yard.layout.incoming', { asset: d.move.assetId, spot: d.move.spotNumber ?? '' })
                              : (d.assetId ?? t('yard.layout.occupied'))}
                      </div>
                    </div>
                  ))}
                </div>
              </section>
              <section aria-label={t('yard.layout.waitingArea')}>
                <h3 className="mb-2 text-sm font-semibold">{t('yard.layout.waitingArea')}</h3>
                <SpotGrid
                  spots={data.spots}
                  selected={selected}
                  canEdit={canEdit}
                  words={words}
                  onSelect={select}
                  onDropTruck={dropTruck}
                />
              </section>
              <div className="flex flex-wrap gap-3 text-xs" role="group" aria-label={t('yard.layout.legend')}>
                {[
                  ['bg-green-100', 'available'],
                  ['bg-blue-100', 'occupied'],
                  ['bg-amber-100', 'loading'],
                  ['bg-red-100', 'maintenance'],
                ].map(([c, l]) => (
                  <span key={l} className="flex items-center gap-1">
                    <span className={`h-3 w-3 rounded ${c}`} />
                    {t(`yard.layout.legendItems.${l}`)}
                  </span>
                ))}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="rounded-md border border-slate-200 p-3">
                  <h3 className="text-sm font-semibold">{t('yard.layout.utilization')}</h3>
                  <p className="mt-1 text-2xl font-bold" data-testid="dock-utilization">
                    {t('yard.layout.utilizationValue', {
                      occupied: data.occupiedDocks,
                      total: data.totalDocks,
                      percent: data.utilization,
                    })}
                  </p>
                  <div className="mt-2 h-2 rounded bg-slate-100">
                    <div
                      className={`h-2 rounded ${utilizationTone(data.utilization)}`}
                      style={{ width: `${data.utilization}%` }}
                    />
                  </div>
                </div>
                <div
                  className="rounded-md border border-slate-200 p-3"
                  role="region"
                  aria-label={t('yard.layout.selectedSpot')}
                >
                  <h3 className="text-sm font-semibold">{t('yard.layout.selectedSpot')}</h3>
                  {!spot ? (
                    <p className="mt-1 text-sm text-slate-500">{t('yard.layout.clickSpot')}</p>
                  ) : (
                    <div className="mt-1 space-y-2 text-sm">
                      <div>
                        <span className="font-semibold">{spot.spotNumber}</span> ·{' '}
                        {t(`yard.layout.statuses.${spot.status}`)}
                        {spot.currentAssetId && (
                          <span className="ml-1 inline-flex items-center gap-1">
                            <Truck className="h-3.5 w-3.5" aria-hidden />
                            {spot.currentAssetId}
                          </span>
                        )}
                      </div>
                      {canEdit && spot.status === 'empty' && (
                        <div className="flex gap-2">
                          <input
                            aria-label={t('yard.layout.vehicleNumber')}
                            placeholder="MH12AB1234"
                            value={asset}
                            onChange={(e) => setAsset(e.target.value.toUpperCase())}
                            className={inputClasses}
                          />
                          <Button
                            size="sm"
                            disabled={!asset.trim()}
                            onClick={() =>
                              move.mutate(
                                { spotId: spot.id, status: 'occupied', assetId: asset.trim() },
                                { onSuccess: () => setAsset('') },
                              )
                            }
                          >
                            {t('yard.layout.assignTruck')}
                          </Button>
                        </div>
                      )}
                      {canEdit && spot.status === 'occupied' && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => move.mutate({ spotId: spot.id, status: 'empty', assetId: null })}
                        >
                          {t('yard.layout.releaseSpot')}
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
