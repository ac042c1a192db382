// The Products tab: columns and form fields, barcodes included (doc 3 §2, §3, §5).
import { BARCODE_TYPES, productInputSchema, UNITS_OF_MEASURE, type Product } from '@shared/contracts/wms';
import { EntityTab } from './entity-tab';
import { useChoices, yesNo } from './wms-choices';

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
