// The Zones tab: its columns, filters (doc 3 §2) and form fields (doc 3 §3, §5).
import { ZONE_TEMPERATURES, ZONE_TYPES, zoneInputSchema, type Zone } from '@shared/contracts/wms';
import { EntityTab } from './entity-tab';
import { useChoices, yesNo } from './wms-choices';

export function ZonesTab({ canWrite }: { canWrite: boolean }) {
  const { t, values, facilities } = useChoices();
  return (
    <EntityTab<Zone>
      entity="zones"
      what="zone"
      canWrite={canWrite}
      schema={zoneInputSchema}
      defaults={{
        facilityId: '',
        name: '',
        code: '',
        zoneType: '',
        temperature: 'ambient',
        isActive: true,
        maxCapacity: '',
        description: '',
      }}
      toForm={(z) => ({
        facilityId: z.facilityId,
        name: z.name,
        code: z.code,
        zoneType: z.zoneType,
        temperature: z.temperature,
        isActive: z.isActive,
        maxCapacity: z.maxCapacity ?? '',
        description: z.description ?? '',
      })}
      filters={[
        { name: 'facilityId', label: t('wms.field.facility'), options: facilities },
        { name: 'zoneType', label: t('wms.field.zoneType'), options: values(ZONE_TYPES) },
      ]}
      columns={[
        { label: t('wms.field.code'), cell: (z) => <span className="font-medium">{z.code}</span> },
        { label: t('wms.field.name'), cell: (z) => z.name },
        { label: t('wms.field.facility'), cell: (z) => z.facilityName },
        { label: t('wms.field.zoneType'), cell: (z) => t(`wms.values.${z.zoneType}`) },
        {
          label: t('wms.field.utilization'),
          cell: (z) => `${z.currentUtilization}${z.maxCapacity ? ` / ${z.maxCapacity}` : ''}`,
        },
        { label: t('wms.field.status'), cell: (z) => yesNo(t, z.isActive) },
      ]}
      fields={[
        { name: 'facilityId', label: t('wms.field.facility'), kind: 'select', options: facilities, required: true },
        {
          name: 'zoneType',
          label: t('wms.field.zoneType'),
          kind: 'select',
          options: values(ZONE_TYPES),
          required: true,
        },
        { name: 'name', label: t('wms.field.name'), required: true },
        { name: 'code', label: t('wms.field.code'), required: true },
        {
          name: 'temperature',
          label: t('wms.field.temperature'),
          kind: 'select',
          options: values(ZONE_TEMPERATURES),
          required: true,
        },
        { name: 'maxCapacity', label: t('wms.field.maxCapacity'), kind: 'number' },
        { name: 'description', label: t('wms.field.description'), wide: true },
        { name: 'isActive', label: t('wms.field.active'), kind: 'checkbox' },
      ]}
    />
  );
}
