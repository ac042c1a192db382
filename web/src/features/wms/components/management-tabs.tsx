// The Zones, Bins, Products and Inventory tabs: each entity's columns, filters (doc 3 §2) and form
// fields (doc 3 §3, §5); the Facilities tab is in facilities-tab.tsx.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BARCODE_TYPES,
  BIN_STATUSES,
  BIN_TYPES,
  binInputSchema,
  capacityProblem,
  INVENTORY_STATUSES,
  inventoryInputSchema,
  productInputSchema,
  UNITS_OF_MEASURE,
  ZONE_TEMPERATURES,
  ZONE_TYPES,
  zoneInputSchema,
  type Bin,
  type InventoryLine,
  type Product,
  type Zone,
} from '@shared/contracts/wms';
import { Badge } from '../../../components/ui/badge';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useWmsOptions } from '../api/wms';
import { useState } from 'react';
import { MoveRight, Rows3 } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { BinRangeForm } from './bin-range-form';
import { Button } from '../../../components/ui/button';
import type { FormField } from './entity-form';
import { EntityTab } from './entity-tab';
import { MoveDialog } from './move-dialog';

function useChoices() {
  const { t } = useTranslation();
  const options = useWmsOptions().data;
  const values = (list: readonly string[]) =>
    list.map((v) => ({ value: v, label: t(`wms.values.${v}`, { defaultValue: v }) }));
  return {
    t,
    values,
    facilities: (options?.facilities ?? []).map((f) => ({ value: f.id, label: f.name })),
    zones: (options?.zones ?? []).map((z) => ({ value: z.id, label: `${z.name} (${z.facility.name})` })),
    bins: (options?.bins ?? []).map((b) => ({ value: b.id, label: `${b.code} (${b.zone.name})` })),
    products: (options?.products ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` })),
  };
}

const yesNo = (t: (k: string) => string, v: boolean) => (
  <Badge tone={v ? 'green' : 'gray'}>{t(v ? 'wms.values.active' : 'wms.values.inactive')}</Badge>
);

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

const PRODUCT_TEXT = [
  'description',
  'category',
  'brand',
  'barcodeValue',
  'hazmatCode',
  'storageInstructions',
  'pickingInstructions',
] as const;
const PRODUCT_NUMBERS = [
  'weight',
  'length',
  'width',
  'height',
  'shelfLife',
  'reorderPoint',
  'reorderQuantity',
] as const;

export function ProductsTab({ canWrite }: { canWrite: boolean }) {
  const { t, values } = useChoices();
  const blank = Object.fromEntries([...PRODUCT_TEXT, ...PRODUCT_NUMBERS].map((k) => [k, '']));
  return (
    <EntityTab<Product>
      entity="products"
      what="product"
      canWrite={canWrite}
      schema={productInputSchema}
      defaults={{
        sku: '',
        name: '',
        ...blank,
        unitOfMeasure: 'EA',
        barcodeType: '',
        isActive: true,
        isSerialTracked: false,
        isLotTracked: false,
      }}
      toForm={(p) => ({
        ...Object.fromEntries(
          Object.keys(productInputSchema.shape).map((k) => [k, (p as unknown as Record<string, unknown>)[k] ?? '']),
        ),
        revision: p.revision ?? 0,
      })}
      filters={[
        { name: 'category', label: t('wms.field.category'), options: [] },
        {
          name: 'isActive',
          label: t('wms.field.status'),
          options: [
            { value: 'true', label: t('wms.values.active') },
            { value: 'false', label: t('wms.values.inactive') },
          ],
        },
      ]}
      columns={[
        { label: t('wms.field.sku'), cell: (p) => <span className="font-medium">{p.sku}</span> },
        { label: t('wms.field.productName'), cell: (p) => p.name },
        { label: t('wms.field.category'), cell: (p) => p.category ?? '—' },
        { label: t('wms.field.barcode'), cell: (p) => p.barcodeValue ?? '—' },
        { label: t('wms.field.status'), cell: (p) => yesNo(t, p.isActive) },
      ]}
      fields={[
        { name: 'sku', label: t('wms.field.sku'), required: true },
        { name: 'name', label: t('wms.field.productName'), required: true },
        { name: 'category', label: t('wms.field.category') },
        { name: 'brand', label: t('wms.field.brand') },
        { name: 'barcodeType', label: t('wms.field.barcodeType'), kind: 'select', options: values(BARCODE_TYPES) },
        { name: 'barcodeValue', label: t('wms.field.barcode') },
        {
          name: 'unitOfMeasure',
          label: t('wms.field.unit'),
          kind: 'select',
          options: UNITS_OF_MEASURE.map((u) => ({ value: u, label: u })),
          required: true,
        },
        { name: 'weight', label: t('wms.field.weight'), kind: 'number', step: '0.001' },
        { name: 'length', label: t('wms.field.length'), kind: 'number', step: '0.01' },
        { name: 'width', label: t('wms.field.width'), kind: 'number', step: '0.01' },
        { name: 'height', label: t('wms.field.height'), kind: 'number', step: '0.01' },
        { name: 'shelfLife', label: t('wms.field.shelfLife'), kind: 'number' },
        { name: 'reorderPoint', label: t('wms.field.reorderPoint'), kind: 'number' },
        { name: 'reorderQuantity', label: t('wms.field.reorderQuantity'), kind: 'number' },
        { name: 'hazmatCode', label: t('wms.field.hazmat') },
        { name: 'description', label: t('wms.field.description'), wide: true },
        { name: 'storageInstructions', label: t('wms.field.storage'), wide: true },
        { name: 'pickingInstructions', label: t('wms.field.picking'), wide: true },
        { name: 'isActive', label: t('wms.field.active'), kind: 'checkbox' },
        { name: 'isSerialTracked', label: t('wms.field.serialTracked'), kind: 'checkbox' },
        { name: 'isLotTracked', label: t('wms.field.lotTracked'), kind: 'checkbox' },
      ]}
    />
  );
}

/** The capacity rule of doc 3 §5 on the form's values, against the chosen bin as stored now. */
function useCapacityWarning(values: Record<string, unknown>, editing: InventoryLine | null): string | null {
  const binId = typeof values.binId === 'string' ? values.binId : '';
  const bin = useQuery({
    queryKey: ['/api/wms/bins', binId],
    queryFn: () => api.get<Bin>(`/api/wms/bins/${binId}`),
    enabled: !!binId,
  }).data;
  if (!bin || bin.id !== binId) return null;
  return capacityProblem(bin, Number(values.quantity) || 0, editing?.binId === binId ? editing.quantity : 0);
}

export function InventoryTab({ canWrite }: { canWrite: boolean }) {
  const { t, values, facilities, bins, products } = useChoices();
  const { toast } = useToast();
  const [moving, setMoving] = useState<InventoryLine | null>(null);
  const format = useFormat();
  const fields: FormField[] = [
    { name: 'facilityId', label: t('wms.field.facility'), kind: 'select', options: facilities, required: true },
    { name: 'productId', label: t('wms.field.product'), kind: 'select', options: products, required: true },
    { name: 'binId', label: t('wms.field.bin'), kind: 'select', options: bins },
    {
      name: 'status',
      label: t('wms.field.status'),
      kind: 'select',
      options: values(INVENTORY_STATUSES),
      required: true,
    },
    { name: 'quantity', label: t('wms.field.quantity'), kind: 'number' },
    { name: 'reservedQuantity', label: t('wms.field.reserved'), kind: 'number' },
    { name: 'lotNumber', label: t('wms.field.lot') },
    { name: 'serialNumber', label: t('wms.field.serial') },
    { name: 'unitCost', label: t('wms.field.unitCost'), kind: 'number', step: '0.01' },
    { name: 'expiryDate', label: t('wms.field.expiry'), kind: 'date' },
  ];
  return (
    <>
      {moving && <MoveDialog line={moving} onClose={() => setMoving(null)} />}
      <EntityTab<InventoryLine>
        entity="inventory"
        what="inventoryItem"
        canWrite={canWrite}
        schema={inventoryInputSchema}
        defaults={{
          facilityId: '',
          productId: '',
          binId: '',
          lotNumber: '',
          serialNumber: '',
          quantity: 0,
          reservedQuantity: 0,
          unitCost: '',
          expiryDate: '',
          status: 'available',
        }}
        toForm={(l) => ({
          facilityId: l.facilityId,
          productId: l.productId,
          binId: l.binId ?? '',
          lotNumber: l.lotNumber ?? '',
          serialNumber: l.serialNumber ?? '',
          quantity: l.quantity,
          reservedQuantity: l.reservedQuantity,
          unitCost: l.unitCostPaise === null ? '' : (l.unitCostPaise / 100).toFixed(2),
          expiryDate: l.expiryDate ?? '',
          status: l.status,
        })}
        warning={useCapacityWarning}
        onBlocked={() =>
          toast({
            title: t('wms.capacityError.title'),
            description: t('wms.capacityError.text'),
            variant: 'destructive',
          })
        }
        filters={[
          { name: 'facilityId', label: t('wms.field.facility'), options: facilities },
          { name: 'status', label: t('wms.field.status'), options: values(INVENTORY_STATUSES) },
        ]}
        columns={[
          {
            label: t('wms.field.product'),
            cell: (l) => (
              <span className="font-medium">
                {l.productName} <span className="text-xs text-slate-500">{l.productSku}</span>
              </span>
            ),
          },
          { label: t('wms.field.facility'), cell: (l) => l.facilityName },
          { label: t('wms.field.bin'), cell: (l) => l.binCode ?? t('wms.adjustments.unassigned') },
          { label: t('wms.field.lot'), cell: (l) => l.lotNumber ?? '—' },
          { label: t('wms.field.quantity'), cell: (l) => l.quantity },
          { label: t('wms.field.available'), cell: (l) => l.availableQuantity },
          {
            label: t('wms.field.unitCost'),
            cell: (l) => (l.unitCostPaise === null ? '—' : format.rupees(l.unitCostPaise)),
          },
          { label: t('wms.field.status'), cell: (l) => t(`wms.values.${l.status}`) },
        ]}
        fields={fields}
        // Quantity and bin change only through an adjustment or a move, which record why.
        editFields={fields.filter((f) => f.name !== 'quantity' && f.name !== 'binId')}
        editHint={t('wms.move.hint')}
        rowActions={(l) => (
          <Button size="sm" variant="ghost" onClick={() => setMoving(l)}>
            <MoveRight className="h-4 w-4" aria-hidden /> {t('wms.move.action')}
          </Button>
        )}
      />
    </>
  );
}
