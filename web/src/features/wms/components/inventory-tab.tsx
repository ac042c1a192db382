// The Inventory tab: stock lines, the capacity warning and moving stock (doc 3 §2, §3, §5).
import { useQuery } from '@tanstack/react-query';
import {
  capacityProblem,
  INVENTORY_STATUSES,
  inventoryInputSchema,
  type Bin,
  type InventoryLine,
} from '@shared/contracts/wms';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useState } from 'react';
import { MoveRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { FormField } from './entity-form';
import { EntityTab } from './entity-tab';
import { MoveDialog } from './move-dialog';
import { useChoices } from './wms-choices';

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
