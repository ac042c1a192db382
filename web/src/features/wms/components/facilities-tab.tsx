// The Facilities tab (doc 3 §2, §3, §5): the spec's management list of /api/wms/facilities, a view of
// the facilities domain's one facility record. Add, Edit and Delete show for facilities:write (the
// server asks the same); a delete it refuses (doors, stock, appointments) says why in the error toast.
// Each facility's bin code pattern (a warehouse setting) is one click away.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { wmsFacilityFormSchema, type WmsFacility } from '@shared/contracts/wms-facilities';
import { PATHS } from '@shared/navigation';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { BinPatternForm } from './bin-pattern-form';
import { EntityTab } from './entity-tab';

export function FacilitiesTab() {
  const { t } = useTranslation();
  const canWrite = useSession().hasPermission('facilities:write');
  const [patternOf, setPatternOf] = useState<WmsFacility | null>(null);
  if (patternOf) return <BinPatternForm facility={patternOf} onClose={() => setPatternOf(null)} />;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
        <span>{t('wms.facilities.hint')}</span>
        <Link to={PATHS.facilities} className="font-medium text-blue-700 hover:underline">
          {t('wms.facilities.manage')}
        </Link>
      </p>
      <EntityTab<WmsFacility>
        entity="facilities"
        what="facility"
        canWrite={canWrite}
        schema={wmsFacilityFormSchema}
        // doc 3 §5: default hours 08:00 to 18:00.
        defaults={{
          name: '',
          address: '',
          operatingHoursStart: '08:00',
          operatingHoursEnd: '18:00',
          totalDockDoors: 0,
        }}
        toForm={(f) => ({
          name: f.name,
          address: f.address,
          operatingHoursStart: f.operatingHoursStart,
          operatingHoursEnd: f.operatingHoursEnd,
          totalDockDoors: f.totalDockDoors,
        })}
        columns={[
          { label: t('wms.field.name'), cell: (f) => <span className="font-medium">{f.name}</span> },
          { label: t('wms.field.address'), cell: (f) => f.address },
          { label: t('wms.field.hoursStart'), cell: (f) => `${f.operatingHoursStart}–${f.operatingHoursEnd}` },
          { label: t('wms.field.dockDoors'), cell: (f) => f.totalDockDoors },
          {
            label: t('wms.pattern.label'),
            cell: (f) => (
              <Button size="sm" variant="ghost" onClick={() => setPatternOf(f)}>
                {t('wms.pattern.edit')}
              </Button>
            ),
          },
        ]}
        fields={[
          { name: 'name', label: t('wms.field.name'), required: true, wide: true },
          { name: 'address', label: t('wms.field.address'), required: true, wide: true },
          { name: 'operatingHoursStart', label: t('wms.field.hoursStart'), kind: 'time', required: true },
          { name: 'operatingHoursEnd', label: t('wms.field.hoursEnd'), kind: 'time', required: true },
          { name: 'totalDockDoors', label: t('wms.field.dockDoors'), kind: 'number' },
        ]}
      />
    </div>
  );
}
