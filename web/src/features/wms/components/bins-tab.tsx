// The Bins tab: columns, the zone filter (kept in the URL) and bulk creation from a range (doc 3 §2, §3, §5).
import { BIN_STATUSES, BIN_TYPES, binInputSchema, type Bin } from '@shared/contracts/wms';
import { useState } from 'react';
import { Rows3 } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { BinRangeForm } from './bin-range-form';
import { Button } from '../../../components/ui/button';
import { EntityTab } from './entity-tab';
import { useChoices } from './wms-choices';

export function BinsTab({ canWrite }: { canWrite: boolean }) {
  const { t, values, zones } = useChoices();
  const [params, setParams] = useSearchParams();
  const [bulk, setBulk] = useState(false);
  if (bulk)
    return (
      <BinRangeForm
        zoneId={params.get('zoneId') ?? ''}
        onClose={() => setBulk(false)}
        // The list opens on the zone the range went into.
        onCreated={(result) => (setBulk(false), setParams({ zoneId: result.zoneId }, { replace: true }))}
      />
    );
  return (
    <EntityTab<Bin>
      actions={
        <Button variant="secondary" onClick={() => setBulk(true)}>
          <Rows3 className="h-4 w-4" aria-hidden /> {t('wms.range.open')}
        </Button>
      }
      entity="bins"
      what="bin"
      canWrite={canWrite}
      schema={binInputSchema}
      defaults={{
        zoneId: '',
        binCode: '',
        aisle: '',
        rack: '',
        shelf: '',
        level: '',
        binType: '',
        status: 'available',
        capacity: '',
        isPickable: true,
        isReceivable: true,
      }}
      // The revision the form loaded goes back with the edit: a bin changed since is refused (409).
      toForm={(b) => ({
        revision: b.revision ?? 0,
        zoneId: b.zoneId,
        binCode: b.binCode,
        aisle: b.aisle ?? '',
        rack: b.rack ?? '',
        shelf: b.shelf ?? '',
        level: b.level ?? '',
        binType: b.binType,
        status: b.status,
        capacity: b.capacity ?? '',
        isPickable: b.isPickable,
        isReceivable: b.isReceivable,
      })}
      filters={[
        { name: 'zoneId', label: t('wms.field.zone'), options: zones },
        { name: 'binType', label: t('wms.field.binType'), options: values(BIN_TYPES) },
        { name: 'status', label: t('wms.field.status'), options: values(BIN_STATUSES) },
      ]}
      columns={[
        { label: t('wms.field.binCode'), cell: (b) => <span className="font-medium">{b.binCode}</span> },
        { label: t('wms.field.zone'), cell: (b) => `${b.zoneName} · ${b.facilityName}` },
        { label: t('wms.field.binType'), cell: (b) => t(`wms.values.${b.binType}`) },
        { label: t('wms.field.status'), cell: (b) => t(`wms.values.${b.status}`) },
        { label: t('wms.field.current'), cell: (b) => `${b.currentQuantity}${b.capacity ? ` / ${b.capacity}` : ''}` },
      ]}
      fields={[
        { name: 'zoneId', label: t('wms.field.zone'), kind: 'select', options: zones, required: true },
        { name: 'binCode', label: t('wms.field.binCode'), required: true },
        { name: 'binType', label: t('wms.field.binType'), kind: 'select', options: values(BIN_TYPES), required: true },
        { name: 'status', label: t('wms.field.status'), kind: 'select', options: values(BIN_STATUSES), required: true },
        { name: 'aisle', label: t('wms.field.aisle') },
        { name: 'rack', label: t('wms.field.rack') },
        { name: 'shelf', label: t('wms.field.shelf') },
        { name: 'level', label: t('wms.field.level'), kind: 'number' },
        { name: 'capacity', label: t('wms.field.capacity'), kind: 'number' },
        { name: 'isPickable', label: t('wms.field.pickable'), kind: 'checkbox' },
        { name: 'isReceivable', label: t('wms.field.receivable'), kind: 'checkbox' },
      ]}
    />
  );
}
