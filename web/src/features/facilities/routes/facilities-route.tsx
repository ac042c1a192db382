// /facilities: the facility list, and the dock doors of the selected facility.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Building2, Clock, DoorOpen, MapPin, Plus } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListDetailPage, QueryState } from '../../../components/list-detail';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { useDockDoors, useFacilities, type DockDoor } from '../api/facilities';
import { FacilityLinkCard } from '../../tenancy';
import { facilityAddressLine } from '@shared/contracts/facility-address';
import { loadLater } from '../../../lib/load-later';

// The forms (react-hook-form and the contracts' schemas) are fetched when a dialog first opens them.
const FacilityForm = loadLater(async () => (await import('../components/facility-form')).FacilityForm, {
  fallback: null,
});
const DockDoorForm = loadLater(async () => (await import('../components/dock-door-form')).DockDoorForm, {
  fallback: null,
});

const DOOR_STATUS_TONE: Record<DockDoor['status'], BadgeTone> = {
  available: 'green',
  occupied: 'blue',
  maintenance: 'red',
};

export function FacilitiesRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canEdit = hasPermission('facilities:write');
  const facilities = useFacilities();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'facility' | 'door' | null>(null);
  const doors = useDockDoors(selectedId);
  const selected = facilities.data?.find((f) => f.id === selectedId) ?? null;

  return (
    <ListDetailPage
      heading={t('facilities.heading')}
      actions={
        <>
          {canEdit && (
            <Button
              onPointerEnter={FacilityForm.preload}
              onFocus={FacilityForm.preload}
              onClick={() => setDialog('facility')}
            >
              <Plus className="h-4 w-4" aria-hidden /> {t('facilities.addFacility')}
            </Button>
          )}
          {canEdit && selected && (
            <Button
              variant="secondary"
              onPointerEnter={DockDoorForm.preload}
              onFocus={DockDoorForm.preload}
              onClick={() => setDialog('door')}
            >
              <Plus className="h-4 w-4" aria-hidden /> {t('facilities.addDoor')}
            </Button>
          )}
        </>
      }
      listTitle={t('facilities.listTitle', { count: facilities.data?.length ?? 0 })}
      list={
        <QueryState
          loading={facilities.isLoading}
          failed={facilities.isError}
          empty={!facilities.data?.length}
          texts={{ loading: t('facilities.loading'), failed: t('facilities.loadFailed'), empty: t('facilities.empty') }}
        >
          <ul className="space-y-2" aria-label={t('facilities.listLabel')}>
            {(facilities.data ?? []).map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(f.id)}
                  aria-pressed={f.id === selectedId}
                  className={`w-full rounded-lg border p-3 text-left ${f.id === selectedId ? 'border-blue-500 bg-blue-50' : 'border-slate-200 hover:bg-slate-50'}`}
                >
                  <div className="flex items-center gap-2">
                    <Building2 className="h-4 w-4 text-slate-500" aria-hidden />
                    <span className="font-semibold">{f.name}</span>
                    {f.isActive && <Badge tone="green">{t('facilities.active')}</Badge>}
                  </div>
                  <div className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                    <MapPin className="h-3.5 w-3.5" aria-hidden />
                    {facilityAddressLine(f)}
                  </div>
                  <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-600">
                    <span className="flex items-center gap-1">
                      <Clock className="h-3.5 w-3.5" aria-hidden />
                      {f.operatingHoursStart} - {f.operatingHoursEnd}
                    </span>
                    <span className="flex items-center gap-1">
                      <DoorOpen className="h-3.5 w-3.5" aria-hidden />
                      {t('facilities.doorCount', { count: f.doorCount })}
                    </span>
                  </div>
                </button>
              </li>
            ))}
          </ul>
        </QueryState>
      }
      detailTitle={selected ? t('facilities.doorsTitleFor', { facility: selected.name }) : t('facilities.doorsTitle')}
      detail={
        !selected ? (
          <p className="text-sm text-slate-500">{t('facilities.selectFacility')}</p>
        ) : (
          <>
            <FacilityLinkCard facilityId={selected.id} facilityName={selected.name} />
            <QueryState
              loading={doors.isLoading}
              empty={!doors.data?.length}
              texts={{ loading: t('facilities.doorsLoading'), empty: t('facilities.doorsEmpty') }}
            >
              <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('facilities.doorListLabel')}>
                {(doors.data ?? []).map((d) => (
                  <li key={d.id} className="rounded-lg border border-slate-200 p-3">
                    <div className="flex items-center justify-between">
                      <span className="font-semibold">{t('facilities.door', { number: d.doorNumber })}</span>
                      <Badge tone={DOOR_STATUS_TONE[d.status]}>{t(`facilities.doorStatuses.${d.status}`)}</Badge>
                    </div>
                    <div className="mt-1 text-sm text-slate-600">{t(`facilities.doorTypes.${d.doorType}`)}</div>
                    <div className="text-sm text-slate-600">
                      {t('facilities.doorSize', { height: d.maxVehicleHeight ?? '—', width: d.maxVehicleWidth ?? '—' })}
                    </div>
                  </li>
                ))}
              </ul>
            </QueryState>
          </>
        )
      }
    >
      <Dialog open={dialog === 'facility'} onClose={() => setDialog(null)} title={t('facilities.addFacility')} wide>
        <FacilityForm onDone={() => setDialog(null)} />
      </Dialog>
      {selected && (
        <Dialog
          open={dialog === 'door'}
          onClose={() => setDialog(null)}
          title={t('facilities.addDoorFor', { facility: selected.name })}
        >
          <DockDoorForm facilityId={selected.id} onDone={() => setDialog(null)} />
        </Dialog>
      )}
    </ListDetailPage>
  );
}
